import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, rowsOf } from './index.js';

const NEEDS_ESCAPE = /["\\]/;
const quoted = (s: string) => `"${NEEDS_ESCAPE.test(s) ? s.replace(/["\\]/g, '\\$&') : s}"`;

/**
 * A column's values as one PostgreSQL array literal `{"a",2,NULL}`: null and undefined are NULL,
 * numbers and booleans bare, a date its ISO time, text quoted with `"` and `\` escaped (a quoted
 * element is read the same by any element type), an object its JSON, quoted. One string built in
 * a loop: a string per value joined cost half again as much (decision 0163).
 */
function arrayOf(values: unknown[]): string {
  let out = '{';
  // a column of times often repeats one (a batch's arrival time): each distinct run is formatted once
  let lastMs = Number.NaN;
  let lastIso = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'number' || typeof v === 'boolean') out += v;
    else if (typeof v === 'string') out += quoted(v);
    else if (v instanceof Date) {
      const ms = v.getTime();
      if (ms !== lastMs) {
        lastIso = v.toISOString();
        lastMs = ms;
      }
      out += lastIso;
    } else out += quoted(JSON.stringify(v));
  }
  return `${out}}`;
}

/** serial types are integers once stored: an array of them is an array of the integer */
const arrayType = (sqlType: string) =>
  ({ serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' })[sqlType] ?? sqlType;

/**
 * Rows as a relation to select from: `unnest($1::type[], $2::type[], …) as alias(columns)`, one
 * array parameter per column. PostgreSQL reads a column's array several times faster than it reads
 * the same rows as a JSON document (`json_to_recordset` builds a hash of every object's keys: 93
 * against 43 ms for 5,000 records of 31 columns, decision 0163), and one parameter per column keeps
 * a statement's parameters few (PGlite's WebAssembly stack aborted on a 1,000-pair row-IN list,
 * decision 0057). For inserts: the planner counts an array's rows exactly, and a join of a few
 * thousand of them to a big table may be planned as a hash of the whole table (traffic's joins keep
 * a JSON relation for that).
 */
function rowsRelation(alias: string, columns: { name: string; type: string; values: unknown[] }[]): SQL {
  const arrays = sql.join(
    columns.map((c) => sql`${arrayOf(c.values)}::${sql.raw(arrayType(c.type))}[]`),
    sql`, `,
  );
  return sql`unnest(${arrays}) as ${sql.raw(alias)}(${sql.raw(columns.map((c) => `"${c.name}"`).join(', '))})`;
}

/**
 * Many rows into one table in one statement: each column's values as one array parameter
 * (`rowsRelation`). The query builder's multi-row insert makes a parameter (and its type checks) per
 * value, 28 columns × 500 rows a statement, and that cost more CPU than PostgreSQL's insert did
 * (traffic ingestion, decision 0057). The columns are the keys of the first row (all rows give the
 * same keys; a key left out takes the column's default, a key given as null or undefined is null;
 * keys that are no column are ignored). `tail` follows the select, e.g. `on conflict do nothing
 * returning …`; the answer is its raw rows (column names as in SQL).
 */
export async function insertBulk<T extends PgTable, R = Record<string, unknown>>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
  tail?: SQL,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const all = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const keys = Object.keys(rows[0] as object).filter((k) => all[k]);
  const names = sql.raw(keys.map((k) => `"${all[k]!.name}"`).join(', '));
  const relation = rowsRelation(
    'r',
    keys.map((k) => ({
      name: all[k]!.name,
      type: all[k]!.getSQLType(),
      values: rows.map((row) => (row as Record<string, unknown>)[k]),
    })),
  );
  return rowsOf<R>(
    await db.execute(
      sql`insert into ${sql.identifier(getTableName(table))} (${names}) select ${names} from ${relation} ${tail ?? sql``}`,
    ),
  );
}
