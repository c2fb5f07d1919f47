import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCE_HEADER } from '@portal/contracts';
import { and, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../auth/crypto.js';
import type { Db, Tx } from '../db/index.js';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import { stableJson } from '../stable-json.js';
import { idempotenceKeys } from './schema.js';

const KEY_TTL_MS = 60 * 60 * 1000;
const WAIT_STEP_MS = 50;
const WAIT_MAX_MS = 10_000;
/**
 * A key still 'running' this long after its claim belongs to an attempt whose process died (a
 * request never runs this long here): a repeat takes it over instead of waiting out the key's hour.
 */
export const RUNNING_STALE_MS = 2 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A check-repeat request that holds its key: the command whose outcome is recorded with its effect. */
interface Command {
  key: string;
  claimedAt: Date;
  /** the route answers no data (its 200 envelope's data is null) */
  emptyReply: boolean;
  /** how the reply is built from the effect transaction's result (default: ok(result)) */
  reply?: (result: unknown, tx: Tx) => unknown;
  /** the first outermost transaction of the request has started: it is the command's effect */
  effectStarted: boolean;
  /** the effect committed together with its outcome row */
  recorded: boolean;
  /** the reply recorded with the effect */
  recordedReply?: unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotence?: Command;
  }
}

/** Unused keys a user may hold at once (one per open form is a handful); beyond it the oldest go. */
export const MAX_ISSUED_KEYS_PER_USER = 200;
const commands = new AsyncLocalStorage<Command>();

/**
 * For a check-repeat handler whose reply is not `ok(<its transaction's result>)`: how to build the
 * reply from that result inside the transaction, so that the outcome row committed with the effect
 * holds the very reply the client gets. Outside a check-repeat request it does nothing.
 */
export function commandReply<T>(build: (result: T, tx: Tx) => unknown | Promise<unknown>): void {
  const c = commands.getStore();
  if (c) c.reply = build as Command['reply'];
}

const RECORDING = Symbol('idempotence: command transactions');

/**
 * Crash consistency: the first outermost `db.transaction` a check-repeat request runs is its effect,
 * and the key's outcome (state 'done', the reply) is written in that same transaction. A process that
 * dies between the commit and the reply thus leaves a finished key, and a repeat replays the result
 * instead of running the command again. The write is fenced by the claim: if another attempt took the
 * key over meanwhile, the effect rolls back. Savepoints (`tx.transaction`) are not outermost.
 */
function recordOutcomesInTransactions(db: Db) {
  const target = db as Db & { [RECORDING]?: true };
  if (target[RECORDING]) return;
  target[RECORDING] = true;
  const original = db.transaction.bind(db);
  db.transaction = (async (fn: (tx: Tx) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) => {
    const c = commands.getStore();
    if (!c || c.effectStarted) return original(fn, config);
    c.effectStarted = true;
    const result = await original(async (tx) => {
      const value = await fn(tx);
      const body = c.reply ? await c.reply(value, tx) : ok(c.emptyReply ? null : (value ?? null));
      c.recordedReply = JSON.parse(JSON.stringify(body));
      const done = await tx
        .update(idempotenceKeys)
        .set({ state: 'done', statusCode: 200, response: c.recordedReply })
        .where(
          and(
            eq(idempotenceKeys.key, c.key),
            eq(idempotenceKeys.state, 'running'),
            eq(idempotenceKeys.claimedAt, c.claimedAt),
          ),
        )
        .returning({ key: idempotenceKeys.key });
      if (!done.length) throw new AppError('IDEMPOTENCE_IN_PROGRESS'); // our claim was taken over: undo
      return value;
    }, config);
    c.recorded = true;
    return result;
  }) as Db['transaction'];
}

/** The route's 200 reply carries no data (`envelope(emptyData)`). */
function answersNoData(req: FastifyRequest): boolean {
  const schema = (req.routeOptions.schema?.response as Record<string, unknown> | undefined)?.[200] as
    | { shape?: { data?: { def?: { type?: string } } } }
    | undefined;
  return schema?.shape?.data?.def?.type === 'null';
}

export async function issueKey(db: Db, userId: number): Promise<string> {
  const key = randomUUID();
  await db.insert(idempotenceKeys).values({ key, userId, expiresAt: new Date(Date.now() + KEY_TTL_MS) });
  // a loop on the minting endpoint cannot grow the table without limit: the user's oldest unused
  // keys beyond the cap are dropped (a claimed or finished key is never touched — the outer
  // state condition is re-checked on the row, whatever happened since the sub-select)
  const unused = and(eq(idempotenceKeys.userId, userId), eq(idempotenceKeys.state, 'issued'));
  const surplus = db
    .select({ key: idempotenceKeys.key })
    .from(idempotenceKeys)
    .where(unused)
    .orderBy(desc(idempotenceKeys.createdAt), desc(idempotenceKeys.key))
    .offset(MAX_ISSUED_KEYS_PER_USER);
  await db.delete(idempotenceKeys).where(and(unused, inArray(idempotenceKeys.key, surplus)));
  return key;
}

export async function purgeExpiredKeys(db: Db): Promise<void> {
  await db.delete(idempotenceKeys).where(lt(idempotenceKeys.expiresAt, new Date()));
}

function replay(reply: FastifyReply, row: { statusCode: number | null; response: unknown }) {
  return reply
    .status(row.statusCode ?? 200)
    .header('x-idempotent-replay', 'true')
    .send(row.response);
}

/**
 * Check-repeat routes: the first request with a key claims it atomically (UPDATE … WHERE state='issued');
 * a repeat with the same payload waits for and returns the first result; a different payload or a
 * missing/unknown key is refused. The outcome is written in the handler's effect transaction (see
 * recordOutcomesInTransactions) and again, as sent, when the reply goes out. A 5xx before the effect
 * committed releases the key so the user can retry; a claim left running by a process that died
 * before its effect committed is taken over by a repeat after RUNNING_STALE_MS.
 */
export function registerIdempotence(app: FastifyInstance, db: Db) {
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.routeOptions.config?.checkRepeat) return;
    const auth = req.auth;
    if (!auth) throw new AppError('TOKEN_INVALID');
    const key = String(req.headers[IDEMPOTENCE_HEADER] ?? '');
    if (!key) throw new AppError('IDEMPOTENCE_KEY_MISSING');
    if (!UUID.test(key)) throw new AppError('IDEMPOTENCE_KEY_UNKNOWN');
    const route = `${req.method} ${req.routeOptions.url}`;
    const hash = sha256(`${route}\n${stableJson(req.params)}\n${stableJson(req.query)}\n${stableJson(req.body)}`);
    const claim = () =>
      db
        .update(idempotenceKeys)
        .set({ state: 'running', route, requestHash: hash, claimedAt: new Date(), statusCode: null, response: null })
        .where(
          and(
            eq(idempotenceKeys.key, key),
            eq(idempotenceKeys.userId, auth.userId),
            or(
              eq(idempotenceKeys.state, 'issued'),
              // a dead attempt's claim, taken over only by the same request
              and(
                eq(idempotenceKeys.state, 'running'),
                eq(idempotenceKeys.requestHash, hash),
                lt(idempotenceKeys.claimedAt, new Date(Date.now() - RUNNING_STALE_MS)),
              ),
            ),
            gt(idempotenceKeys.expiresAt, new Date()),
          ),
        )
        .returning({ claimedAt: idempotenceKeys.claimedAt });
    const started = Date.now();
    // how often the key was seen released and yet not claimed: only a race with another claimer
    // (or a user/expiry change) does that, so a few are retried and more are refused
    let releasedUnclaimed = 0;
    for (;;) {
      // A single UPDATE … WHERE state='issued' is the claim: on PostgreSQL concurrent claimers queue on
      // the row lock and re-check the state after the winner commits, so exactly one of them runs.
      const [claimed] = await claim();
      if (claimed) {
        req.idempotence = {
          key,
          claimedAt: claimed.claimedAt!,
          emptyReply: answersNoData(req),
          effectStarted: false,
          recorded: false,
        };
        return;
      }
      const [row] = await db.select().from(idempotenceKeys).where(eq(idempotenceKeys.key, key));
      if (!row || row.userId !== auth.userId || row.expiresAt < new Date())
        throw new AppError('IDEMPOTENCE_KEY_UNKNOWN');
      if (row.state === 'issued') {
        // the first attempt failed with a 5xx and released the key while we waited: take our turn
        if (++releasedUnclaimed < 3) continue;
        throw new AppError('IDEMPOTENCE_KEY_UNKNOWN');
      }
      if (row.requestHash !== hash) throw new AppError('IDEMPOTENCE_KEY_MISMATCH');
      if (row.state === 'done') return replay(reply, row);
      if (Date.now() - started > WAIT_MAX_MS) throw new AppError('IDEMPOTENCE_IN_PROGRESS');
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
    }
  });

  // the handler runs inside its command's context, where db.transaction records the outcome
  recordOutcomesInTransactions(db);
  app.addHook('preHandler', (req, _reply, done) => {
    const c = req.idempotence;
    if (c) commands.run(c, done);
    else done();
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const c = req.idempotence;
    if (!c) return payload;
    req.idempotence = undefined;
    const key = c.key;
    if (reply.statusCode >= 500) {
      // the effect committed with its outcome: what failed later (a notification, a reply) must
      // not let a repeat run the command again; the recorded reply stands
      if (c.recorded) return payload;
      await db
        .update(idempotenceKeys)
        .set({ state: 'issued', route: null, requestHash: null, claimedAt: null })
        .where(eq(idempotenceKeys.key, key));
      return payload;
    }
    let body: unknown = null;
    try {
      body = typeof payload === 'string' ? JSON.parse(payload) : null;
    } catch {
      body = null;
    }
    if (c.recorded && stableJson(body) !== stableJson(c.recordedReply)) {
      // a handler whose reply is not ok(<its transaction's result>) needs commandReply(), else a
      // repeat after a crash would replay a different answer
      req.log.warn(
        { route: req.routeOptions.url },
        'check-repeat reply differs from the outcome recorded with its effect',
      );
    }
    await db
      .update(idempotenceKeys)
      .set({ state: 'done', statusCode: reply.statusCode, response: body })
      .where(eq(idempotenceKeys.key, key));
    return payload;
  });
}
