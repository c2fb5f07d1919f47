import type { Locale } from '@portal/contracts';
import type { GiftPage, GiftQuery, GiftRow } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { asc, eq, inArray } from 'drizzle-orm';
import { departments, userDepartments } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db } from '../../platform/db/index.js';
import { departmentNames, staffNames } from '../../platform/history/names.js';
import { AppError, fail } from '../../platform/http/errors.js';
import { nameInSql } from '../../platform/i18n/names.js';
import { type GiftSum, portOf } from '../../platform/ports.js';
import { customerFacts } from '../crm/index.js';
import { type RateOf, withConverted } from './converted.js';
import { money6 } from './pages.js';
import { dayOf } from './partitions.js';
import { addFigures, emptyFigures, type Figures, mergeFigures, presentFigures } from './perf-figures.js';
import { requireRange } from './queries.js';
import { reportSums } from './report-sums.js';

type Gifts = { gifts: number; amount: Decimal };
type Acc = { code: string | null; customerId: number | null; ownerId: number | null };
type Line = { accountId: number; f: Figures; g: Gifts };

/** gift amount / revenue in %, 2 places; null without revenue */
const ratioOf = (gift: Decimal, revenue: Decimal) =>
  revenue.isZero() ? null : gift.times(100).div(revenue).toFixed(2);

/** the members of a department (its sales owners), and the first department's name of each user */
async function membersOf(db: Db, departmentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userDepartments.userId })
    .from(userDepartments)
    .where(eq(userDepartments.departmentId, departmentId));
  return rows.map((r) => r.id);
}
async function homeDepartmentNames(db: Db, userIds: number[], locale: Locale): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: userDepartments.userId, name: nameInSql(locale, departments.name, departments.nameEn) })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
    .where(inArray(userDepartments.userId, userIds))
    .orderBy(asc(userDepartments.departmentId));
  const out = new Map<number, string>();
  for (const r of rows) if (!out.has(r.userId)) out.set(r.userId, r.name);
  return out;
}

/** the filters' ids, each checked to exist (an unknown one is refused, never answered as empty) */
async function checkedFilters(db: Db, q: GiftQuery, locale: Locale) {
  if (q.ownerId !== undefined && !(await staffNames(db, [q.ownerId], locale)).has(q.ownerId))
    return fail('TRF_OWNER_UNKNOWN', { vars: { value: q.ownerId } });
  if (q.departmentId !== undefined && !(await departmentNames(db, [q.departmentId], locale)).has(q.departmentId))
    return fail('TRF_DEPARTMENT_UNKNOWN', { vars: { value: q.departmentId } });
  if (q.customerId !== undefined && !(await customerFacts(db, [q.customerId])).has(q.customerId))
    return fail('TRF_CUSTOMER_UNKNOWN', { vars: { value: q.customerId } });
  let ownerIds = q.ownerId !== undefined ? [q.ownerId] : undefined;
  if (q.departmentId !== undefined) {
    const members = await membersOf(db, q.departmentId);
    ownerIds = ownerIds ? ownerIds.filter((id) => members.includes(id)) : members;
  }
  return { ownerIds, customerIds: q.customerId !== undefined ? [q.customerId] : undefined };
}

/**
 * gift-performance (decision 0143): per consumer account and currency, the gift recharges posted on the
 * range's UTC days (the finance ledger through its port, in the caller's data scope on the account's sales
 * owner) beside the account's traffic of the same days (the traffic port's level sums by account: ten-day
 * blocks and edge days, never raw records, in the caller's traffic scope), and the gifts as a share of
 * that revenue. Only accounts with gifts unless `all`; largest gift first within a currency; totals per
 * currency over the whole filter.
 */
export async function giftPerformance(
  db: Db,
  auth: AuthContext,
  q: GiftQuery,
  rateOf: RateOf,
  locale: Locale,
  every = false,
): Promise<GiftPage> {
  const r = requireRange(q);
  const { ownerIds, customerIds } = await checkedFilters(db, q, locale);
  const ledger = portOf(db, 'ledger');
  if (!ledger?.giftsByAccount)
    throw new AppError('INTERNAL', { detail: 'gift-performance needs the finance ledger port' });
  const all = q.all === 'true';
  const last = new Date(r.to.getTime() - 1);
  const days = { from: dayOf(r.from), to: dayOf(last) };
  const gifts: GiftSum[] =
    ownerIds?.length === 0 ? [] : await ledger.giftsByAccount({ ...days, ownerIds, customerIds, scope: auth });
  const giftAccounts = [...new Set(gifts.map((g) => g.accountId))];
  const sums =
    ownerIds?.length === 0 || (!all && !giftAccounts.length)
      ? []
      : await reportSums(db)({
          from: r.from,
          to: last,
          scope: auth,
          ownerIds,
          customerIds,
          accountIds: all ? undefined : giftAccounts,
          by: 'account',
          splitAt: days.from,
        });
  const lines = new Map<string, Line>();
  const lineOf = (accountId: number, currency: string) => {
    const key = `${accountId}|${currency}`;
    const line = lines.get(key) ?? { accountId, f: emptyFigures(currency), g: { gifts: 0, amount: new Decimal(0) } };
    lines.set(key, line);
    return line;
  };
  const accounts = new Map<number, Acc>();
  for (const g of gifts) {
    accounts.set(g.accountId, { code: g.code, customerId: g.customerId, ownerId: g.ownerId });
    const line = lineOf(g.accountId, g.currency);
    line.g.gifts += g.count;
    line.g.amount = line.g.amount.plus(g.amount);
  }
  for (const s of sums) if (s.day === null && s.key) addFigures(lineOf(Number(s.key), s.currency).f, s);
  const rows = [...lines.values()].sort(
    (a, b) =>
      a.f.currency.localeCompare(b.f.currency) ||
      b.g.amount.comparedTo(a.g.amount) ||
      b.f.revenue.comparedTo(a.f.revenue) ||
      a.accountId - b.accountId,
  );
  const totals = new Map<string, { f: Figures; g: Gifts; accounts: Set<number> }>();
  for (const row of rows) {
    const cur = row.f.currency;
    const t = totals.get(cur) ?? { f: emptyFigures(cur), g: { gifts: 0, amount: new Decimal(0) }, accounts: new Set() };
    totals.set(cur, t);
    mergeFigures(t.f, row.f);
    t.g.gifts += row.g.gifts;
    t.g.amount = t.g.amount.plus(row.g.amount);
    t.accounts.add(row.accountId);
  }
  const page = every ? rows : rows.slice((q.page - 1) * q.size, q.page * q.size);
  // accounts with traffic and no gift in the range: their code, customer and owner from the accounts port
  const unknown = [...new Set(page.map((x) => x.accountId))].filter((id) => !accounts.has(id));
  if (unknown.length)
    for (const [id, a] of (await portOf(db, 'accounts')?.byIds(unknown)) ?? new Map())
      accounts.set(id, { code: a.code, customerId: a.customerId, ownerId: a.ownerId });
  const accOf = (id: number): Acc => accounts.get(id) ?? { code: null, customerId: null, ownerId: null };
  const customerIdsOnPage = page.map((x) => accOf(x.accountId).customerId).filter((id): id is number => id !== null);
  const ownersOnPage = page.map((x) => accOf(x.accountId).ownerId).filter((id): id is number => id !== null);
  const [customers, owners, depts] = await Promise.all([
    customerFacts(db, [...new Set(customerIdsOnPage)]),
    staffNames(db, [...new Set(ownersOnPage)], locale),
    homeDepartmentNames(db, [...new Set(ownersOnPage)], locale),
  ]);
  const present = (f: Figures, g: Gifts) => ({
    ...presentFigures(f),
    gifts: g.gifts,
    giftAmount: money6(g.amount),
    giftRatio: ratioOf(g.amount, f.revenue),
  });
  // the range's last day's rates (decision 0129)
  const day = days.to;
  const records: GiftRow[] = await withConverted(
    rateOf,
    page.map(({ accountId, f, g }) => {
      const a = accOf(accountId);
      return {
        accountId,
        accountCode: a.code,
        customerId: a.customerId,
        customerName: a.customerId === null ? null : (customers.get(a.customerId)?.name ?? null),
        ownerId: a.ownerId,
        ownerName: a.ownerId === null ? null : (owners.get(a.ownerId) ?? null),
        departmentName: a.ownerId === null ? null : (depts.get(a.ownerId) ?? null),
        ...present(f, g),
      };
    }),
    () => day,
  );
  return {
    records,
    total: rows.length,
    page: q.page,
    size: q.size,
    totals: await withConverted(
      rateOf,
      [...totals.values()]
        .sort((a, b) => a.f.currency.localeCompare(b.f.currency))
        .map((t) => ({ ...present(t.f, t.g), accounts: t.accounts.size })),
      () => day,
    ),
  };
}
