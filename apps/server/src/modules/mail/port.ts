import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import type { Platform } from '../../platform/platform.js';
import type { MailPort } from '../../platform/ports.js';
import { mailRoomOf } from './room.js';
import { mailAccounts } from './schema.js';

const refColumns = {
  id: mailAccounts.id,
  userId: mailAccounts.userId,
  email: mailAccounts.email,
  displayName: mailAccounts.displayName,
};

/** the platform a database belongs to, known once the module registered on it (ports get a db alone) */
const platforms = new WeakMap<Db, Platform>();

export function bindMailPort(p: Platform) {
  platforms.set(p.db, p);
}

/** The `mail` port: another room's mail goes through the same send as a written one (sent folder, log, counterparts). */
export function mailPort(db: Db): MailPort {
  const room = () => {
    const p = platforms.get(db);
    if (!p) throw new Error('the mail room is not registered on this database');
    return mailRoomOf(p);
  };
  return {
    async send(userId, mail) {
      const { service } = await room();
      return service.send(userId, {
        receiverEmailList: mail.to,
        ccEmailList: mail.cc ?? [],
        bccEmailList: [],
        subject: mail.subject,
        content: mail.html,
        fileIds: mail.fileIds,
        accountId: mail.accountId,
      });
    },
    async mailbox(id) {
      const [a] = await db.select(refColumns).from(mailAccounts).where(eq(mailAccounts.id, id));
      return a ?? null;
    },
    async mailboxes(limit) {
      return db.select(refColumns).from(mailAccounts).orderBy(asc(mailAccounts.email)).limit(limit);
    },
    async attachment(userId, mailId, exts) {
      const { service } = await room();
      return service.ownAttachment(userId, mailId, exts);
    },
    async attachmentMails(userId, exts, limit) {
      const { service } = await room();
      return service.ownAttachmentMails(userId, exts, limit);
    },
  };
}
