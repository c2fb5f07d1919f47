import { and, eq } from 'drizzle-orm';
import { SecretBox } from '../../platform/auth/secret-box.js';
import { filesOf } from '../../platform/files/service.js';
import type { Platform } from '../../platform/platform.js';
import { imapConnector } from './connectors/imap.js';
import { LocalMailServer, localConnector } from './connectors/local.js';
import { mailAccounts } from './schema.js';
import { MailService } from './service.js';
import { syncStateStore } from './sync-state.js';
import { MailWatcher } from './watcher.js';

/** The name of the mailbox passwords' key in the platform's secrets table (when MAIL_SECRET_KEY is not set). */
export const MAIL_SECRET_KEY = 'mail.password-key';

export interface MailRoom {
  service: MailService;
  local: LocalMailServer;
  /** IDLE on the watched imap mailboxes (started by register, closed with the app) */
  watcher: MailWatcher;
}

const rooms = new WeakMap<Platform, Promise<MailRoom>>();

/** The mail room of a platform: one service, one built-in server (created once, started by register). */
export function mailRoomOf(p: Platform): Promise<MailRoom> {
  let room = rooms.get(p);
  if (!room) {
    room = (async () => {
      const [secrets, files] = await Promise.all([
        SecretBox.of(p.db, MAIL_SECRET_KEY, p.config.mail.secretKey),
        filesOf(p),
      ]);
      let service: MailService | undefined;
      const local = new LocalMailServer((raw, rcpts) => service!.deliverLocal(raw, rcpts), p.log);
      service = new MailService(p, secrets, files, {
        imap: imapConnector(syncStateStore(p.db)),
        local: localConnector(local),
      });
      const svc = service;
      const watcher = new MailWatcher(
        async () => {
          const rows = await p.db
            .select()
            .from(mailAccounts)
            .where(and(eq(mailAccounts.connector, 'imap'), eq(mailAccounts.sseStatus, 1)));
          return rows.map((r) => svc.open(r));
        },
        async (id) => {
          const [row] = await p.db.select().from(mailAccounts).where(eq(mailAccounts.id, id));
          if (row) await svc.sync(row);
        },
        p.log,
      );
      svc.onBoxesChanged = () =>
        void watcher.refresh().catch((err) => p.log.warn({ err }, 'mail watch refresh failed'));
      return { service: svc, local, watcher };
    })();
    rooms.set(p, room);
  }
  return room;
}
