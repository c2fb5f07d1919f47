import { SecretBox } from '../../platform/auth/secret-box.js';
import { filesOf } from '../../platform/files/service.js';
import type { Platform } from '../../platform/platform.js';
import { imapConnector } from './connectors/imap.js';
import { LocalMailServer, localConnector } from './connectors/local.js';
import { MailService } from './service.js';
import { syncStateStore } from './sync-state.js';

/** The name of the mailbox passwords' key in the platform's secrets table (when MAIL_SECRET_KEY is not set). */
export const MAIL_SECRET_KEY = 'mail.password-key';

export interface MailRoom {
  service: MailService;
  local: LocalMailServer;
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
      return { service, local };
    })();
    rooms.set(p, room);
  }
  return room;
}
