import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './index.js';

/**
 * Counts the rows of `table` matching `where`, but reads at most `cap + 1` of them
 * (`select count(*) from (select 1 ... limit cap + 1)`): a list of 800,000 rows costs no more than
 * one of `cap`. Beyond the cap the answer is `{ total: cap, capped: true }`, "at least cap rows",
 * which a page answer passes on as `totalCapped` (packages/contracts/src/paging.ts).
 */
export async function cappedCount(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  const rows = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('capped_rows');
  const [row] = await db.select({ n: count() }).from(rows);
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}
