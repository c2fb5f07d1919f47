import { ImapFlow, type ListResponse } from 'imapflow';
import nodemailer from 'nodemailer';
import { AppError } from '../../../platform/http/errors.js';
import type { RemoteFlags, SyncStateStore } from '../sync-state.js';
import { composeMime, envelopeOf } from './compose.js';
import type { FetchedMail, Mailbox, MailConnector, MessageRow, RemoteRef } from './types.js';

const FETCH_BATCH = 200;

function client(box: Mailbox): ImapFlow {
  return new ImapFlow({
    host: box.imapHost,
    port: box.imapPort,
    secure: box.imapTls,
    auth: { user: box.username || box.email, pass: box.password ?? '' },
    logger: false,
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
  });
}

/** Connects, runs `fn`, always logs out; connection and login failures become the room's errors. */
async function withImap<T>(box: Mailbox, fn: (c: ImapFlow) => Promise<T>): Promise<T> {
  const c = client(box);
  c.on('error', () => {});
  try {
    await c.connect();
  } catch (err) {
    const e = err as { authenticationFailed?: boolean; message?: string; code?: string };
    if (e.authenticationFailed) throw new AppError('MAIL_LOGIN_REFUSED');
    throw new AppError('MAIL_SERVER_UNREACHABLE', { vars: { reason: e.code ?? e.message ?? 'IMAP' } });
  }
  try {
    return await fn(c);
  } finally {
    await c.logout().catch(() => c.close());
  }
}

/** The server's folder with a special use (\Sent, \Junk), else one of the usual names. */
function folderOf(list: ListResponse[], use: '\\Sent' | '\\Junk', names: string[]): string | null {
  return (
    list.find((f) => f.specialUse === use)?.path ?? list.find((f) => names.includes(f.path.toLowerCase()))?.path ?? null
  );
}

const junkOf = (list: ListResponse[]) => folderOf(list, '\\Junk', ['junk', 'spam', 'junk e-mail']);
const sentOf = (list: ListResponse[]) => folderOf(list, '\\Sent', ['sent', 'sent items', 'sent messages']);

/**
 * A real mail server: IMAP (imapflow) for folders and flags, SMTP (nodemailer) for sending.
 * Sync is incremental per folder by UIDVALIDITY and the highest UID seen (`syncState`); on a
 * CONDSTORE server flag changes since the stored HIGHESTMODSEQ come back too, and mail expunged on
 * the server leaves the store.
 */
export function imapConnector(syncState: SyncStateStore): MailConnector {
  return {
    async verify(box) {
      await withImap(box, async () => {});
    },

    async send(box, mail) {
      const { raw, messageId } = await composeMime(mail, box.email.split('@')[1] ?? 'localhost');
      const transport = nodemailer.createTransport({
        host: box.smtpHost,
        port: box.smtpPort,
        secure: box.smtpTls && box.smtpPort === 465,
        requireTLS: box.smtpTls && box.smtpPort !== 465,
        ignoreTLS: !box.smtpTls,
        auth: box.password ? { user: box.username || box.email, pass: box.password } : undefined,
        connectionTimeout: 15_000,
      });
      try {
        await transport.sendMail({
          envelope: envelopeOf(mail),
          raw,
          ...(mail.dsn ? { dsn: { return: 'headers', notify: ['success', 'failure'] } } : {}),
        });
      } catch (err) {
        const e = err as { code?: string; responseCode?: number; message?: string };
        if (e.code === 'EAUTH') throw new AppError('MAIL_LOGIN_REFUSED');
        throw new AppError('MAIL_SEND_FAILED', {
          vars: { reason: e.responseCode ? String(e.responseCode) : (e.code ?? 'SMTP') },
        });
      } finally {
        transport.close();
      }
      // the Sent copy; a server without a Sent folder keeps it only in the portal
      const remote = await withImap(box, async (c) => {
        const sent = sentOf(await c.list());
        if (!sent) return null;
        const r = await c.append(sent, raw, ['\\Seen']);
        if (r === false || !r.uid || !r.uidValidity) return null;
        return { remotePath: sent, uidValidity: Number(r.uidValidity), uid: r.uid };
      }).catch(() => null);
      return { messageId, raw, remote };
    },

    async sync(box, take) {
      return withImap(box, async (c) => {
        const list = await c.list();
        const folders: ['inbox' | 'junk', string][] = [['inbox', 'INBOX']];
        const junk = junkOf(list);
        if (junk) folders.push(['junk', junk]);
        let taken = 0;
        for (const [folder, path] of folders) {
          const lock = await c.getMailboxLock(path);
          try {
            const mb = c.mailbox;
            if (!mb) continue;
            const uidValidity = Number(mb.uidValidity);
            let state = await syncState.get(box.id, path);
            if (state && state.uidValidity !== uidValidity) {
              await syncState.reset(box.id, path, uidValidity);
              state = null;
            }
            let lastUid = state?.lastUid ?? 0;
            if (mb.exists > 0 && (mb.uidNext ?? Number.MAX_SAFE_INTEGER) > lastUid + 1) {
              // `N:*` answers the last message even when its UID is below N: filter by UID
              const found = await c.fetchAll(`${lastUid + 1}:*`, { uid: true, flags: true }, { uid: true });
              const uids = found
                .map((m) => m.uid)
                .filter((u) => u > lastUid)
                .sort((a, b) => a - b);
              for (let i = 0; i < uids.length; i += FETCH_BATCH) {
                const part = uids.slice(i, i + FETCH_BATCH);
                for await (const m of c.fetch(
                  part.join(','),
                  { uid: true, flags: true, source: true },
                  { uid: true },
                )) {
                  if (!m.source) continue;
                  const ok = await take({
                    folder,
                    raw: m.source,
                    remote: { remotePath: path, uidValidity, uid: m.uid },
                    seen: m.flags?.has('\\Seen') ?? false,
                    flagged: m.flags?.has('\\Flagged') ?? false,
                  } satisfies FetchedMail);
                  if (ok) taken++;
                }
                lastUid = Math.max(lastUid, part.at(-1)!);
                await syncState.set(box.id, path, uidValidity, lastUid);
              }
            }
            const modseq = mb.highestModseq != null ? Number(mb.highestModseq) : null;
            const changed = modseq != null && state?.highestModseq != null && modseq > state.highestModseq;
            // CONDSTORE: flags other clients changed since the last sync, on the mail we already had
            if (changed && state && state.lastUid > 0) {
              const updates = await c.fetchAll(
                `1:${state.lastUid}`,
                { uid: true, flags: true },
                { uid: true, changedSince: BigInt(state.highestModseq!) },
              );
              await syncState.applyFlags(box.id, path, uidValidity, updates.map(flagsOf));
            }
            // expunges (deleted or moved away elsewhere): a changed HIGHESTMODSEQ or a count that
            // differs from the store's says to compare UIDs
            const stored = await syncState.mirroredCount(box.id, path, uidValidity);
            if (changed || stored !== mb.exists) {
              const onServer = mb.exists > 0 ? await c.search({ all: true }, { uid: true }) : [];
              if (onServer) await syncState.dropMissing(box.id, path, uidValidity, folder, onServer);
            }
            await syncState.set(box.id, path, uidValidity, lastUid, modseq);
          } finally {
            lock.release();
          }
        }
        return taken;
      });
    },

    async setFlags(box, msgs, flags) {
      const byPath = groupByPath(msgs);
      if (byPath.size === 0) return;
      await withImap(box, async (c) => {
        for (const [path, uids] of byPath) {
          const lock = await c.getMailboxLock(path);
          try {
            const range = uids.join(',');
            for (const [flag, on] of [
              ['\\Seen', flags.seen],
              ['\\Flagged', flags.flagged],
            ] as const) {
              if (on === true) await c.messageFlagsAdd(range, [flag], { uid: true });
              if (on === false) await c.messageFlagsRemove(range, [flag], { uid: true });
            }
          } finally {
            lock.release();
          }
        }
      });
    },

    async move(box, msgs, to) {
      const moved = new Map<number, RemoteRef>();
      const byPath = groupByPath(msgs);
      if (byPath.size === 0) return moved;
      await withImap(box, async (c) => {
        const dest = to === 'inbox' ? 'INBOX' : junkOf(await c.list());
        if (!dest) return;
        for (const [path, uids] of byPath) {
          if (path === dest) continue;
          const lock = await c.getMailboxLock(path);
          try {
            const r = await c.messageMove(uids.join(','), dest, { uid: true });
            const map = r ? r.uidMap : undefined;
            const validity = r ? r.uidValidity : undefined;
            if (!map || !validity) continue;
            for (const m of msgs) {
              const uid = m.remotePath === path && m.uid != null ? map.get(m.uid) : undefined;
              if (uid) moved.set(m.id, { remotePath: dest, uidValidity: Number(validity), uid });
            }
          } finally {
            lock.release();
          }
        }
      });
      return moved;
    },
  };
}

const flagsOf = (m: { uid: number; flags?: Set<string> }): RemoteFlags => ({
  uid: m.uid,
  seen: m.flags?.has('\\Seen') ?? false,
  flagged: m.flags?.has('\\Flagged') ?? false,
});

function groupByPath(msgs: MessageRow[]): Map<string, number[]> {
  const by = new Map<string, number[]>();
  for (const m of msgs) {
    if (!m.remotePath || m.uid == null) continue;
    by.set(m.remotePath, [...(by.get(m.remotePath) ?? []), m.uid]);
  }
  return by;
}
