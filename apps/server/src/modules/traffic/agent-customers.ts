import type { Locale } from '@portal/contracts';
import { type AgentCustomersPage, type AgentCustomersQuery, SENT_PRODUCTS } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { and, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db } from '../../platform/db/index.js';
import { staffNames } from '../../platform/history/names.js';
import { fail } from '../../platform/http/errors.js';
import { portOf } from '../../platform/ports.js';
import { money6 } from './pages.js';
import { dayOf } from './partitions.js';
import { requireRange } from './queries.js';
import { reportSums } from './report-sums.js';
import { trafficAccountDaily } from './schema.js';

type Sum = { count: number; revenue: Decimal };
const byCurrency = <T>(m: Map<string, T>) => [...m].sort(([a], [b]) => a.localeCompare(b));

/**
 * The traffic of some customers over the whole UTC days of [from, to): the traffic port's level sums by
 * customer in the caller's data scope (the rollups' owner), as agent-query/page reads them (decision 0144).
 */
async function customerTraffic(db: Db, auth: AuthContext, ids: number[], from: Date, to: Date) {
  const out = new Map<number, Map<string, Sum>>();
  if (!ids.length) return out;
  const sums = await reportSums(db)({
    from,
    to: new Date(to.getTime() - 1),
    scope: auth,
    customerIds: ids,
    by: 'customer',
    splitAt: dayOf(from),
  });
  for (const s of sums) {
    if (s.day !== null || !s.key) continue;
    const id = Number(s.key);
    const m = out.get(id) ?? new Map<string, Sum>();
    out.set(id, m);
    const x = m.get(s.currency) ?? { count: 0, revenue: new Decimal(0) };
    m.set(s.currency, x);
    x.count += s.count;
    x.revenue = x.revenue.plus(s.revenue);
  }
  return out;
}

/** each customer's consumer accounts (finance's accounts port): their ids, and how many were opened and not closed */
async function accountsOf(db: Db, ids: number[]) {
  const port = portOf(db, 'accounts');
  const out = new Map<number, { ids: number[]; open: number }>();
  if (!port?.byCustomers || !ids.length) return out;
  for (const [customerId, list] of await port.byCustomers(ids))
    out.set(customerId, {
      ids: list.map((a) => a.id),
      open: list.filter((a) => a.state === 'active' || a.state === 'suspended').length,
    });
  return out;
}

/**
 * Each customer's first UTC day with traffic in [from, to) in the caller's data scope: the per-account
 * rollup read by its accounts (its account index), the products sent as the sums count them.
 */
async function firstDays(db: Db, auth: AuthContext, customerIds: number[], accountIds: number[], from: Date, to: Date) {
  const out = new Map<number, string>();
  if (!customerIds.length || !accountIds.length) return out;
  const t = trafficAccountDaily;
  const rows = await db
    .select({ customerId: t.customerId, first: sql<string>`min(${t.day})::text` })
    .from(t)
    .where(
      and(
        inArray(t.accountId, accountIds),
        inArray(t.customerId, customerIds),
        gte(t.day, dayOf(from)),
        lte(t.day, dayOf(new Date(to.getTime() - 1))),
        inArray(t.product, [...SENT_PRODUCTS]),
        gt(t.count, 0),
        dataScopeWhere(auth, t.ownerId),
      ),
    )
    .groupBy(t.customerId);
  for (const r of rows) out.set(r.customerId, r.first);
  return out;
}

/**
 * agent-query/customer (decision 0147): a page of one agent's referred customers (CRM, through the agents
 * port), their accounts (finance) and traffic (rollups); the summary and the totals are the whole filter's.
 */
export async function agentCustomers(
  db: Db,
  auth: AuthContext,
  q: AgentCustomersQuery,
  locale: Locale,
): Promise<AgentCustomersPage> {
  const r = requireRange(q);
  if (q.keyword && q.keyword.length > 64) return fail('TRF_AGENT_KEYWORD');
  const port = portOf(db, 'agents');
  if (!port) throw new Error('agent-query: the crm room (agents port) is not mounted');
  const found = await port.customers({ auth, agentId: q.agentId, keyword: q.keyword, page: q.page, size: q.size });
  if (!found) return fail('TRF_AGENT_UNSEEN', { vars: { value: q.agentId } });
  const traffic = await customerTraffic(db, auth, found.ids, r.from, r.to);
  const accounts = await accountsOf(db, found.ids);
  const pageIds = found.records.map((c) => c.id);
  const first = await firstDays(
    db,
    auth,
    pageIds,
    pageIds.flatMap((id) => accounts.get(id)?.ids ?? []),
    r.from,
    r.to,
  );
  const owners = await staffNames(
    db,
    [...new Set([found.agent.ownerId, ...found.records.map((c) => c.ownerId)].filter((id) => id !== null))],
    locale,
  );
  const totals = new Map<string, Sum & { customers: number }>();
  for (const id of found.ids)
    for (const [currency, s] of traffic.get(id) ?? []) {
      const t = totals.get(currency) ?? { count: 0, revenue: new Decimal(0), customers: 0 };
      totals.set(currency, t);
      t.count += s.count;
      t.revenue = t.revenue.plus(s.revenue);
      t.customers += 1;
    }
  const ownerName = (id: number | null) => (id === null ? null : (owners.get(id) ?? null));
  return {
    records: found.records.map((c) => {
      return {
        customerId: c.id,
        code: c.code,
        name: c.name,
        type: c.type,
        ownerId: c.ownerId,
        ownerName: ownerName(c.ownerId),
        country: c.country,
        state: c.state,
        dealt: c.dealt,
        accounts: accounts.get(c.id)?.open ?? 0,
        firstDay: first.get(c.id) ?? null,
        traffic: byCurrency(traffic.get(c.id) ?? new Map<string, Sum>()).map(([currency, s]) => ({
          currency,
          count: s.count,
          revenue: money6(s.revenue),
        })),
      };
    }),
    total: found.total,
    page: q.page,
    size: q.size,
    agent: {
      agentId: found.agent.id,
      code: found.agent.code,
      name: found.agent.name,
      ownerId: found.agent.ownerId,
      ownerName: ownerName(found.agent.ownerId),
    },
    summary: {
      customers: found.total,
      dealt: found.dealt,
      withAccount: found.ids.filter((id) => (accounts.get(id)?.open ?? 0) > 0).length,
    },
    totals: byCurrency(totals).map(([currency, t]) => ({
      currency,
      count: t.count,
      revenue: money6(t.revenue),
      customers: t.customers,
    })),
  };
}
