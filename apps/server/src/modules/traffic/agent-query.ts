import type { Locale } from '@portal/contracts';
import type { AgentQueryPage, AgentQueryQuery, AgentQueryTraffic } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db } from '../../platform/db/index.js';
import { departmentNames, staffNames } from '../../platform/history/names.js';
import { fail } from '../../platform/http/errors.js';
import { type AgentRef, portOf } from '../../platform/ports.js';
import { customerFacts } from '../crm/index.js';
import { money6 } from './pages.js';
import { dayOf } from './partitions.js';
import { requireRange } from './queries.js';
import { reportSums } from './report-sums.js';

type Sum = { count: number; revenue: Decimal; customers: Set<number>; ownCount: number; ownRevenue: Decimal };
const emptySum = (): Sum => ({
  count: 0,
  revenue: new Decimal(0),
  customers: new Set(),
  ownCount: 0,
  ownRevenue: new Decimal(0),
});
const present = (currency: string, s: Sum): AgentQueryTraffic => ({
  currency,
  count: s.count,
  revenue: money6(s.revenue),
  customers: s.customers.size,
  ownCount: s.ownCount,
  ownRevenue: money6(s.ownRevenue),
});
/** one agent's (or the totals') sums per currency, sorted by currency */
const listOf = (m: Map<string, Sum> | undefined) =>
  [...(m ?? new Map<string, Sum>())].sort(([a], [b]) => a.localeCompare(b)).map(([c, s]) => present(c, s));

/** the filters only the server can judge: a country code, the keyword's length, a department that exists */
async function checkFilters(db: Db, q: AgentQueryQuery, locale: Locale) {
  if (q.country && !/^[A-Z]{2}$/.test(q.country)) return fail('TRF_AGENT_COUNTRY', { vars: { value: q.country } });
  if (q.keyword && q.keyword.length > 64) return fail('TRF_AGENT_KEYWORD');
  if (q.departmentId !== undefined && !(await departmentNames(db, [q.departmentId], locale)).has(q.departmentId))
    return fail('TRF_DEPARTMENT_UNKNOWN', { vars: { value: q.departmentId } });
}

/**
 * The traffic of the agents over the whole UTC days of [from, to): the traffic port's level sums by
 * customer in the caller's data scope (the rollups' owner), each customer given to its agent by CRM
 * (`customerFacts`): an R customer is its own agent, another customer counts for the agent it came through.
 */
async function agentTraffic(db: Db, auth: AuthContext, from: Date, to: Date) {
  const sums = await reportSums(db)({
    from,
    to: new Date(to.getTime() - 1),
    scope: auth,
    by: 'customer',
    splitAt: dayOf(from),
  });
  const level = sums.filter((s) => s.day === null && s.key);
  const facts = await customerFacts(db, [...new Set(level.map((s) => Number(s.key)))]);
  const byAgent = new Map<number, Map<string, Sum>>();
  for (const s of level) {
    const id = Number(s.key);
    const f = facts.get(id);
    const agentId = f?.type === 'R' ? id : (f?.agentId ?? null);
    if (agentId === null) continue;
    const m = byAgent.get(agentId) ?? new Map<string, Sum>();
    byAgent.set(agentId, m);
    const x = m.get(s.currency) ?? emptySum();
    m.set(s.currency, x);
    if (agentId === id) {
      x.ownCount += s.count;
      x.ownRevenue = x.ownRevenue.plus(s.revenue);
    } else {
      x.count += s.count;
      x.revenue = x.revenue.plus(s.revenue);
      x.customers.add(id);
    }
  }
  return byAgent;
}

/** how many of the agents' referred customers have an account that was opened and not closed */
async function withAccounts(db: Db, agents: AgentRef[]): Promise<Set<number>> {
  const accounts = portOf(db, 'accounts');
  if (!accounts?.byCustomers) return new Set();
  const byCustomer = await accounts.byCustomers([...new Set(agents.flatMap((a) => a.referredIds))]);
  const out = new Set<number>();
  for (const [customerId, list] of byCustomer)
    if (list.some((a) => a.state === 'active' || a.state === 'suspended')) out.add(customerId);
  return out;
}

/** agent-query/page (decision 0144): a page of the agents of the filter, their referred customers and traffic */
export async function agentQuery(
  db: Db,
  auth: AuthContext,
  q: AgentQueryQuery,
  locale: Locale,
): Promise<AgentQueryPage> {
  const r = requireRange(q);
  await checkFilters(db, q, locale);
  const port = portOf(db, 'agents');
  if (!port) throw new Error('agent-query: the crm room (agents port) is not mounted');
  const agents = await port.page({
    auth,
    keyword: q.keyword,
    ownerId: q.ownerId,
    departmentId: q.departmentId,
    country: q.country,
    page: q.page,
    size: q.size,
  });
  const traffic = await agentTraffic(db, auth, r.from, r.to);
  const accounts = await withAccounts(db, agents.records);
  const owners = await staffNames(
    db,
    [...new Set(agents.records.flatMap((a) => (a.ownerId ? [a.ownerId] : [])))],
    locale,
  );
  const totals = new Map<string, { sum: Sum; agents: Set<number> }>();
  for (const id of agents.ids)
    for (const [currency, s] of traffic.get(id) ?? []) {
      const t = totals.get(currency) ?? { sum: emptySum(), agents: new Set<number>() };
      totals.set(currency, t);
      t.agents.add(id);
      t.sum.count += s.count;
      t.sum.revenue = t.sum.revenue.plus(s.revenue);
      for (const c of s.customers) t.sum.customers.add(c);
      t.sum.ownCount += s.ownCount;
      t.sum.ownRevenue = t.sum.ownRevenue.plus(s.ownRevenue);
    }
  return {
    records: agents.records.map((a) => ({
      agentId: a.id,
      code: a.code,
      name: a.name,
      ownerId: a.ownerId,
      ownerName: a.ownerId ? (owners.get(a.ownerId) ?? null) : null,
      country: a.country,
      state: a.state,
      lastContactAt: a.lastContactAt ? new Date(a.lastContactAt).toISOString() : null,
      referred: a.referredIds.length,
      withAccount: a.referredIds.filter((id) => accounts.has(id)).length,
      dealt: a.dealt,
      traffic: listOf(traffic.get(a.id)),
    })),
    total: agents.total,
    page: q.page,
    size: q.size,
    summary: { agents: agents.total, referred: agents.referred, dealt: agents.dealt },
    totals: [...totals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, t]) => ({ ...present(currency, t.sum), agents: t.agents.size })),
  };
}
