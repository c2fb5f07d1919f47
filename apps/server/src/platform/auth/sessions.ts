import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { authSessions } from './schema.js';

/** Is a session still live? Cached briefly; revocation events drop entries in every process. */
export function sessionCache(db: Db, ttlMs = 30_000) {
  const entries = new Map<string, { at: number; live: Promise<boolean> }>();
  return {
    isLive(sessionId: string): Promise<boolean> {
      const hit = entries.get(sessionId);
      if (hit && Date.now() - hit.at < ttlMs) return hit.live;
      const live = db
        .select({ revokedAt: authSessions.revokedAt })
        .from(authSessions)
        .where(eq(authSessions.id, sessionId))
        .then(([row]) => !!row && row.revokedAt === null);
      entries.set(sessionId, { at: Date.now(), live });
      live.catch(() => entries.delete(sessionId));
      if (entries.size > 50_000) entries.delete(entries.keys().next().value as string);
      return live;
    },
    drop(sessionId: string) {
      entries.delete(sessionId);
    },
    /** forget everything (the event bus may have missed revocations while reconnecting) */
    clear() {
      entries.clear();
    },
  };
}
export type SessionCache = ReturnType<typeof sessionCache>;
