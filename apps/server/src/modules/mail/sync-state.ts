import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { mailMessages, mailSyncState } from './schema.js';

/** Where incremental IMAP sync stands per mailbox and folder. */
export function syncStateStore(db: Db) {
  const at = (accountId: number, path: string) =>
    and(eq(mailSyncState.accountId, accountId), eq(mailSyncState.path, path));
  return {
    async get(accountId: number, path: string) {
      const [r] = await db.select().from(mailSyncState).where(at(accountId, path));
      return r ? { uidValidity: r.uidValidity, lastUid: r.lastUid } : null;
    },
    async set(accountId: number, path: string, uidValidity: number, lastUid: number) {
      await db
        .insert(mailSyncState)
        .values({ accountId, path, uidValidity, lastUid })
        .onConflictDoUpdate({
          target: [mailSyncState.accountId, mailSyncState.path],
          set: { uidValidity, lastUid: sql`greatest(${mailSyncState.lastUid}, ${lastUid})` },
        });
    },
    async reset(accountId: number, path: string, uidValidity: number) {
      await db.transaction(async (tx) => {
        await tx
          .delete(mailMessages)
          .where(and(eq(mailMessages.accountId, accountId), eq(mailMessages.remotePath, path)));
        await tx.update(mailSyncState).set({ uidValidity, lastUid: 0 }).where(at(accountId, path));
      });
    },
  };
}
