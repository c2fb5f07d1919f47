import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { mailMessages, mailSyncState } from './schema.js';

export interface FolderState {
  uidValidity: number;
  lastUid: number;
  /** HIGHESTMODSEQ at the last sync, null until a CONDSTORE server told one */
  highestModseq: number | null;
}

/** A message's flags as the server has them now. */
export interface RemoteFlags {
  uid: number;
  seen: boolean;
  flagged: boolean;
}

/** Where incremental IMAP sync stands per mailbox and folder, and the store rows that mirror it. */
export function syncStateStore(db: Db) {
  const at = (accountId: number, path: string) =>
    and(eq(mailSyncState.accountId, accountId), eq(mailSyncState.path, path));
  const mirrored = (accountId: number, path: string, uidValidity: number) =>
    and(
      eq(mailMessages.accountId, accountId),
      eq(mailMessages.remotePath, path),
      eq(mailMessages.uidValidity, uidValidity),
      isNotNull(mailMessages.uid),
    );
  return {
    async get(accountId: number, path: string): Promise<FolderState | null> {
      const [r] = await db.select().from(mailSyncState).where(at(accountId, path));
      return r ? { uidValidity: r.uidValidity, lastUid: r.lastUid, highestModseq: r.highestModseq } : null;
    },
    async set(accountId: number, path: string, uidValidity: number, lastUid: number, highestModseq?: number | null) {
      const modseq = highestModseq ?? null;
      await db
        .insert(mailSyncState)
        .values({ accountId, path, uidValidity, lastUid, highestModseq: modseq })
        .onConflictDoUpdate({
          target: [mailSyncState.accountId, mailSyncState.path],
          set: {
            uidValidity,
            lastUid: sql`greatest(${mailSyncState.lastUid}, ${lastUid})`,
            ...(modseq != null ? { highestModseq: sql`greatest(${mailSyncState.highestModseq}, ${modseq})` } : {}),
          },
        });
    },
    async reset(accountId: number, path: string, uidValidity: number) {
      await db.transaction(async (tx) => {
        await tx
          .delete(mailMessages)
          .where(and(eq(mailMessages.accountId, accountId), eq(mailMessages.remotePath, path)));
        await tx.update(mailSyncState).set({ uidValidity, lastUid: 0, highestModseq: null }).where(at(accountId, path));
      });
    },
    /** Flags changed on the server (another client) written into the store; answers how many rows changed. */
    async applyFlags(accountId: number, path: string, uidValidity: number, changes: RemoteFlags[]): Promise<number> {
      let n = 0;
      for (const c of changes) {
        const r = await db
          .update(mailMessages)
          .set({ seen: c.seen, flagged: c.flagged })
          .where(
            and(
              mirrored(accountId, path, uidValidity),
              eq(mailMessages.uid, c.uid),
              sql`(${mailMessages.seen}, ${mailMessages.flagged}) is distinct from (${c.seen}, ${c.flagged})`,
            ),
          )
          .returning({ id: mailMessages.id });
        n += r.length;
      }
      return n;
    },
    /** How many store rows mirror this folder (to notice expunges without listing every UID). */
    async mirroredCount(accountId: number, path: string, uidValidity: number): Promise<number> {
      const [r] = await db
        .select({ n: count() })
        .from(mailMessages)
        .where(mirrored(accountId, path, uidValidity));
      return r?.n ?? 0;
    },
    /**
     * Drops the store rows of mail no longer on the server (deleted or moved away by another client).
     * Only rows still filed in the folder the path mirrors: a row whose folder differs is being moved
     * by the portal right now (store first, then server) and gets its new place when the move answers.
     */
    async dropMissing(
      accountId: number,
      path: string,
      uidValidity: number,
      folder: 'inbox' | 'junk',
      onServer: number[],
    ): Promise<number> {
      const server = new Set(onServer);
      const rows = await db
        .select({ id: mailMessages.id, uid: mailMessages.uid })
        .from(mailMessages)
        .where(and(mirrored(accountId, path, uidValidity), eq(mailMessages.folder, folder)));
      const gone = rows.filter((r) => !server.has(r.uid!));
      if (gone.length === 0) return 0;
      const ids = gone.map((g) => g.id);
      for (let i = 0; i < ids.length; i += 1000)
        await db.delete(mailMessages).where(inArray(mailMessages.id, ids.slice(i, i + 1000)));
      return ids.length;
    },
  };
}

export type SyncStateStore = ReturnType<typeof syncStateStore>;
