import type { PageResult } from '@portal/contracts';
import {
  AUDIT_DEFAULT_DAYS,
  AUDIT_MAX_DAYS,
  type AuditListQuery,
  type AuditRow,
} from '@portal/contracts/system-settings';
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import { auditLog } from '../../platform/audit/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { cappedCount } from '../../platform/db/count.js';
import type { Db } from '../../platform/db/index.js';
import { containsPattern } from '../../platform/db/like.js';
import { AppError } from '../../platform/http/errors.js';

const DAY = 86_400_000;

/**
 * The time window of a query: both ends given, or the missing ones defaulted (`to` now, `from`
 * 7 days before `to`); at most AUDIT_MAX_DAYS wide. A record's history (`subject`) is not limited.
 */
export function auditWindow(q: Pick<AuditListQuery, 'from' | 'to' | 'subject'>, now = Date.now()) {
  if (q.subject && !q.from && !q.to) return undefined;
  const to = q.to ? new Date(q.to) : new Date(now);
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - AUDIT_DEFAULT_DAYS * DAY);
  if (from >= to || to.getTime() - from.getTime() > AUDIT_MAX_DAYS * DAY) {
    throw new AppError('LOG_RANGE_INVALID', { vars: { days: AUDIT_MAX_DAYS } });
  }
  return { from, to };
}

/** The log's filters within the caller's data scope (shared by the page and the export). */
export function auditWhere(auth: AuthContext, q: Omit<AuditListQuery, 'page' | 'size'>): SQL | undefined {
  const window = auditWindow(q);
  const where: (SQL | undefined)[] = [dataScopeWhere(auth, auditLog.userId)];
  if (window) where.push(gte(auditLog.at, window.from), lt(auditLog.at, window.to));
  if (q.userId) where.push(eq(auditLog.userId, q.userId));
  if (q.subject) where.push(eq(auditLog.subject, q.subject));
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    where.push(or(ilike(auditLog.path, like), ilike(auditLog.summary, like)));
  }
  if (q.result === 'success') where.push(lt(auditLog.statusCode, 400));
  if (q.result === 'failure') where.push(gte(auditLog.statusCode, 400));
  return and(...where);
}

export const auditOrder = [desc(auditLog.at), desc(auditLog.id)];

/** A page of the log, newest first; the total counts at most `countCap` entries ("at least" beyond). */
export async function listAudit(
  db: Db,
  auth: AuthContext,
  q: AuditListQuery,
  countCap: number,
): Promise<PageResult<AuditRow>> {
  const cond = auditWhere(auth, q);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        userId: auditLog.userId,
        username: auditLog.username,
        method: auditLog.method,
        route: auditLog.route,
        path: auditLog.path,
        summary: auditLog.summary,
        subject: auditLog.subject,
        statusCode: auditLog.statusCode,
        resultCode: auditLog.resultCode,
        durationMs: auditLog.durationMs,
        ip: auditLog.ip,
        userAgent: auditLog.userAgent,
      })
      .from(auditLog)
      .where(cond)
      .orderBy(...auditOrder)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    cappedCount(db, auditLog, cond, countCap),
  ]);
  return {
    records: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    total: counted.total,
    totalCapped: counted.capped,
    page: q.page,
    size: q.size,
  };
}

export async function countAudit(db: Db, auth: AuthContext, q: Omit<AuditListQuery, 'page' | 'size'>) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(auditWhere(auth, q));
  return row?.n ?? 0;
}
