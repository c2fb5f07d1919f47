import type { Locale } from '@portal/contracts';
import type { KeepAs, OwnerChangeKind, OwnerLogRow } from '@portal/contracts/ownership';
import { and, desc, eq, gte, lte, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dataScopeWhere } from '../access/data-scope.js';
import { staffUsers } from '../access/schema.js';
import type { AuthContext } from '../auth/context.js';
import { cappedCount } from '../db/count.js';
import { nameInSql } from '../i18n/names.js';
import type { Platform } from '../platform.js';
import type { Values } from '../resource/bind.js';
import { answerRows, filterWhere, listOrder, readExpr, rowSelect, visibleFields } from '../resource/query.js';
import type { OwnershipBinding } from './bind.js';
import { ownerChanges } from './schema.js';

/** The pool: the resource's list over pool records, for every holder of the pool key (no owner scope). */
export async function poolPage(p: Platform, ob: OwnershipBinding, auth: AuthContext, q: Values, locale?: Locale) {
  const { b } = ob;
  const fields = visibleFields(b.def, auth);
  const where = and(eq(ob.cols.state, ob.opts.poolState), filterWhere(b, auth, q));
  const page = q.page as number;
  const size = q.size as number;
  const [rows, n] = await Promise.all([
    p.db
      .select(rowSelect(b, fields, locale))
      .from(b.table)
      .where(where)
      .orderBy(...listOrder(b, auth, q))
      .limit(size)
      .offset((page - 1) * size),
    cappedCount(p.db, b.table, where, p.config.listCountCap),
  ]);
  return {
    records: answerRows(b, fields, rows as Values[], { locale: locale ?? 'zh-CN', auth }),
    total: n.total,
    page,
    size,
    ...(n.capped ? { totalCapped: true } : {}),
  };
}

export interface OwnerLogQuery {
  page: number;
  size: number;
  recordId?: number;
  kind?: OwnerChangeKind;
  userId?: number;
  at?: [string | null, string | null];
}

/**
 * The owner log (transfer list) of one resource, newest first: changes whose previous or new owner
 * is within the caller's data scope.
 */
export async function ownerLogPage(
  p: Platform,
  ob: OwnershipBinding,
  auth: AuthContext,
  q: OwnerLogQuery,
  locale: Locale = 'zh-CN',
) {
  const from = alias(staffUsers, 'log_from');
  const to = alias(staffUsers, 'log_to');
  const actor = alias(staffUsers, 'log_actor');
  const nameOf = (u: { name: SQLWrapper; nameEn: SQLWrapper }) => nameInSql(locale, u.name, u.nameEn);
  const c = ownerChanges;
  const scope = [dataScopeWhere(auth, c.fromUserId), dataScopeWhere(auth, c.toUserId)];
  const where = and(
    eq(c.entity, ob.b.def.key),
    scope.every(Boolean) ? or(...(scope as SQL[])) : undefined,
    q.recordId ? eq(c.recordId, q.recordId) : undefined,
    q.kind ? eq(c.kind, q.kind) : undefined,
    q.userId ? or(eq(c.fromUserId, q.userId), eq(c.toUserId, q.userId)) : undefined,
    q.at?.[0] ? gte(c.at, new Date(q.at[0])) : undefined,
    q.at?.[1] ? lte(c.at, new Date(q.at[1])) : undefined,
  );
  const { b } = ob;
  const [rows, n] = await Promise.all([
    p.db
      .select({
        id: c.id,
        recordId: c.recordId,
        recordTitle: readExpr(b, b.def.titleField),
        kind: c.kind,
        fromUserId: c.fromUserId,
        fromName: nameOf(from),
        toUserId: c.toUserId,
        toName: nameOf(to),
        actorId: c.actorId,
        actorName: nameOf(actor),
        reason: c.reason,
        related: c.related,
        keepAs: c.keepAs,
        at: c.at,
      })
      .from(c)
      .leftJoin(b.table, eq(b.table.id, c.recordId))
      .leftJoin(from, eq(from.id, c.fromUserId))
      .leftJoin(to, eq(to.id, c.toUserId))
      .leftJoin(actor, eq(actor.id, c.actorId))
      .where(where)
      .orderBy(desc(c.at), desc(c.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    cappedCount(p.db, c, where, p.config.listCountCap),
  ]);
  const records: OwnerLogRow[] = rows.map((r) => ({
    ...r,
    recordTitle: r.recordTitle === null || r.recordTitle === undefined ? null : String(r.recordTitle),
    kind: r.kind as OwnerChangeKind,
    related: r.related ?? [],
    keepAs: r.keepAs as KeepAs | null,
    at: r.at.toISOString(),
  }));
  return { records, total: n.total, page: q.page, size: q.size, ...(n.capped ? { totalCapped: true } : {}) };
}
