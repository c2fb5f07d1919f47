import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow } from 'imapflow';
import type { Mailbox } from './connectors/types.js';

/** IDLE is broken and restarted this often (RFC 2177 asks for less than 29 minutes). */
const IDLE_RESTART_MS = 10 * 60_000;
/** A dropped watch connection is opened again after this long (network time, not the app clock). */
const RECONNECT_MS = 30_000;

interface Watch {
  key: string;
  client: ImapFlow | null;
  stopped: boolean;
  syncing: Promise<void> | null;
  again: boolean;
  retry: NodeJS.Timeout | null;
}

/**
 * Keeps one IMAP connection per watched mailbox in IDLE on its INBOX: when the server says the
 * mailbox changed (new mail, expunge, flags), the mailbox is synced at once instead of at the next
 * run of the minute job. A watched mailbox is an `imap` one with its push on: the push is what the
 * live notice needs, and an idle connection per mailbox nobody waits for would only cost.
 */
export class MailWatcher {
  private readonly watches = new Map<number, Watch>();

  constructor(
    /** the mailboxes to watch now, opened (password in memory) */
    private readonly wanted: () => Promise<Mailbox[]>,
    /** syncs one mailbox into the store (the service's sync: store, rules, links, push) */
    private readonly sync: (accountId: number) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts and stops watches so that exactly the wanted mailboxes are watched (a changed binding restarts). */
  async refresh(): Promise<void> {
    const boxes = await this.wanted();
    const keep = new Set<number>();
    for (const b of boxes) {
      keep.add(b.id);
      const key = `${b.email}|${b.imapHost}|${b.imapPort}|${b.imapTls}|${b.username}|${b.secret ?? ''}`;
      const w = this.watches.get(b.id);
      if (w?.key === key) continue;
      if (w) this.stop(b.id);
      this.start(b, key);
    }
    for (const id of [...this.watches.keys()]) if (!keep.has(id)) this.stop(id);
  }

  /** The mailboxes being watched (ids), for the tests and the settings screen. */
  watched(): number[] {
    return [...this.watches.keys()];
  }

  /** Settles when every running or queued sync started by IDLE has finished. */
  async settled(): Promise<void> {
    for (;;) {
      const running = [...this.watches.values()].map((w) => w.syncing).filter((s) => !!s);
      if (running.length === 0) return;
      await Promise.all(running);
    }
  }

  async close(): Promise<void> {
    for (const id of [...this.watches.keys()]) this.stop(id);
    await this.settled();
  }

  private start(box: Mailbox, key: string) {
    const w: Watch = { key, client: null, stopped: false, syncing: null, again: false, retry: null };
    this.watches.set(box.id, w);
    void this.connect(box, w);
  }

  private stop(id: number) {
    const w = this.watches.get(id);
    if (!w) return;
    this.watches.delete(id);
    w.stopped = true;
    if (w.retry) clearTimeout(w.retry);
    w.client?.logout().catch(() => w.client?.close());
  }

  private async connect(box: Mailbox, w: Watch) {
    const c = new ImapFlow({
      host: box.imapHost,
      port: box.imapPort,
      secure: box.imapTls,
      auth: { user: box.username || box.email, pass: box.password ?? '' },
      logger: false,
      maxIdleTime: IDLE_RESTART_MS,
      connectionTimeout: 15_000,
    });
    w.client = c;
    c.on('error', (err) => this.log.warn({ err, account: box.id }, 'mail watch connection failed'));
    c.on('close', () => {
      if (w.stopped) return;
      w.retry = setTimeout(() => {
        w.retry = null;
        if (!w.stopped) void this.connect(box, w);
      }, RECONNECT_MS);
      w.retry.unref();
    });
    const changed = () => this.changed(box.id, w);
    c.on('exists', changed);
    c.on('expunge', changed);
    c.on('flags', changed);
    try {
      await c.connect();
      if (w.stopped) return void (await c.logout().catch(() => c.close()));
      await c.mailboxOpen('INBOX', { readOnly: true });
      // mail that came while nobody watched
      changed();
      void c.idle().catch(() => {});
    } catch (err) {
      this.log.warn({ err, account: box.id }, 'mail watch could not start');
      c.close();
    }
  }

  /** One sync at a time per mailbox; changes during a sync run it once more afterwards. */
  private changed(id: number, w: Watch) {
    if (w.stopped) return;
    if (w.syncing) {
      w.again = true;
      return;
    }
    w.syncing = (async () => {
      do {
        w.again = false;
        await this.sync(id).catch((err) => this.log.warn({ err, account: id }, 'mail sync on IDLE failed'));
      } while (w.again && !w.stopped);
      w.syncing = null;
    })();
  }
}
