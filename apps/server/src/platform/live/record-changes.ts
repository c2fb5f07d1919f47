import { RECORD_CHANGED_EVENT, type RecordChangedEvent } from '@portal/contracts';
import type { AccessCache } from '../access/service.js';
import type { Db } from '../db/index.js';
import type { EventBus } from '../events/bus.js';
import type { LiveHub } from './hub.js';

/** Bus topic of a changed record; the payload is `<resourceKey>:<id>` (ids only: NOTIFY payload limit). */
export const RECORD_CHANGED = RECORD_CHANGED_EVENT;

/**
 * Who may hear of a resource's changes: holders of its list permission (null: every signed-in
 * user), narrowed to the users an `audience` names when the records are personal (own downloads,
 * one's approvals). The client refetches through the API, which applies data scope as always.
 */
interface LiveResource {
  listPerm: string | null;
  audience?: Audience;
}

/** The users a personal record concerns (its owner, the people working on it). */
export type Audience = (db: Db, id: string) => Promise<readonly number[]>;

const declared = new Map<string, LiveResource>();

/** Declares a resource whose changes reach open lists; a later declaration of the same key replaces it. */
export function declareLiveResource(resourceKey: string, listPerm: string | null, audience?: Audience): void {
  if (!resourceKey || resourceKey.includes(':')) throw new Error(`invalid live resource key ${resourceKey}`);
  declared.set(resourceKey, { listPerm, ...(audience ? { audience } : {}) });
}

/** Announces that a record of a resource was created, changed or removed (after its transaction committed). */
export function publishRecordChanged(bus: EventBus, resourceKey: string, id: string | number): Promise<void> {
  return bus.publish(RECORD_CHANGED, `${resourceKey}:${id}`);
}

/**
 * Forwards every record change to the users connected to this process who may list the resource.
 * Returns the unsubscribe function.
 */
export function forwardRecordChanges(
  p: { bus: EventBus; db: Db; access: AccessCache; log: { warn: (o: object, m: string) => void } },
  hub: LiveHub,
): () => void {
  const { bus, log } = p;
  return bus.subscribe(RECORD_CHANGED, (payload) => {
    const cut = payload.indexOf(':');
    const resource = payload.slice(0, cut);
    const id = payload.slice(cut + 1);
    const decl = cut > 0 ? declared.get(resource) : undefined;
    if (!decl) {
      log.warn({ payload }, 'record change of an undeclared live resource; not forwarded');
      return;
    }
    const connected = hub.userIds();
    if (connected.length === 0) return;
    deliver(p, decl, connected, id)
      .then((userIds) => {
        const event: RecordChangedEvent = { event: 'record.changed', resource, id };
        for (const userId of userIds) hub.sendToUser(userId, RECORD_CHANGED, event);
      })
      .catch((err) => log.warn({ err, payload }, 'record change not forwarded'));
  });
}

async function deliver(
  p: { db: Db; access: AccessCache },
  decl: LiveResource,
  connected: number[],
  id: string,
): Promise<number[]> {
  let users = connected;
  if (decl.audience) {
    const audience = new Set(await decl.audience(p.db, id));
    users = users.filter((u) => audience.has(u));
  }
  const perm = decl.listPerm;
  if (perm === null) return users;
  const held = await Promise.all(
    users.map(async (u) => {
      const a = await p.access.get(u);
      return a?.status === 'active' && a.perms.has(perm);
    }),
  );
  return users.filter((_, i) => held[i]);
}
