import type { Tx } from '../../platform/db/index.js';
import type { Platform } from '../../platform/platform.js';
import type { Outbox } from './engine-core.js';
import { deliver } from './notifications.js';

/** One engine command: one transaction; its notifications go out after the commit. */
export async function runCommand<T>(p: Platform, fn: (tx: Tx, out: Outbox) => Promise<T>): Promise<T> {
  const out: Outbox = [];
  const result = await p.db.transaction((tx) => fn(tx, out));
  await deliver(p, out);
  return result;
}
