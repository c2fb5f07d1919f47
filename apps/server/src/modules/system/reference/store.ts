import { and, count, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../platform/db/index.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { AppError } from '../../../platform/http/errors.js';

/** Published with the area that changed (`rates`, `operators`…): each process drops that cache. */
export const REF_CHANGED = 'ref.changed';
export type RefArea = 'countries' | 'operators' | 'currencies' | 'rates' | 'entities' | 'platform';

export const changed = (bus: EventBus, area: RefArea) => bus.publish(REF_CHANGED, area);

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

export const iso = (d: Date) => d.toISOString();
