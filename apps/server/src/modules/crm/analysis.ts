import { type AccountTrack, ANALYSIS_MAX_DAYS, type AnalysisQuery, type SalesFunnel } from '@portal/contracts/crm';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import { homeDepartment } from '../../platform/access/home-department.js';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { recordEvents } from '../../platform/history/schema.js';
import { AppError } from '../../platform/http/errors.js';
import { portOf } from '../../platform/ports.js';
import { DEAL_REASON } from './deal.js';
import { crmCustomers, crmOpportunities, crmOpportunityStages } from './schema.js';
import { stagesFor } from './stages.js';

const DAY_MS = 86_400_000;

/** The period's bounds: midnight (server time zone) of `from` and of the day after `to`. */
export function periodOf(q: AnalysisQuery): [Date, Date] {
  const start = new Date(`${q.from}T00:00:00`);
  const end = new Date(`${q.to}T00:00:00`);
  end.setDate(end.getDate() + 1);
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  if (Number.isNaN(days) || days < 1 || days > ANALYSIS_MAX_DAYS)
    throw new AppError('CRM_ANALYSIS_PERIOD', { vars: { max: ANALYSIS_MAX_DAYS } });
  return [start, end];
}

/**
 * Who a figure counts: the caller's data scope on the user column, then the one sales or the
 * department (with its sub-departments) the query names.
 */
function whoWhere(auth: AuthContext, user: PgColumn, q: AnalysisQuery): SQL | undefined {
  return and(
    dataScopeWhere(auth, user),
    q.ownerId ? eq(user, q.ownerId) : undefined,
    q.departmentId
      ? sql`${user} in (select ud.user_id from user_departments ud where ud.department_id in (
          with recursive d as (select id from departments where id = ${q.departmentId}
            union all select c.id from departments c join d on c.parent_id = d.id)
          select id from d))`
      : undefined,
  );
}

/** The opened accounts per owner of their customers, of the customers in the caller's scope. */
async function newAccountsByOwner(db: Db, auth: AuthContext, q: AnalysisQuery, opened: { customerId: number }[]) {
  const perCustomer = new Map<number, number>();
  for (const a of opened) perCustomer.set(a.customerId, (perCustomer.get(a.customerId) ?? 0) + 1);
  if (!perCustomer.size) return [];
  const owners = await db
    .select({ id: crmCustomers.id, userId: crmCustomers.ownerId })
    .from(crmCustomers)
    .where(and(inArray(crmCustomers.id, [...perCustomer.keys()]), whoWhere(auth, crmCustomers.ownerId, q)));
  const out = new Map<number, number>();
  for (const c of owners) if (c.userId !== null) out.set(c.userId, (out.get(c.userId) ?? 0) + perCustomer.get(c.id)!);
  return [...out].map(([userId, n]) => ({ userId, n }));
}

type Money = { currency: string; amount: number };
const addTo = (list: Money[], currency: string, amount: number) => {
  const hit = list.find((m) => m.currency === currency);
  if (hit) hit.amount += amount;
  else list.push({ currency, amount });
};
const rate = (won: number, lost: number) => (won + lost ? Math.round((won / (won + lost)) * 1000) / 10 : null);

/**
 * The sales funnel of the opportunities created in the period (in scope): open ones by stage with
 * their amounts and weighted amounts, the won / lost / invalid outcomes and the won rate, per owner.
 * Stages are those of the department asked for (else the caller's), in their order; an open stage
 * of another department group found in the data is added after them.
 */
export async function salesFunnel(db: DbOrTx, auth: AuthContext, q: AnalysisQuery): Promise<SalesFunnel> {
  const [start, end] = periodOf(q);
  const where = and(
    gte(crmOpportunities.createdAt, start),
    lt(crmOpportunities.createdAt, end),
    whoWhere(auth, crmOpportunities.ownerId, q),
  );
  const groups = await db
    .select({
      status: crmOpportunities.status,
      stage: crmOpportunities.stage,
      currency: crmOpportunities.currency,
      ownerId: crmOpportunities.ownerId,
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${crmOpportunities.amount}), 0)::float8`,
      weighted: sql<number>`coalesce(sum(${crmOpportunities.amount} * coalesce(${crmOpportunities.winRate}, 0) / 100), 0)::float8`,
    })
    .from(crmOpportunities)
    .where(where)
    .groupBy(crmOpportunities.status, crmOpportunities.stage, crmOpportunities.currency, crmOpportunities.ownerId);

  const configured = await stagesFor(db, q.departmentId ?? (await homeDepartment(db, auth.userId)));
  const stages = configured.map((s) => ({ ...s, count: 0, amounts: [] as Money[], weighted: [] as Money[] }));
  const extra = [...new Set(groups.filter((g) => g.status === 'open').map((g) => g.stage))].filter(
    (code) => !stages.some((s) => s.code === code),
  );
  if (extra.length) {
    const known = await db
      .selectDistinctOn([crmOpportunityStages.code], {
        code: crmOpportunityStages.code,
        name: crmOpportunityStages.name,
        nameEn: crmOpportunityStages.nameEn,
        winRate: crmOpportunityStages.winRate,
      })
      .from(crmOpportunityStages)
      .where(inArray(crmOpportunityStages.code, extra));
    for (const code of extra) {
      const k = known.find((s) => s.code === code);
      stages.push({
        code,
        name: k?.name ?? code,
        nameEn: k?.nameEn ?? code,
        winRate: k?.winRate ?? 0,
        count: 0,
        amounts: [],
        weighted: [],
      });
    }
  }

  const won = { count: 0, amounts: [] as Money[] };
  const lost = { count: 0, amounts: [] as Money[] };
  let invalid = 0;
  const owners = new Map<number, { open: number; won: number; lost: number }>();
  for (const g of groups) {
    const amount = Number(g.amount);
    if (g.status === 'open') {
      const s = stages.find((x) => x.code === g.stage)!;
      s.count += g.count;
      addTo(s.amounts, g.currency, amount);
      addTo(s.weighted, g.currency, Math.round(Number(g.weighted)));
    } else if (g.status === 'won') {
      won.count += g.count;
      addTo(won.amounts, g.currency, amount);
    } else if (g.status === 'lost') {
      lost.count += g.count;
      addTo(lost.amounts, g.currency, amount);
    } else invalid += g.count;
    if (g.ownerId !== null && g.status !== 'invalid') {
      const o = owners.get(g.ownerId) ?? { open: 0, won: 0, lost: 0 };
      o[g.status] += g.count;
      owners.set(g.ownerId, o);
    }
  }
  const names = await namesOf(db, [...owners.keys()]);
  const byOwner = [...owners]
    .map(([ownerId, o]) => ({
      ownerId,
      ownerName: names.get(ownerId)?.name ?? String(ownerId),
      ...o,
      winRate: rate(o.won, o.lost),
    }))
    .sort((a, b) => b.won - a.won || b.open - a.open || a.ownerId - b.ownerId);
  return { stages, won, lost, invalid, winRate: rate(won.count, lost.count), byOwner };
}

async function namesOf(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, { name: string; jobNumber: string }>();
  const rows = await db
    .select({ id: staffUsers.id, name: staffUsers.name, jobNumber: staffUsers.jobNumber })
    .from(staffUsers)
    .where(inArray(staffUsers.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * What each sales in scope did in the period: customers created and received, follow-ups recorded
 * (and on how many customers), opportunities opened, customers with their first paid traffic (the
 * deal event), accounts opened (the finance room's accounts port, counted for the customer's owner).
 */
export async function accountTrack(db: Db, auth: AuthContext, q: AnalysisQuery): Promise<AccountTrack> {
  const [start, end] = periodOf(q);
  const created = await db
    .select({ userId: crmCustomers.createdBy, n: sql<number>`count(*)::int` })
    .from(crmCustomers)
    .where(
      and(
        gte(crmCustomers.createdAt, start),
        lt(crmCustomers.createdAt, end),
        whoWhere(auth, crmCustomers.createdBy, q),
      ),
    )
    .groupBy(crmCustomers.createdBy);
  const received = await db
    .select({ userId: crmCustomers.ownerId, n: sql<number>`count(*)::int` })
    .from(crmCustomers)
    .where(
      and(
        gte(crmCustomers.ownedAt, start),
        lt(crmCustomers.ownedAt, end),
        sql`${crmCustomers.createdBy} is distinct from ${crmCustomers.ownerId}`,
        whoWhere(auth, crmCustomers.ownerId, q),
      ),
    )
    .groupBy(crmCustomers.ownerId);
  const follows = await db
    .select({
      userId: recordEvents.actorId,
      n: sql<number>`count(*)::int`,
      customers: sql<number>`count(distinct ${recordEvents.recordId})::int`,
      last: sql<Date | string | null>`max(${recordEvents.at})`,
    })
    .from(recordEvents)
    .where(
      and(
        eq(recordEvents.entity, 'crm.customer'),
        eq(recordEvents.kind, 'follow_up'),
        gte(recordEvents.at, start),
        lt(recordEvents.at, end),
        whoWhere(auth, recordEvents.actorId, q),
      ),
    )
    .groupBy(recordEvents.actorId);
  const opened = await db
    .select({ userId: crmOpportunities.ownerId, n: sql<number>`count(*)::int` })
    .from(crmOpportunities)
    .where(
      and(
        gte(crmOpportunities.createdAt, start),
        lt(crmOpportunities.createdAt, end),
        whoWhere(auth, crmOpportunities.ownerId, q),
      ),
    )
    .groupBy(crmOpportunities.ownerId);

  // the first paid traffic: the deal event (`deal.ts`), counted for the customer's owner
  const firstPaid = await db
    .select({ userId: crmCustomers.ownerId, n: sql<number>`count(*)::int` })
    .from(recordEvents)
    .innerJoin(crmCustomers, sql`${recordEvents.recordId} = ${crmCustomers.id}::text`)
    .where(
      and(
        eq(recordEvents.entity, 'crm.customer'),
        eq(recordEvents.kind, 'state'),
        sql`${recordEvents.data}->>'reason' = ${DEAL_REASON}`,
        gte(recordEvents.at, start),
        lt(recordEvents.at, end),
        whoWhere(auth, crmCustomers.ownerId, q),
      ),
    )
    .groupBy(crmCustomers.ownerId);

  const accounts = portOf(db, 'accounts');
  const newAccounts = accounts?.openedIn
    ? await newAccountsByOwner(db, auth, q, await accounts.openedIn(start, end))
    : [];

  type Row = AccountTrack['rows'][number];
  const rows = new Map<number, Row>();
  const rowOf = (userId: number | null) => {
    if (userId === null) return null;
    let r = rows.get(userId);
    if (!r) {
      r = {
        ownerId: userId,
        ownerName: '',
        jobNumber: null,
        newCustomers: 0,
        receivedCustomers: 0,
        followUps: 0,
        customersFollowed: 0,
        newOpportunities: 0,
        newAccounts: 0,
        firstPaidCustomers: 0,
        lastFollowUpAt: null,
      };
      rows.set(userId, r);
    }
    return r;
  };
  for (const c of created) {
    const r = rowOf(c.userId);
    if (r) r.newCustomers = c.n;
  }
  for (const c of received) {
    const r = rowOf(c.userId);
    if (r) r.receivedCustomers = c.n;
  }
  for (const f of follows) {
    const r = rowOf(f.userId);
    if (!r) continue;
    r.followUps = f.n;
    r.customersFollowed = f.customers;
    r.lastFollowUpAt = f.last === null ? null : new Date(f.last).toISOString();
  }
  for (const o of opened) {
    const r = rowOf(o.userId);
    if (r) r.newOpportunities = o.n;
  }
  for (const a of newAccounts) {
    const r = rowOf(a.userId);
    if (r) r.newAccounts = a.n;
  }
  for (const f of firstPaid) {
    const r = rowOf(f.userId);
    if (r) r.firstPaidCustomers = f.n;
  }
  const names = await namesOf(db, [...rows.keys()]);
  for (const r of rows.values()) {
    const u = names.get(r.ownerId);
    r.ownerName = u?.name ?? String(r.ownerId);
    r.jobNumber = u?.jobNumber ?? null;
  }
  const list = [...rows.values()].sort(
    (a, b) => b.newCustomers + b.followUps - (a.newCustomers + a.followUps) || a.ownerId - b.ownerId,
  );
  return { rows: list, accountsAvailable: !!accounts?.openedIn, trafficAvailable: true };
}
