import type { Tx } from '../../platform/db/index.js';
import { publishRecordChanged } from '../../platform/live/record-changes.js';
import type { Platform } from '../../platform/platform.js';
import { instancesLockedIn, type Outbox } from './engine-core.js';
import { INSTANCES_RESOURCE } from './live.js';
import { deliver } from './notifications.js';

/**
 * One engine command: one transaction; after the commit the businesses' after-commit work runs, its
 * notifications go out and every instance it locked is announced to the open approval lists.
 */
export async function runCommand<T>(p: Platform, fn: (tx: Tx, out: Outbox) => Promise<T>): Promise<T> {
  const after: (() => unknown)[] = [];
  const out: Outbox = Object.assign([], { now: p.clock.now(), after });
  let changed: number[] = [];
  const result = await p.db.transaction(async (tx) => {
    const r = await fn(tx, out);
    changed = instancesLockedIn(tx);
    return r;
  });
  await Promise.all(changed.map((id) => publishRecordChanged(p.bus, INSTANCES_RESOURCE, id)));
  for (const fn of after) {
    try {
      await fn();
    } catch (err) {
      p.log.error({ err }, 'approval: after-commit work failed');
    }
  }
  await deliver(p, out);
  return result;
}
