import type { ServerResponse } from 'node:http';
import type { Locale } from '@portal/contracts';

/** A live stream that is buffering this much unsent output is a stalled client: it is dropped. */
const MAX_BUFFERED_BYTES = 512 * 1024;

export interface LiveConnection {
  id: number;
  userId: number;
  sessionId: string;
  /** the language the stream was opened in (its Accept-Language): texts pushed down it use it */
  locale: Locale;
  res: ServerResponse;
  expiryTimer: NodeJS.Timeout | undefined;
}

export interface LiveHubOptions {
  /** heartbeat period; well inside the client's 120 s timeout (spec 9) */
  heartbeatMs: number;
  /** open streams allowed per session / per user in this process (a new one beyond is refused) */
  maxPerSession: number;
  maxPerUser: number;
  log: { warn: (o: object, m: string) => void };
}

/** One Server-Sent Events frame. */
export function sseFrame(event: string, data: unknown): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return `event: ${event}\ndata: ${text.replaceAll('\n', '\ndata: ')}\n\n`;
}

/**
 * The live connections held by this process, by user. It knows no message: callers hand it an
 * event for a user and it writes to that user's open streams. One timer beats every stream; each
 * stream ends when its token expires, its session is revoked, or the process closes.
 */
export class LiveHub {
  private readonly byUser = new Map<number, Set<LiveConnection>>();
  private readonly bySession = new Map<string, Set<LiveConnection>>();
  private readonly heartbeat: NodeJS.Timeout;
  private nextId = 1;
  private closed = false;

  constructor(private readonly opts: LiveHubOptions) {
    this.heartbeat = setInterval(() => this.beat(), opts.heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  hasUser(userId: number): boolean {
    return this.byUser.has(userId);
  }

  /** The users holding at least one open stream in this process. */
  userIds(): number[] {
    return [...this.byUser.keys()];
  }

  /**
   * Would one more stream of this session and user exceed the caps? The caller refuses it before
   * taking over the response (the newest is refused, so the open pages keep their streams).
   */
  atLimit(who: { userId: number; sessionId: string }): boolean {
    return (
      (this.bySession.get(who.sessionId)?.size ?? 0) >= this.opts.maxPerSession ||
      (this.byUser.get(who.userId)?.size ?? 0) >= this.opts.maxPerUser
    );
  }

  /** Takes over an HTTP response as an event stream; returns false when the hub is closing. */
  attach(
    res: ServerResponse,
    who: { userId: number; sessionId: string; locale: Locale; expiresAtMs: number | null },
  ): boolean {
    if (this.closed) return false;
    const conn: LiveConnection = {
      id: this.nextId++,
      userId: who.userId,
      sessionId: who.sessionId,
      locale: who.locale,
      res,
      expiryTimer: undefined,
    };
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    res.socket?.setKeepAlive(true, 30_000);
    add(this.byUser, who.userId, conn);
    add(this.bySession, who.sessionId, conn);
    res.on('close', () => this.detach(conn));
    if (who.expiresAtMs !== null) {
      // setTimeout holds at most 2^31-1 ms; tokens live minutes
      const wait = Math.max(0, Math.min(who.expiresAtMs - Date.now(), 2 ** 31 - 1));
      conn.expiryTimer = setTimeout(() => this.end(conn), wait);
      conn.expiryTimer.unref();
    }
    this.write(
      conn,
      sseFrame('connection', { connectionId: conn.id, heartbeatMs: this.opts.heartbeatMs, serverTime: Date.now() }),
    );
    return true;
  }

  /** Writes an event to every stream of a user in this process; returns how many got it. */
  sendToUser(userId: number, event: string, data: unknown): number {
    const set = this.byUser.get(userId);
    if (!set) return 0;
    const frame = sseFrame(event, data);
    let n = 0;
    for (const conn of [...set]) if (this.write(conn, frame)) n++;
    return n;
  }

  /** Writes an event whose data depends on the stream's language to every stream of a user. */
  sendToUserIn(userId: number, event: string, dataIn: (locale: Locale) => unknown): number {
    const set = this.byUser.get(userId);
    if (!set) return 0;
    const frames = new Map<Locale, string>();
    let n = 0;
    for (const conn of [...set]) {
      const frame = frames.get(conn.locale) ?? sseFrame(event, dataIn(conn.locale));
      frames.set(conn.locale, frame);
      if (this.write(conn, frame)) n++;
    }
    return n;
  }

  /** The session was revoked (sign-out, password change, disabled user): its streams end. */
  closeSession(sessionId: string) {
    const set = this.bySession.get(sessionId);
    if (set) for (const conn of [...set]) this.end(conn);
  }

  /** Ends every stream (process shutdown); clients reconnect to another process. */
  close() {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const set of [...this.byUser.values()]) for (const conn of [...set]) this.end(conn);
  }

  private beat() {
    const frame = sseFrame('heartbeat', { t: Date.now() });
    for (const set of [...this.byUser.values()]) for (const conn of [...set]) this.write(conn, frame);
  }

  private write(conn: LiveConnection, frame: string): boolean {
    const { res } = conn;
    if (res.writableEnded || res.destroyed) {
      this.detach(conn);
      return false;
    }
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      this.opts.log.warn({ userId: conn.userId, buffered: res.writableLength }, 'live stream stalled; dropped');
      this.end(conn);
      return false;
    }
    res.write(frame);
    return true;
  }

  private end(conn: LiveConnection) {
    this.detach(conn);
    if (!conn.res.writableEnded) conn.res.end();
  }

  private detach(conn: LiveConnection) {
    if (conn.expiryTimer) clearTimeout(conn.expiryTimer);
    conn.expiryTimer = undefined;
    remove(this.byUser, conn.userId, conn);
    remove(this.bySession, conn.sessionId, conn);
  }
}

function add<K>(map: Map<K, Set<LiveConnection>>, key: K, conn: LiveConnection) {
  const set = map.get(key);
  if (set) set.add(conn);
  else map.set(key, new Set([conn]));
}

function remove<K>(map: Map<K, Set<LiveConnection>>, key: K, conn: LiveConnection) {
  const set = map.get(key);
  if (!set) return;
  set.delete(conn);
  if (set.size === 0) map.delete(key);
}
