import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/**
 * Why a request's database work stopped early:
 * - `closed`: the client went away before the answer (its queries are cancelled, nobody reads them);
 * - `timeout`: the request ran past REQUEST_TIMEOUT_MS;
 * - `statement`: one statement ran past DB_STATEMENT_TIMEOUT_MS (PostgreSQL's statement_timeout);
 * - `busy`: no pool connection became free within DB_POOL_WAIT_MS.
 */
export type StopReason = 'closed' | 'timeout' | 'statement' | 'busy';

export class QueryStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(`database work stopped: ${reason}`);
  }
}

/** One HTTP request's hold on the database: its abort signal and who it works for (fair share). */
export interface DbScope {
  signal: AbortSignal;
  /** the signed-in user, once known; requests of one owner share DB_USER_SHARE of the pool */
  owner?: string | number;
  /** connections this request has checked out right now */
  held: Set<pg.PoolClient>;
}

const storage = new AsyncLocalStorage<DbScope>();
const POOL_WAIT_EXCEEDED = /timeout exceeded when trying to connect/;

/** Runs `fn` (and everything it starts) inside `scope`: its queries are cancelled when the signal aborts. */
export function runInDbScope<T>(scope: DbScope, fn: () => T): T {
  return storage.run(scope, fn);
}

export const currentDbScope = () => storage.getStore();

/**
 * The reason a database error means "stopped early", or undefined for other errors. A cancelled
 * statement (SQLSTATE 57014) is the request's own abort when its scope was aborted, else the
 * statement timeout. drizzle wraps driver errors, so the cause chain is followed.
 */
export function stopReasonOf(err: unknown, scope = currentDbScope()): StopReason | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof QueryStopped) return e.reason;
    // pg-pool's own wait limit, reached outside a request scope
    if (e instanceof Error && POOL_WAIT_EXCEEDED.test(e.message)) return 'busy';
    if ((e as { code?: unknown }).code === '57014') {
      const why = scope?.signal.aborted ? scope.signal.reason : undefined;
      return why === 'closed' || why === 'timeout' ? why : 'statement';
    }
  }
  return undefined;
}

interface Waiter {
  owner: string | number;
  go(): void;
}

/**
 * node-postgres pool that knows the request it serves (AsyncLocalStorage scope):
 * - a query of an aborted request is cancelled on the server (PostgreSQL cancel request on its own
 *   socket, so it needs no pool slot), and the connection is then closed rather than reused, so a
 *   late cancel can never hit another request's statement;
 * - one owner (user) holds at most `share` connections at a time; the rest of its requests wait in
 *   line here, so other users still find free connections (a request that already holds one may
 *   take one more, so a transaction plus a read never wait on themselves);
 * - waiting longer than `connectionTimeoutMillis` answers QueryStopped('busy').
 * Work outside a request (jobs, the event bus, start-up) is not limited.
 */
export class ScopedPool extends pg.Pool {
  private readonly byOwner = new Map<string | number, number>();
  private readonly waiting: Waiter[] = [];
  private readonly share: number;
  private readonly waitMs: number;

  constructor(private readonly config: pg.PoolConfig & { userShare?: number }) {
    super(config);
    this.share = Math.max(1, Math.floor((config.max ?? 10) * (config.userShare ?? 1)));
    this.waitMs = config.connectionTimeoutMillis ?? 0;
  }

  // the callback form is what pool.query() uses; the promise form is what transactions use
  override connect(): Promise<pg.PoolClient>;
  override connect(
    cb: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    cb?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | undefined {
    const scope = currentDbScope();
    const result = scope ? this.connectScoped(scope) : super.connect();
    if (!cb) return result;
    result.then(
      (c) => cb(undefined, c, (r) => c.release(r as Error | boolean | undefined)),
      (e: Error) => cb(e, undefined, () => {}),
    );
    return undefined;
  }

  private async connectScoped(scope: DbScope): Promise<pg.PoolClient> {
    if (scope.signal.aborted) throw new QueryStopped(scope.signal.reason as StopReason);
    const owner = scope.owner;
    const counted = owner !== undefined && scope.held.size === 0;
    if (counted) await this.takeShare(owner, scope.signal);
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (e) {
      if (counted) this.giveShare(owner);
      if (e instanceof Error && POOL_WAIT_EXCEEDED.test(e.message)) throw new QueryStopped('busy');
      throw e;
    }
    if (scope.signal.aborted) {
      client.release();
      if (counted) this.giveShare(owner);
      throw new QueryStopped(scope.signal.reason as StopReason);
    }
    return this.track(scope, client, counted ? owner : undefined);
  }

  private track(scope: DbScope, client: pg.PoolClient, owner: string | number | undefined): pg.PoolClient {
    let cancelled = false;
    const onAbort = () => {
      cancelled = true;
      sendCancel(this.config, client);
    };
    scope.held.add(client);
    scope.signal.addEventListener('abort', onAbort, { once: true });
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => {
      scope.signal.removeEventListener('abort', onAbort);
      scope.held.delete(client);
      if (owner !== undefined) this.giveShare(owner);
      // a cancel may still be on its way: close this connection instead of lending it again
      return release(cancelled ? true : err);
    };
    return client;
  }

  private takeShare(owner: string | number, signal: AbortSignal): Promise<void> {
    if ((this.byOwner.get(owner) ?? 0) < this.share) {
      this.byOwner.set(owner, (this.byOwner.get(owner) ?? 0) + 1);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        owner,
        go: () => {
          cleanup();
          this.byOwner.set(owner, (this.byOwner.get(owner) ?? 0) + 1);
          resolve();
        },
      };
      const stop = (why: StopReason) => {
        cleanup();
        reject(new QueryStopped(why));
      };
      const onAbort = () => stop(signal.reason as StopReason);
      const timer = this.waitMs ? setTimeout(() => stop('busy'), this.waitMs) : undefined;
      const cleanup = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private giveShare(owner: string | number) {
    const n = (this.byOwner.get(owner) ?? 1) - 1;
    if (n > 0) this.byOwner.set(owner, n);
    else this.byOwner.delete(owner);
    this.waiting.find((w) => w.owner === owner)?.go();
  }
}

/** PostgreSQL's cancel request for what `client` runs now: a separate socket, no pool slot, no sign-in. */
function sendCancel(config: pg.PoolConfig, client: pg.PoolClient) {
  const target = client as pg.PoolClient & { processID?: number; secretKey?: number };
  if (!target.processID) return;
  // a Client parses host and port from the configuration; its unconnected wire connection sends the request
  const parsed = new pg.Client(config) as pg.Client & {
    connection: {
      connect(portOrPath: number | string, host?: string): void;
      cancel(pid: number, key: number | undefined): void;
      on(ev: string, fn: () => void): void;
    };
  };
  const con = parsed.connection;
  con.on('error', () => {});
  con.on('connect', () => con.cancel(target.processID!, target.secretKey));
  if (parsed.host?.startsWith('/')) con.connect(`${parsed.host}/.s.PGSQL.${parsed.port}`);
  else con.connect(parsed.port, parsed.host);
}
