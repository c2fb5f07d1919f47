import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, rowsOf } from './index.js';

/**
 * Many rows into one table in one statement with one parameter: the rows as JSON, read back by
 * `json_to_recordset` with the table's own column types. The query builder's multi-row insert
 * makes a parameter (and its type checks) per value, 28 columns × 500 rows a statement, and that
 * cost more CPU than PostgreSQL's insert did (traffic ingestion, decision 0057). The columns are
 * the keys of the first row (all rows give the same keys; a key left out takes the column's
 * default, a key given as null or undefined is null). `tail` follows the select, e.g.
 * `on conflict do nothing returning …`; the answer is its raw rows (column names as in SQL).
 */
export async function insertJson<T extends PgTable, R = Record<string, unknown>>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
  tail?: SQL,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const all = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const keys = Object.keys(rows[0] as object).filter((k) => all[k]);
  const cols = keys.map((k) => all[k]!);
  const json = JSON.stringify(
    rows.map((r) => {
      const o: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) o[cols[i]!.name] = (r as Record<string, unknown>)[keys[i]!] ?? null;
      return o;
    }),
  );
  const names = sql.raw(cols.map((c) => `"${c.name}"`).join(', '));
  const types = sql.raw(cols.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  return rowsOf<R>(
    await db.execute(
      sql`insert into ${sql.identifier(getTableName(table))} (${names})
        select ${names} from json_to_recordset(${json}::json) as r(${types}) ${tail ?? sql``}`,
    ),
  );
}
