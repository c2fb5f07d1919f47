import type { AgentPerformancePage, AgentPerformanceQuery } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db } from '../../platform/db/index.js';
import { fail } from '../../platform/http/errors.js';
import { customerFacts, customerIdsOfAgent } from '../crm/index.js';
import { type RateOf, withConverted } from './converted.js';
import { money6 } from './pages.js';
import { addFigures, figureLines, levelSums, presentFigures, presentTotals } from './perf-figures.js';
import { requireRange } from './queries.js';

/** the traffic of the customers that came through an agent, beside the agent's own figures */
type Referred = { count: number; revenue: Decimal; customers: Set<number> };
const noneReferred = (): { referred: Referred } => ({
  referred: { count: 0, revenue: new Decimal(0), customers: new Set() },
});

/** the referred customers' traffic as the contracts carry it */
const presentReferred = (r: Referred) => ({
  referredCount: r.count,
  referredRevenue: money6(r.revenue),
  referredCustomers: r.customers.size,
});

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
  const { level, day } = await levelSums(db, r, {
    by: 'customer',
    scope: auth,
    ownerIds: q.ownerId !== undefined ? [q.ownerId] : undefined,
    customerIds,
  });
  const facts = await customerFacts(db, [...new Set(level.map((s) => Number(s.key)))]);
  const byAgent = figureLines<{ agentId: number; referred: Referred }>();
  const totals = figureLines<{ agents: Set<number>; referred: Referred }>();
  for (const s of level) {
    const id = Number(s.key);
    const c = facts.get(id);
    // an R customer is an agent itself (its own purchases), even when it came through another one
    const agentId = c?.type === 'R' ? id : (c?.agentId ?? null);
    if (agentId === null || (q.agentId !== undefined && agentId !== q.agentId)) continue;
    const row = byAgent.of(`${agentId}|${s.currency}`, s.currency, () => ({ agentId, ...noneReferred() }));
    const total = totals.of(s.currency, s.currency, () => ({ agents: new Set(), ...noneReferred() }));
    total.agents.add(agentId);
    for (const line of [row, total]) {
      if (agentId === id) addFigures(line.f, s);
      else {
        line.referred.count += s.count;
        line.referred.revenue = line.referred.revenue.plus(s.revenue);
        line.referred.customers.add(id);
      }
    }
  }
  const rows = [...byAgent.lines.values()].sort(
    (a, b) =>
      b.f.count + b.referred.count - (a.f.count + a.referred.count) ||
      a.agentId - b.agentId ||
      a.f.currency.localeCompare(b.f.currency),
  );
  const page = rows.slice((q.page - 1) * q.size, q.page * q.size);
  const missing = page.map((x) => x.agentId).filter((id) => !facts.has(id));
  const names = new Map([...facts, ...(await customerFacts(db, [...new Set(missing)]))]);
  // the range's last day's rates (decision 0129)
  return {
    records: await withConverted(
      rateOf,
      page.map(({ agentId, f, referred }) => ({
        agentId,
        code: names.get(agentId)?.code ?? null,
        name: names.get(agentId)?.name ?? null,
        ...presentFigures(f),
        ...presentReferred(referred),
      })),
      () => day,
    ),
    total: rows.length,
    page: q.page,
    size: q.size,
    totals: await presentTotals(rateOf, totals.lines.values(), day, ({ agents, referred }) => ({
      ...presentReferred(referred),
      agents: agents.size,
    })),
  };
}
