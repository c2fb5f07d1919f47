import { modules } from '../modules/index.js';
import type { Db } from '../platform/db/index.js';
import { seedDicts } from '../platform/dict/service.js';
import { type SeedLog, type SeedScale, seedContext } from '../platform/seed/context.js';
import { seedDemo } from './demo.js';

/**
 * All demo data at a scale, deterministic from the seed number: the platform's (departments,
 * staff, roles, menus, dictionaries), then each room's from its own random stream. Idempotent.
 */
export async function seedAll(db: Db, log: SeedLog, opts: { scale?: SeedScale; seed?: number } = {}): Promise<void> {
  const ctx = seedContext(db, log, opts);
  await seedDemo(ctx.part('platform'));
  await seedDicts(db);
  for (const m of modules) await m.seed?.(ctx.part(m.name));
}
