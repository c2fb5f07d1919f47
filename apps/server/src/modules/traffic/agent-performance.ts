import type { AgentPerformancePage, AgentPerformanceQuery } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { addCost, costList } from '../../platform/cost-amounts.js';
import type { Db } from '../../platform/db/index.js';
import { fail } from '../../platform/http/errors.js';
import { customerFacts, customerIdsOfAgent } from '../crm/index.js';
import { type RateOf, withConverted } from './converted.js';
import { money6 } from './pages.js';
import { dayOf } from './partitions.js';
import { requireRange } from './queries.js';
import { reportSums } from './report-sums.js';

type Figures = {
  currency: string;
  count: number;
  revenue: Decimal;
  costs: Map<string, Decimal>;
  referredCount: number;
  referredRevenue: Decimal;
  referred: Set<number>;
};
const empty = (currency: string): Figures => ({
  currency,
  count: 0,
  revenue: new Decimal(0),
  costs: new Map(),
  referredCount: 0,
  referredRevenue: new Decimal(0),
  referred: new Set(),
});

/** the figures as the contracts carry them: cost and profit only where every cost is in the price's currency */
function present(f: Figures) {
  const costs = costList(f.costs);
  const own = costs.every((c) => c.currency === f.currency);
  const cost = f.costs.get(f.currency) ?? new Decimal(0);
  return {
    currency: f.currency,
    count: f.count,
    revenue: money6(f.revenue),
    costs,
    cost: own ? money6(cost) : null,
    profit: own ? money6(f.revenue.minus(cost)) : null,
    referredCount: f.referredCount,
    referredRevenue: money6(f.referredRevenue),
    referredCustomers: f.referred.size,
  };
}

/**
 * agentPerformance (decision 0122): each agent's (an R-end CRM customer's) own traffic and the traffic of
 * the customers that came through it, per price currency, over the UTC days of the range. The figures are
 * the traffic port's level sums by customer (the ten-day blocks of the account rollup and its edge days,
 * never raw records) in the caller's data scope; the CRM says which customer is an agent and whose agent
 * a customer came through. Largest volume (own + referred) first; the totals are the whole filter's.
 */
export async function agentPerformance(
  db: Db,
  auth: AuthContext,
  q: AgentPerformanceQuery,
  rateOf: RateOf,
): Promise<AgentPerformancePage> {
  const r = requireRange(q);
  let customerIds: number[] | undefined;
  if (q.agentId !== undefined) {
    const agent = (await customerFacts(db, [q.agentId])).get(q.agentId);
    if (agent?.type !== 'R') return fail('TRF_NOT_AN_AGENT', { vars: { value: q.agentId } });
    customerIds = [q.agentId, ...(await customerIdsOfAgent(db, q.agentId))];
  }
  // the days of [from, to): the day holding `to`'s last instant is the last one
  const last = new Date(r.to.getTime() - 1);
  const sums = await reportSums(db)({
    from: r.from,
    to: last,
    scope: auth,
    ownerIds: q.ownerId !== undefined ? [q.ownerId] : undefined,
    customerIds,
    by: 'customer',
    splitAt: dayOf(r.from),
  });
  const level = sums.filter((s) => s.day === null && s.key);
  const facts = await customerFacts(db, [...new Set(level.map((s) => Number(s.key)))]);
  const byAgent = new Map<string, { agentId: number; f: Figures }>();
  const totals = new Map<string, { f: Figures; agents: Set<number> }>();
  for (const s of level) {
    const id = Number(s.key);
    const c = facts.get(id);
    // an R customer is an agent itself (its own purchases), even when it came through another one
    const agentId = c?.type === 'R' ? id : (c?.agentId ?? null);
    if (agentId === null || (q.agentId !== undefined && agentId !== q.agentId)) continue;
    const key = `${agentId}|${s.currency}`;
    const row = byAgent.get(key) ?? { agentId, f: empty(s.currency) };
    byAgent.set(key, row);
    const total = totals.get(s.currency) ?? { f: empty(s.currency), agents: new Set<number>() };
    totals.set(s.currency, total);
    total.agents.add(agentId);
    for (const f of [row.f, total.f]) {
      if (agentId === id) {
        f.count += s.count;
        f.revenue = f.revenue.plus(s.revenue);
        for (const c of s.costs) addCost(f.costs, c.currency, c.amount);
      } else {
        f.referredCount += s.count;
        f.referredRevenue = f.referredRevenue.plus(s.revenue);
        f.referred.add(id);
      }
    }
  }
  const rows = [...byAgent.values()].sort(
    (a, b) =>
      b.f.count + b.f.referredCount - (a.f.count + a.f.referredCount) ||
      a.agentId - b.agentId ||
      a.f.currency.localeCompare(b.f.currency),
  );
  const page = rows.slice((q.page - 1) * q.size, q.page * q.size);
  const missing = page.map((x) => x.agentId).filter((id) => !facts.has(id));
  const names = new Map([...facts, ...(await customerFacts(db, [...new Set(missing)]))]);
  // the range's last day's rates (decision 0129)
  const day = dayOf(last);
  return {
    records: await withConverted(
      rateOf,
      page.map(({ agentId, f }) => ({
        agentId,
        code: names.get(agentId)?.code ?? null,
        name: names.get(agentId)?.name ?? null,
        ...present(f),
      })),
      () => day,
    ),
    total: rows.length,
    page: q.page,
    size: q.size,
    totals: await withConverted(
      rateOf,
      [...totals.values()]
        .sort((a, b) => a.f.currency.localeCompare(b.f.currency))
        .map(({ f, agents }) => ({ ...present(f), agents: agents.size })),
      () => day,
    ),
  };
}
