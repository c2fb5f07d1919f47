import type { ShareRow } from '@portal/contracts/crm';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { searchMatch } from '../../platform/db/search.js';
import { recordMembers } from '../../platform/ownership/schema.js';
import type { Platform } from '../../platform/platform.js';
import { crmCustomers } from './schema.js';

/** The members matching, read up to the list's count cap (as cappedCount does for one table). */
async function countOf(p: Platform, where: SQL) {
  const cap = p.config.listCountCap;
  const rows = p.db
    .select({ one: sql`1` })
    .from(recordMembers)
    .innerJoin(crmCustomers, eq(crmCustomers.id, recordMembers.recordId))
    .where(where)
    .limit(cap + 1)
    .as('capped_rows');
  const [row] = await p.db.select({ n: count() }).from(rows);
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

export interface ShareQuery {
  page: number;
  size: number;
  keyword?: string;
}

/**
 * The share list: one row per member of a customer, newest grant first; the caller sees the
 * customers their owner scope covers and those shared with themselves.
 */
export async function sharePage(p: Platform, auth: AuthContext, q: ShareQuery) {
  const member = alias(staffUsers, 'share_member');
  const owner = alias(staffUsers, 'share_owner');
  const granter = alias(staffUsers, 'share_granter');
  const m = recordMembers;
  const scope = dataScopeWhere(auth, crmCustomers.ownerId);
  const where = and(
    eq(m.entity, 'crm.customer'),
    scope ? or(scope, eq(m.userId, auth.userId)) : undefined,
    q.keyword ? searchMatch(crmCustomers.search, q.keyword) : undefined,
  ) as SQL;
  const base = p.db
    .select({
      customerId: crmCustomers.id,
      customerCode: crmCustomers.code,
      customerName: crmCustomers.name,
      ownerName: owner.name,
      userId: m.userId,
      userName: member.name,
      access: m.access,
      grantedByName: granter.name,
      grantedAt: m.grantedAt,
    })
    .from(m)
    .innerJoin(crmCustomers, eq(crmCustomers.id, m.recordId))
    .innerJoin(member, eq(member.id, m.userId))
    .leftJoin(owner, eq(owner.id, crmCustomers.ownerId))
    .leftJoin(granter, eq(granter.id, m.grantedBy));
  const [rows, n] = await Promise.all([
    base
      .where(where)
      .orderBy(desc(m.grantedAt), desc(m.recordId))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    countOf(p, where),
  ]);
  const records: ShareRow[] = rows.map((r) => ({
    ...r,
    access: r.access as ShareRow['access'],
    grantedAt: r.grantedAt.toISOString(),
  }));
  return { records, total: n.total, page: q.page, size: q.size, ...(n.capped ? { totalCapped: true } : {}) };
}
