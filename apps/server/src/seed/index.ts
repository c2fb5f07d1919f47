import type { FastifyBaseLogger } from 'fastify';
import { modules } from '../modules/index.js';
import type { Db } from '../platform/db/index.js';
import { seedDicts } from '../platform/dict/service.js';
import { seedDemo } from './demo.js';

/** All demo data: the platform's (departments, staff, roles, menus), then each room's. Idempotent. */
export async function seedAll(db: Db, log: FastifyBaseLogger): Promise<void> {
  await seedDemo(db, log);
  await seedDicts(db);
  for (const m of modules) await m.seed?.(db, log);
}
