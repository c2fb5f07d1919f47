import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../../platform/db/index.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { sqlstateOf } from '../../../platform/http/envelope.js';
import { AppError } from '../../../platform/http/errors.js';

/** Published with the area that changed (`rates`, `operators`…): each process drops that cache. */
export const REF_CHANGED = 'ref.changed';
export type RefArea = 'countries' | 'operators' | 'currencies' | 'rates' | 'entities' | 'platform';

export const changed = (bus: EventBus, area: RefArea) => bus.publish(REF_CHANGED, area);

/** Runs a write; a unique violation becomes DUPLICATE naming the value the caller sent. */
export async function unique<T>(value: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (sqlstateOf(err) === '23505') throw new AppError('DUPLICATE', { vars: { value } });
    throw err;
  }
}

/**
 * Optimistic update: the row changes only when its version is the one the caller read, and the
 * version moves on. A missing row answers NOT_FOUND, a changed one CONFLICT.
 */
export async function updateVersioned<T extends PgTable & { version: PgColumn; updatedAt: PgColumn }>(
  tx: DbOrTx,
  table: T,
  key: PgColumn,
  id: string | number,
  version: number,
  set: Record<string, unknown>,
): Promise<void> {
  const done = await tx
    .update(table)
    .set({ ...set, version: sql`${table.version} + 1`, updatedAt: new Date() } as never)
    .where(and(eq(key, id), eq(table.version, version)))
    .returning({ key });
  if (done.length) return;
  const [exists] = await tx
    .select({ n: count() })
    .from(table as PgTable)
    .where(eq(key, id));
  throw new AppError(exists?.n ? 'CONFLICT' : 'NOT_FOUND');
}

/** One page of a select: the rows of `page` and the total matching `where`. */
export async function pageOf<R>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  q: { page: number; size: number },
  rows: (limit: number, offset: number) => Promise<R[]>,
) {
  const [counted] = await db.select({ total: count() }).from(table).where(where);
  const records = await rows(q.size, (q.page - 1) * q.size);
  return { records, total: counted?.total ?? 0, page: q.page, size: q.size };
}

export const iso = (d: Date) => d.toISOString();
