import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.js';
import { trafficState } from './schema.js';

export interface TrafficSettings {
  /** days of raw records kept (whole day partitions are dropped after); rollups are kept */
  retentionDays: number;
  /** days of partitions made ahead of today */
  aheadDays: number;
}
export const DEFAULT_SETTINGS: TrafficSettings = { retentionDays: 120, aheadDays: 3 };

export async function readState<T>(db: DbOrTx, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(trafficState).where(eq(trafficState.key, key));
  return row?.value as T | undefined;
}
export async function writeState(db: DbOrTx, key: string, value: unknown) {
  await db
    .insert(trafficState)
    .values({ key, value })
    .onConflictDoUpdate({ target: trafficState.key, set: { value, updatedAt: sql`now()` } });
}

export async function readSettings(db: DbOrTx): Promise<TrafficSettings> {
  return { ...DEFAULT_SETTINGS, ...(await readState<Partial<TrafficSettings>>(db, 'settings')) };
}
