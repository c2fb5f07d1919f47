import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * Publish/subscribe between server processes. Payloads carry ids only (NOTIFY allows 8000 bytes):
 * subscribers read the record they are told about.
 */
export interface EventBus {
  publish(topic: string, id: string | number): Promise<void>;
  subscribe(topic: string, handler: (id: string) => void): () => void;
  close(): Promise<void>;
}

export const EVENT_CHANNEL = 'portal_events';
/** application_name of the listening connection (visible in pg_stat_activity). */
export const LISTENER_APP_NAME = 'portal-events';
/** Bytes of the JSON payload `{"t":topic,"id":id}`; PostgreSQL refuses NOTIFY payloads of 8000 bytes and more. */
export const MAX_EVENT_PAYLOAD = 7900;

/**
 * Local-only topic fired after the listening connection was re-established. Notifications sent
 * while it was down are lost (LISTEN/NOTIFY does not queue for absent listeners), so subscribers
 * that cache state on the strength of events drop their caches on it. Never crosses processes.
 */
export const BUS_RESYNC = 'bus.resync';

interface Log {
  warn: (o: object, m: string) => void;
  info?: (o: object, m: string) => void;
  error?: (o: object, m: string) => void;
}

function encode(topic: string, id: string | number): string {
  if (!topic || topic === BUS_RESYNC) throw new Error(`invalid event topic ${JSON.stringify(topic)}`);
  const payload = JSON.stringify({ t: topic, id: String(id) });
  if (Buffer.byteLength(payload) > MAX_EVENT_PAYLOAD) {
    throw new Error(`event payload too large (${Buffer.byteLength(payload)} bytes): send ids only`);
  }
  return payload;
}

/** One emitter per bus; a throwing subscriber is logged and never breaks delivery to the others. */
function localHub(log: Log) {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    emit(topic: string, id: string) {
      for (const listener of emitter.listeners(topic)) {
        try {
          (listener as (id: string) => void)(id);
        } catch (err) {
          log.warn({ err, topic, id }, 'event subscriber failed');
        }
      }
    },
    subscribe(topic: string, handler: (id: string) => void) {
      emitter.on(topic, handler);
      return () => {
        emitter.off(topic, handler);
      };
    },
    clear() {
      emitter.removeAllListeners();
    },
  };
}

const silent: Log = { warn: () => {} };

/** In-process bus for the embedded database (one process by definition). */
export function memoryBus(log: Log = silent): EventBus {
  const hub = localHub(log);
  let closed = false;
  return {
    async publish(topic, id) {
      encode(topic, id); // same limits as NOTIFY, so PGlite catches what PostgreSQL would refuse
      if (closed) return;
      const sent = String(id);
      // same delivery shape as NOTIFY: asynchronous, after the publisher went on
      queueMicrotask(() => hub.emit(topic, sent));
    },
    subscribe: hub.subscribe,
    async close() {
      closed = true;
      hub.clear();
    },
  };
}

export interface PostgresBusOptions {
  /** first reconnect delay; doubles up to maxDelayMs */
  retryDelayMs?: number;
  maxDelayMs?: number;
  /** a `select 1` on the listening connection this often detects a half-open socket */
  pingIntervalMs?: number;
}

/**
 * PostgreSQL LISTEN/NOTIFY bus. One dedicated listening connection per process; publishing goes
 * through the pool (outside any business transaction). When the listening connection dies (server
 * restart, pg_terminate_backend, network) it is re-opened with backoff until the bus is closed, and
 * a local BUS_RESYNC event tells subscribers that notifications may have been missed meanwhile.
 */
export async function postgresBus(
  url: string,
  pool: pg.Pool,
  log: Log,
  opts: PostgresBusOptions = {},
): Promise<EventBus> {
  const retryDelayMs = opts.retryDelayMs ?? 250;
  const maxDelayMs = opts.maxDelayMs ?? 10_000;
  const pingIntervalMs = opts.pingIntervalMs ?? 30_000;
  const hub = localHub(log);
  let client: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const onNotification = (n: pg.Notification) => {
    if (n.channel !== EVENT_CHANNEL || !n.payload) return;
    let msg: { t?: unknown; id?: unknown };
    try {
      msg = JSON.parse(n.payload);
    } catch {
      return; // foreign payload on our channel: ignore
    }
    if (typeof msg.t === 'string' && typeof msg.id === 'string' && msg.t !== BUS_RESYNC) hub.emit(msg.t, msg.id);
  };

  /** Opens a listening connection; resolves when LISTEN is in place. */
  const open = async (): Promise<pg.Client> => {
    const c = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APP_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      c.removeAllListeners('notification');
      c.end().catch(() => {});
      if (client === c) {
        client = undefined;
        if (!closed) {
          log.warn({ err }, 'event bus connection lost; reconnecting');
          scheduleReconnect();
        }
      }
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', onNotification);
    try {
      await c.connect();
      await c.query(`LISTEN ${EVENT_CHANNEL}`);
    } catch (err) {
      lost = true;
      c.end().catch(() => {});
      throw err;
    }
    return c;
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    const delay = Math.min(maxDelayMs, retryDelayMs * 2 ** Math.min(attempt, 10));
    attempt++;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = undefined;
      if (closed) return;
      try {
        const c = await open();
        if (closed) {
          await c.end().catch(() => {});
          return;
        }
        client = c;
        attempt = 0;
        log.info?.({}, 'event bus reconnected');
        hub.emit(BUS_RESYNC, '');
      } catch (err) {
        log.warn({ err, attempt }, 'event bus reconnect failed; retrying');
        scheduleReconnect();
      }
    }, delay);
    reconnectTimer.unref();
  };

  client = await open();

  // A socket can die without an error reaching us (NAT timeouts, a peer that vanished): ping it.
  const ping = setInterval(() => {
    const c = client;
    if (!c) return;
    c.query('select 1').catch((err) => c.emit('error', err));
  }, pingIntervalMs);
  ping.unref();

  return {
    async publish(topic, id) {
      const payload = encode(topic, id);
      await pool.query('select pg_notify($1, $2)', [EVENT_CHANNEL, payload]);
    },
    subscribe: hub.subscribe,
    async close() {
      closed = true;
      clearInterval(ping);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      hub.clear();
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
