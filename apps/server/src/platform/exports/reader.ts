import { randomBytes } from 'node:crypto';
import { types } from '@electric-sql/pglite';
import QueryStream from 'pg-query-stream';
import type { Database } from '../db/index.js';
import { parseCopyText } from './copy-text.js';
import type { SqlQuery } from './source.js';

/** Rows per cursor batch on PostgreSQL. */
export const BATCH_ROWS = 2000;
/** Rows per COPY on PGlite (≈ 2 MB of text for ten short columns). */
export const COPY_BATCH_ROWS = 20_000;

/**
 * Rows of a query, streamed: never the whole result in memory.
 * - PostgreSQL: a cursor on a dedicated pooled connection (pg-query-stream), BATCH_ROWS at a time.
 * - PGlite: see pgliteRows.
 */
export function streamRows(
  database: Database,
  query: SqlQuery,
  batch = database.kind === 'postgres' ? BATCH_ROWS : COPY_BATCH_ROWS,
): AsyncGenerator<unknown[]> {
  return database.kind === 'postgres'
    ? postgresRows(database.pool, query, batch)
    : pgliteRows(database.client, query, batch);
}

async function* postgresRows(
  pool: Extract<Database, { kind: 'postgres' }>['pool'],
  query: SqlQuery,
  batch: number,
): AsyncGenerator<unknown[]> {
  const client = await pool.connect();
  let failed = false;
  try {
    // the pool's statement_timeout (DB_STATEMENT_TIMEOUT_MS) guards requests; a cursor's statement lasts
    // as long as the file takes to write (200,000 SMS records: over 15 s under load, decision 0105), and
    // the export task has its own heartbeat: none on this connection while it reads, back after
    await client.query('set statement_timeout = 0');
    const stream = client.query(new QueryStream(query.sql, query.params, { batchSize: batch, rowMode: 'array' }));
    try {
      for await (const row of stream) yield row as unknown[];
    } finally {
      stream.destroy();
    }
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    if (!failed) await client.query('reset statement_timeout').catch(() => (failed = true));
    client.release(failed);
  }
}

/**
 * PGlite has one connection shared by every request, and each statement costs a round trip through
 * its WebAssembly engine, so fetching a cursor row batch by row batch reads ~30,000 rows/s. Instead
 * the result is numbered into a temporary table in one statement (a consistent snapshot, like a
 * WITH HOLD cursor, with no transaction left open between batches), then read a batch at a
 * time with `COPY … TO '/dev/blob'` in PostgreSQL's text format, ~20x faster; each value is parsed
 * by the type parser of its column, exactly as a query would (docs/decisions/0014-export-writer.md).
 */
async function* pgliteRows(
  pglite: Extract<Database, { kind: 'pglite' }>['client'],
  query: SqlQuery,
  batch: number,
): AsyncGenerator<unknown[]> {
  const params = query.params as unknown[];
  const probe = await pglite.query(`select * from (${query.sql}) as q limit 0`, params);
  const oids = probe.fields.map((f) => f.dataTypeID);
  const cols = oids.map((_, i) => `c${i + 1}`);
  const table = `export_rows_${randomBytes(6).toString('hex')}`;
  await pglite.query(
    `create temp table ${table} as select row_number() over () as n, q.* from (${query.sql}) as q(${cols.join(', ')})`,
    params,
  );
  try {
    // a small sort memory: PGlite's WebAssembly memory grows to the largest it was ever asked for
    await pglite.exec(`set maintenance_work_mem = '8MB'; create index on ${table} (n); reset maintenance_work_mem`);
    for (let from = 0; ; from += batch) {
      const res = await pglite.query(
        `copy (select ${cols.join(', ')} from ${table} where n > ${from} and n <= ${from + batch} order by n) to '/dev/blob'`,
      );
      const text = res.blob ? await res.blob.text() : '';
      let rows = 0;
      for (const cells of parseCopyText(text)) {
        rows++;
        yield cells.map((v, i) => (v === null ? null : types.parseType(v, oids[i]!, pglite.parsers)));
      }
      if (rows < batch) break;
    }
  } finally {
    await pglite.exec(`drop table if exists ${table}`).catch(() => {});
  }
}
