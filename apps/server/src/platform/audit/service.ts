import { type Locale, wellFormedText } from '@portal/contracts';
import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { staffUsers } from '../access/schema.js';
import type { Db } from '../db/index.js';
import { nameInSql } from '../i18n/names.js';
import { auditLog } from './schema.js';

const SECRET_FIELDS = /pass(word)?|token|secret|code_verifier|captcha|^code$/i;
const MAX_DETAIL = 4000;

/**
 * Secrets masked, and every string (keys too) made storable: jsonb refuses NUL and unpaired
 * surrogates, so they become U+FFFD. Nesting beyond 4 levels is cut (a refused deep body).
 */
function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return wellFormedText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 4) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      wellFormedText(k),
      SECRET_FIELDS.test(k) ? '***' : redact(v, depth + 1),
    ]),
  );
}

const storable = (s: string | null | undefined) => (s == null ? null : wellFormedText(s));

declare module 'fastify' {
  interface FastifyRequest {
    /** set by routes that learn who acted only while handling (sign-in) */
    auditSubject?: { userId: number; username: string };
    /** the record the call changed, `<kind>:<id>` (set by routes that change one record): its history */
    auditRecord?: string;
  }
  interface FastifyReply {
    /** the envelope's code of a failure (set where the error envelope is sent) */
    resultCode?: number;
  }
}

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** the routes' `auditAction`s by `METHOD route`, gathered as they are registered */
const ACTIONS = new Map<string, { zh: string; en: string }>();

/**
 * Every state-changing call: who, what, when, from where, with what outcome. Written as the answer
 * goes out (onSend), so a record's history already holds the change when its caller reloads it.
 */
export function registerAudit(app: FastifyInstance, db: Db) {
  app.addHook('onRoute', (o) => {
    const action = o.config?.auditAction;
    if (action) for (const m of [o.method].flat()) ACTIONS.set(`${m} ${o.url}`, action);
  });
  app.addHook('onSend', async (req: FastifyRequest, reply, payload) => {
    await writeAudit(req, reply);
    return payload;
  });
  async function writeAudit(req: FastifyRequest, reply: FastifyReply) {
    const flag = req.routeOptions.config?.audit;
    // state-changing methods by default; a GET that changes state (SSO sign-in) opts in with audit: true
    if (!req.routeOptions.url || flag === false || (!CHANGING.has(req.method) && flag !== true)) return;
    const who = req.auth ?? req.auditSubject;
    let detail: unknown = req.body === undefined ? null : redact(req.body);
    if (detail !== null && JSON.stringify(detail).length > MAX_DETAIL) detail = { truncated: true };
    const row = {
      userId: who?.userId ?? null,
      username: storable(who?.username),
      method: req.method,
      route: storable(req.routeOptions.url) ?? '',
      path: storable(req.url.split('?')[0] ?? req.url) ?? '',
      statusCode: reply.statusCode,
      ip: storable(req.ip),
      userAgent: storable(req.headers['user-agent']?.slice(0, 300)),
      requestId: storable(req.id),
      detail,
      summary: storable(req.routeOptions.schema?.summary ?? null),
      subject: req.auditRecord ?? null,
      resultCode: reply.resultCode ?? (reply.statusCode < 400 ? 0 : null),
      durationMs: Math.min(Math.round(reply.elapsedTime), 2_147_483_647),
    };
    try {
      await db.insert(auditLog).values(row);
    } catch (err) {
      // the change is committed: its row must not be lost to the payload. Say so loudly and
      // write it again without the detail (which is the only free-form part).
      req.log.error({ err, requestId: req.id }, 'audit write failed; retrying without the detail');
      await db
        .insert(auditLog)
        .values({ ...row, detail: { unrecorded: true } })
        .catch((again) => req.log.error({ err: again, requestId: req.id }, 'audit write lost'));
    }
  }
}

/** one audited call on a record, as `auditOfSubjects` answers it */
export type SubjectAudit = {
  id: number;
  at: Date;
  userId: number | null;
  /** the caller's name in the reader's language (the stored username when the user is gone) */
  userName: string | null;
  method: string;
  route: string;
  path: string;
  summary: string | null;
  /** the route's `auditAction` in the reader's language, if it names one */
  action: string | null;
  subject: string;
  statusCode: number;
  resultCode: number | null;
};

/**
 * The audited calls on some records (`subject` in `subjects`, each `<kind>:<id>`) in [from, to), newest first
 * (`at desc, id desc`), the first `limit`, with their total (decision 0151). Each subject reads through
 * `audit_log_subject_idx` (subject, at). The request body (`detail`) is not answered: it may hold fields the
 * reader may not see. `action` is the route's `auditAction` in the reader's language (decision 0153).
 */
export async function auditOfSubjects(
  db: Db,
  q: { subjects: string[]; from: Date; to: Date; limit: number; locale: Locale },
): Promise<{ total: number; rows: SubjectAudit[] }> {
  if (!q.subjects.length || q.limit < 1) return { total: 0, rows: [] };
  const where = and(inArray(auditLog.subject, q.subjects), gte(auditLog.at, q.from), lt(auditLog.at, q.to));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog).where(where);
  if (!total) return { total: 0, rows: [] };
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      userId: auditLog.userId,
      userName: sql<
        string | null
      >`coalesce(${nameInSql(q.locale, staffUsers.name, staffUsers.nameEn)}, ${auditLog.username})`,
      method: auditLog.method,
      route: auditLog.route,
      path: auditLog.path,
      summary: auditLog.summary,
      subject: sql<string>`${auditLog.subject}`,
      statusCode: auditLog.statusCode,
      resultCode: auditLog.resultCode,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.userId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(q.limit);
  return {
    total,
    rows: rows.map((r) => {
      const action = ACTIONS.get(`${r.method} ${r.route}`);
      return { ...r, action: action ? (q.locale === 'en' ? action.en : action.zh) : null };
    }),
  };
}
