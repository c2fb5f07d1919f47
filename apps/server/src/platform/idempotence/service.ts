import { randomUUID } from 'node:crypto';
import { IDEMPOTENCE_HEADER } from '@portal/contracts';
import { and, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../auth/crypto.js';
import type { Db } from '../db/index.js';
import { AppError } from '../http/errors.js';
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

declare module 'fastify' {
  interface FastifyRequest {
    idempotenceKey?: string;
  }
}

/** Unused keys a user may hold at once (one per open form is a handful); beyond it the oldest go. */
export const MAX_ISSUED_KEYS_PER_USER = 200;

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

const stable = (v: unknown): string =>
  v === null || typeof v !== 'object'
    ? (JSON.stringify(v) ?? 'null')
    : Array.isArray(v)
      ? `[${v.map(stable).join(',')}]`
      : `{${Object.keys(v as object)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
          .join(',')}}`;

function replay(reply: FastifyReply, row: { statusCode: number | null; response: unknown }) {
  return reply
    .status(row.statusCode ?? 200)
    .header('x-idempotent-replay', 'true')
    .send(row.response);
}

/**
 * Check-repeat routes: the first request with a key claims it atomically (UPDATE … WHERE state='issued');
 * a repeat with the same payload waits for and returns the first result; a different payload or a
 * missing/unknown key is refused. A 5xx releases the key so the user can retry; a claim left running
 * by a process that died is taken over by a repeat after RUNNING_STALE_MS.
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
    const hash = sha256(`${route}\n${stable(req.params)}\n${stable(req.query)}\n${stable(req.body)}`);
    const claim = () =>
      db
        .update(idempotenceKeys)
        .set({ state: 'running', route, requestHash: hash, claimedAt: new Date() })
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
        .returning({ key: idempotenceKeys.key });
    const started = Date.now();
    let claimAttempts = 0;
    for (;;) {
      // A single UPDATE … WHERE state='issued' is the claim: on PostgreSQL concurrent claimers queue on
      // the row lock and re-check the state after the winner commits, so exactly one of them runs.
      if ((await claim()).length) {
        req.idempotenceKey = key;
        return;
      }
      claimAttempts++;
      const [row] = await db.select().from(idempotenceKeys).where(eq(idempotenceKeys.key, key));
      if (!row || row.userId !== auth.userId || row.expiresAt < new Date())
        throw new AppError('IDEMPOTENCE_KEY_UNKNOWN');
      if (row.state === 'issued') {
        // the first attempt failed with a 5xx and released the key while we waited: take our turn
        if (claimAttempts < 3) continue;
        throw new AppError('IDEMPOTENCE_KEY_UNKNOWN');
      }
      if (row.requestHash !== hash) throw new AppError('IDEMPOTENCE_KEY_MISMATCH');
      if (row.state === 'done') return replay(reply, row);
      if (Date.now() - started > WAIT_MAX_MS) throw new AppError('IDEMPOTENCE_IN_PROGRESS');
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const key = req.idempotenceKey;
    if (!key) return payload;
    req.idempotenceKey = undefined;
    if (reply.statusCode >= 500) {
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
    await db
      .update(idempotenceKeys)
      .set({ state: 'done', statusCode: reply.statusCode, response: body })
      .where(eq(idempotenceKeys.key, key));
    return payload;
  });
}
