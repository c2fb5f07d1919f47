import { randomBytes } from 'node:crypto';
import QueryStream from 'pg-query-stream';
import type { Database } from '../db/index.js';
import type { SqlQuery } from './source.js';

export const BATCH_ROWS = 2000;

/**
 * Rows of a query, streamed: never the whole result in memory.
 * - PostgreSQL: a cursor on a dedicated pooled connection (pg-query-stream), BATCH_ROWS at a time.
 * - PGlite (one connection shared by every request): a `WITH HOLD` cursor declared in a short
 *   transaction, then fetched batch by batch outside any transaction, so other queries run between
 *   the batches instead of waiting behind an open transaction (docs/decisions/0010-files-storage.md).
 */
export async function* streamRows(database: Database, query: SqlQuery, batch = BATCH_ROWS): AsyncGenerator<unknown[]> {
  if (database.kind === 'postgres') {
    const client = await database.pool.connect();
    let failed = false;
    try {
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
      client.release(failed);
    }
    return;
  }
  const pglite = database.client;
  const cursor = `export_${randomBytes(6).toString('hex')}`;
  await pglite.transaction(async (tx) => {
    await tx.query(`declare ${cursor} no scroll cursor with hold for ${query.sql}`, query.params as unknown[]);
  });
  try {
    for (;;) {
      const res = await pglite.query<unknown[]>(`fetch forward ${batch} from ${cursor}`, [], { rowMode: 'array' });
      for (const row of res.rows) yield row;
      if (res.rows.length < batch) break;
    }
  } finally {
    await pglite.query(`close ${cursor}`).catch(() => {});
  }
}
