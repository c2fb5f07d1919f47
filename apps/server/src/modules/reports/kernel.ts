import {
  drillLevel,
  periodRange,
  REPORTS_ALL_FIGURES,
  type ReportAnswer,
  type ReportDef,
  type ReportDim,
  type ReportFigures,
  type ReportQuery,
  type ReportRow,
  START_LOOKBACK_DAYS,
  ymdOf,
} from '@portal/contracts/reports';
import { Decimal } from 'decimal.js';
import { inArray } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { addCost, costList } from '../../platform/cost-amounts.js';
import type { Db } from '../../platform/db/index.js';
import { fail } from '../../platform/http/errors.js';
import { portOf, type TrafficSum } from '../../platform/ports.js';
import { customerFacts, customerIdsOfType } from '../crm/index.js';
import { channelRefs, supplierRefs } from '../srm/index.js';

/** running sums of one group */
interface Acc {
  count: number;
  delivered: number;
  revenue: Decimal;
  /** per cost currency: never added across currencies (decision 0109) */
  costs: Map<string, Decimal>;
  seconds: number;
  firstDay?: string;
  sessions: number;
  read: number;
  dlrMs: number;
  dlrCount: number;
}
const empty = (): Acc => ({
  count: 0,
  delivered: 0,
  revenue: new Decimal(0),
  costs: new Map(),
  seconds: 0,
  sessions: 0,
  read: 0,
  dlrMs: 0,
  dlrCount: 0,
});
const add = (a: Acc, f: TrafficSum) => {
  a.count += f.count;
  a.sessions += f.sessions;
  a.read += f.read;
  a.dlrMs += f.dlrMs;
  a.dlrCount += f.dlrCount;
  a.delivered += f.delivered;
  a.seconds += f.seconds;
  a.revenue = a.revenue.plus(f.revenue);
  for (const c of f.costs) addCost(a.costs, c.currency, c.amount);
  if (f.firstDay && (!a.firstDay || f.firstDay < a.firstDay)) a.firstDay = f.firstDay;
};
const pct = (n: Decimal.Value, d: Decimal.Value) =>
  new Decimal(d).isZero() ? null : new Decimal(n).times(100).div(d).toFixed(2);

/**
 * the measures of one group whose revenue is in `currency`; balance and days left only for an account (the
 * caller adds them); minutes and ACD (billed seconds per answered call) only mean something for voice.
 * Cost, profit and margin only where every cost is in `currency`, else null (decision 0109): the cost
 * stays per currency in `costs`, nothing converted.
 */
export function figuresOf(a: Acc, currency: string | null, voice = false): ReportFigures {
  const costs = costList(a.costs);
  const own = costs.every((c) => c.currency === currency);
  const cost = own && currency !== null ? (a.costs.get(currency) ?? new Decimal(0)) : null;
  const profit = cost && a.revenue.minus(cost);
  return {
    count: a.count,
    delivered: a.delivered,
    deliveryRate: pct(a.delivered, a.count),
    revenue: a.revenue.toFixed(6),
    costs,
    cost: cost?.toFixed(6) ?? null,
    profit: profit?.toFixed(6) ?? null,
    margin: profit ? pct(profit, a.revenue) : null,
    consumption: a.revenue.toFixed(6),
    balance: null,
    creditLine: null,
    daysLeft: null,
    firstDay: a.firstDay ?? null,
    minutes: new Decimal(a.seconds).div(60).toFixed(2),
    acd: voice && a.delivered > 0 ? new Decimal(a.seconds).div(a.delivered).toFixed(1) : null,
    sessions: a.sessions,
    read: a.read,
    readRate: pct(a.read, a.count),
    dlrTime: a.dlrCount > 0 ? new Decimal(a.dlrMs).div(a.dlrCount).div(1000).toFixed(1) : null,
  };
}

/**
 * The data scope a report reads with: every customer for holders of the reports' "all figures" key
 * (finance, decision 0072), else the caller's own (own customers, department, …).
 */
export const reportScope = (auth: AuthContext): AuthContext =>
  auth.perms.has(REPORTS_ALL_FIGURES) ? { ...auth, scope: { kind: 'all', departmentIds: [] } } : auth;

/**
 * One report for one caller: the figures of the period and of the one before, grouped by the level
 * the drill-down reached, per currency, with totals and a day series for the chart. Reads the traffic
 * port's daily rollups only, within the caller's data scope; names come from CRM and finance ports.
 */
export async function runReport(
  db: Db,
  auth: AuthContext,
  def: ReportDef,
  q: ReportQuery,
  now: Date,
): Promise<ReportAnswer> {
  const range = periodRange(q, ymdOf(now.getTime()));
  if ('error' in range) return fail(range.error, { vars: { value: range.value } });
  const level = drillLevel(def, q);
  if ('error' in level) return fail(level.error, { vars: { value: level.value } });
  const traffic = portOf(db, 'traffic');
  if (!traffic?.sums) return fail('RPT_SOURCE_UNAVAILABLE', { vars: { value: 'traffic' } });
  const has = (d: ReportDim) => def.dims.includes(d);
  // channels and their suppliers (SRM's public surface): the supplier level and a supplier drill
  const channels = has('channel') || has('supplier') ? await channelRefs(db) : [];
  const supplierOf = new Map(channels.map((c) => [c.id, c.supplierId]));
  let channelIds: number[] | undefined;
  if (q.supplier !== undefined) channelIds = channels.filter((c) => c.supplierId === q.supplier).map((c) => c.id);
  if (q.channel !== undefined) channelIds = (channelIds ?? [q.channel]).filter((id) => id === q.channel);
  let customerIds = q.customer !== undefined ? [q.customer] : undefined;
  if (def.customerType) {
    const ofType = await customerIdsOfType(db, def.customerType);
    customerIds = customerIds ? customerIds.filter((id) => ofType.has(id)) : [...ofType];
  }
  const lookback = def.source === 'start' ? START_LOOKBACK_DAYS * 86_400_000 : 0;
  const sums = await traffic.sums({
    from: new Date(Date.parse(`${range.prevFrom}T00:00:00Z`) - lookback),
    to: new Date(`${range.to}T00:00:00Z`),
    products: [def.product],
    scope: reportScope(auth),
    by: level.dim === 'day' ? null : level.dim === 'supplier' ? 'channel' : level.dim,
    splitAt: range.from,
    ...(def.source === 'start' ? { started: { prevFrom: range.prevFrom, prevTo: range.prevTo } } : {}),
    ...(q.owner !== undefined ? { ownerIds: [q.owner] } : {}),
    ...(customerIds ? { customerIds } : {}),
    ...(q.account !== undefined ? { accountIds: [q.account] } : {}),
    ...(channelIds ? { channelIds } : {}),
    ...(q.country !== undefined ? { countries: [q.country] } : {}),
    ...(q.network !== undefined ? { networks: [q.network] } : {}),
    ...(q.category !== undefined ? { categories: [q.category] } : {}),
    ...(def.rollup ? { rollup: def.rollup } : {}),
  });
  const voice = def.product === 'voice';

  // group: key + currency, current and previous period apart
  const groups = new Map<string, { key: string; currency: string; cur: Acc; prev: Acc }>();
  const totals = new Map<string, { cur: Acc; prev: Acc }>();
  const days = new Map<string, { cur: Acc; prev: Acc }>();
  // a day of the previous period is compared with the day as far into the current one
  const span = Date.parse(range.from) - Date.parse(range.prevFrom);
  const asCurrent = (day: string) => (day >= range.from ? day : ymdOf(Date.parse(day) + span));
  const group = (key: string, currency: string) => {
    const g = groups.get(`${key}|${currency}`) ?? { key, currency, cur: empty(), prev: empty() };
    groups.set(`${key}|${currency}`, g);
    return g;
  };
  for (const f of sums) {
    if (f.day === null) {
      const key = level.dim === 'supplier' ? String(supplierOf.get(Number(f.key)) ?? 0) : (f.key ?? '');
      add(f.current ? group(key, f.currency).cur : group(key, f.currency).prev, f);
      continue;
    }
    const current = f.day >= range.from;
    const t = totals.get(f.currency) ?? { cur: empty(), prev: empty() };
    totals.set(f.currency, t);
    add(current ? t.cur : t.prev, f);
    if (level.dim === 'day')
      add(current ? group(asCurrent(f.day), f.currency).cur : group(asCurrent(f.day), f.currency).prev, f);
  }
  // the main currency (most revenue in the period) draws the chart
  const currency = [...totals.entries()].sort((a, b) => b[1].cur.revenue.comparedTo(a[1].cur.revenue))[0]?.[0] ?? null;
  for (let d = Date.parse(range.from); d <= Date.parse(range.to); d += 86_400_000)
    days.set(ymdOf(d), { cur: empty(), prev: empty() });
  for (const f of sums) {
    if (f.day === null || f.currency !== currency) continue;
    const slot = days.get(asCurrent(f.day));
    if (slot) add(f.day >= range.from ? slot.cur : slot.prev, f);
  }

  const keys = [...new Set([...groups.values()].map((g) => g.key))];
  const customers = level.dim === 'customer' ? await customerFacts(db, keys.map(Number)) : new Map();
  const labels = await labelsFor(db, level.dim, keys, customers, channels);
  const periodDays = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
  const balances = def.source === 'consumption' && level.dim === 'account' ? await balancesOf(db, groups) : new Map();
  const rows: ReportRow[] = [...groups.values()]
    .map((g) => {
      const row: ReportRow = {
        key: g.key,
        label: labels.get(g.key) ?? g.key,
        currency: g.currency,
        ...figuresOf(g.cur, g.currency, voice),
        prev: figuresOf(g.prev, g.currency, voice),
      };
      const b = balances.get(g.key);
      if (b && b.currency === g.currency) {
        row.balance = b.balance;
        row.creditLine = b.creditLine;
        const daily = g.cur.revenue.div(periodDays);
        row.daysLeft = daily.isZero()
          ? null
          : Decimal.max(0, new Decimal(b.balance).plus(b.creditLine)).div(daily).toFixed(1);
      }
      return row;
    })
    // ramp-up lists the accounts that started in the period; the previous period's starters only count in the totals
    .filter((r) => def.source !== 'start' || r.firstDay !== null)
    .sort((a, b) =>
      level.dim === 'day'
        ? a.key.localeCompare(b.key)
        : new Decimal(b.revenue).comparedTo(a.revenue) || b.count - a.count || a.key.localeCompare(b.key),
    );
  return {
    ...range,
    dim: level.dim,
    rows,
    totals: [...totals.entries()].map(([cur, t]) => ({
      key: 'total',
      label: '',
      currency: cur,
      ...figuresOf(t.cur, cur, voice),
      prev: figuresOf(t.prev, cur, voice),
    })),
    series: [...days.entries()].map(([day, s]) => ({
      day,
      current: figuresOf(s.cur, currency, voice),
      prev: figuresOf(s.prev, currency, voice),
    })),
    currency,
  };
}

/** what each key of a level reads as: names from CRM, finance, SRM and the staff directory */
async function labelsFor(
  db: Db,
  dim: ReportDim,
  keys: string[],
  customers: Map<number, { code: string; name: string }>,
  channels: { id: number; code: string; name: string }[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const ids = keys.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  if (dim === 'customer')
    for (const k of keys) {
      const c = customers.get(Number(k));
      if (c) out.set(k, `${c.name} (${c.code})`);
    }
  if (dim === 'account') {
    const accounts = await portOf(db, 'accounts')?.byIds(ids);
    for (const k of keys) {
      const a = accounts?.get(Number(k));
      if (a) out.set(k, a.code);
    }
  }
  if (dim === 'owner' && ids.length) {
    const users = await db
      .select({ id: staffUsers.id, name: staffUsers.name, username: staffUsers.username })
      .from(staffUsers)
      .where(inArray(staffUsers.id, ids));
    for (const u of users) out.set(String(u.id), `${u.name} (${u.username})`);
  }
  if (dim === 'supplier')
    for (const [id, s] of await supplierRefs(db, ids)) out.set(String(id), `${s.name} (${s.code})`);
  if (dim === 'channel')
    for (const c of channels) if (keys.includes(String(c.id))) out.set(String(c.id), `${c.name} (${c.code})`);
  // no owner / supplier / channel / network / country known: a dash, never an empty name
  for (const k of keys) if (!out.has(k) && (k === '' || k === '0')) out.set(k, '-');
  return out;
}

/** each account's balance and credit line now, from the finance ledger port: one call for all of them */
async function balancesOf(db: Db, groups: Map<string, { key: string }>) {
  const ledger = portOf(db, 'ledger');
  if (!ledger) return fail('RPT_SOURCE_UNAVAILABLE', { vars: { value: 'ledger' } });
  const ids = [...new Set([...groups.values()].map((g) => Number(g.key)))];
  const found = ledger.balancesOf
    ? await ledger.balancesOf(ids)
    : new Map(
        (await Promise.all(ids.map(async (id) => [id, await ledger.balanceOf(id)] as const))).filter(
          (e): e is [number, NonNullable<(typeof e)[1]>] => e[1] !== null,
        ),
      );
  return new Map([...found].map(([id, b]) => [String(id), b]));
}
