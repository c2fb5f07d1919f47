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

const CHANNEL = 'portal_events';
const MAX_PAYLOAD = 7900;

function fanOut(emitter: EventEmitter, topic: string, id: string) {
  emitter.emit(topic, id);
  emitter.emit('*', topic, id);
}

/** In-process bus for the embedded database (one process by definition). */
export function memoryBus(): EventBus {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    async publish(topic, id) {
      queueMicrotask(() => fanOut(emitter, topic, String(id)));
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** PostgreSQL LISTEN/NOTIFY bus: one listening connection per process, reconnecting on failure. */
export async function postgresBus(
  url: string,
  pool: pg.Pool,
  log: { warn: (o: object, m: string) => void },
): Promise<EventBus> {
  const emitter = new EventEmitter().setMaxListeners(0);
  let client: pg.Client | undefined;
  let closed = false;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (!n.payload) return;
      try {
        const { t, id } = JSON.parse(n.payload) as { t: string; id: string };
        fanOut(emitter, t, id);
      } catch {
        /* foreign payload on our channel: ignore */
      }
    });
    c.on('error', (err) => {
      log.warn({ err }, 'event bus connection lost; reconnecting');
      c.end().catch(() => {});
      if (!closed) setTimeout(() => connect().catch(() => {}), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
  };
  await connect();

  return {
    async publish(topic, id) {
      const payload = JSON.stringify({ t: topic, id: String(id) });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error('event payload too large: send ids only');
      await pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      await client?.end().catch(() => {});
    },
  };
}
