import { count, getTableName, type SQL, sql } from 'drizzle-orm';
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

/**
 * The planner's row estimate of a whole table (`pg_class.reltuples`, kept by ANALYZE and
 * autovacuum; -1 or 0 before the first), as a select expression: a page of an unfiltered list
 * reads it in the same statement instead of counting `cap` rows (decision 0047).
 */
export const tableEstimate = (table: PgTable): SQL<number> =>
  sql<number>`(select greatest(reltuples, 0)::float8 from pg_class where oid = to_regclass(${`"${getTableName(table)}"`}))`;

/**
 * Whether an estimate settles "at least `cap` rows": only far above the cap (autovacuum
 * re-analyzes after a tenth of the rows changed, so twice the cap leaves room for a stale
 * estimate); nearer, the caller counts.
 */
export const estimateCaps = (estimate: unknown, cap: number) => Number(estimate ?? 0) >= 2 * cap;
