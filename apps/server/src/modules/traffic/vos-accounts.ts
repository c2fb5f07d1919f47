import { LOW_DAYS, type VosAccountQuery, type VosAccountRow } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import { fail } from '../../platform/http/errors.js';
import { type ConsumerAccountRef, portOf } from '../../platform/ports.js';
import { money6 } from './pages.js';
import { DAY_MS, dayOf } from './partitions.js';

type Balance = { balance: string; creditLine: string; currency: string };

/** the ids of these accounts whose customer's owner is in my data scope (one statement over a VALUES list) */
async function inScope(db: Db, auth: AuthContext, accounts: ConsumerAccountRef[]): Promise<Set<number>> {
  if (accounts.length === 0 || auth.scope.kind === 'all') return new Set(accounts.map((a) => a.id));
  const values = sql.join(
    accounts.map((a) => sql`(${a.id}::int, ${a.ownerId ?? 0}::int)`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`select v.id from (values ${values}) as v(id, owner) where ${dataScopeWhere(auth, sql`v.owner`) ?? sql`true`}`,
    ),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * vos-voice-account: the active accounts carrying voice in my data scope, by code, with the ledger's
 * balance and credit now (finance's ledger port: reused, not copied) and the last 7 days of calls
 * from the daily rollup; `daysLeft` is the available money over the 7 days' average daily revenue.
 */
export async function vosAccounts(db: Db, auth: AuthContext, q: VosAccountQuery, now: Date) {
  const accountsPort = portOf(db, 'accounts');
  const ledger = portOf(db, 'ledger');
  if (!accountsPort || !ledger) return fail('TRF_ACCOUNTS_UNAVAILABLE');
  const voice = (await accountsPort.active())
    .filter((a) => a.products.includes('voice'))
    .filter((a) => q.accountId === undefined || a.id === q.accountId)
    .filter((a) => q.customerId === undefined || a.customerId === q.customerId)
    .filter((a) => !q.billing || a.billing === q.billing)
    .sort((a, b) => a.code.localeCompare(b.code));
  const mine = await inScope(db, auth, voice);
  let rows = await figures(
    db,
    ledger,
    voice.filter((a) => mine.has(a.id)),
    now,
  );
  if (q.low) rows = rows.filter((r) => r.daysLeft !== null && Number(r.daysLeft) < LOW_DAYS);
  const start = (q.page - 1) * q.size;
  return { records: rows.slice(start, start + q.size), total: rows.length, page: q.page, size: q.size };
}

async function figures(
  db: Db,
  ledger: NonNullable<ReturnType<typeof portOf<'ledger'>>>,
  accounts: ConsumerAccountRef[],
  now: Date,
): Promise<VosAccountRow[]> {
  if (accounts.length === 0) return [];
  const ids = accounts.map((a) => a.id);
  const since = dayOf(new Date(now.getTime() - 6 * DAY_MS));
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const sums = new Map(
    rowsOf<{ account_id: number; attempts: string; answered: string; seconds: string; revenue: string }>(
      await db.execute(sql`select account_id, sum(count) as attempts, sum(answered) as answered,
        sum(seconds) as seconds, sum(revenue) as revenue
        from traffic_daily where product = 'voice' and account_id in (${idList}) and day >= ${since}::date
        group by account_id`),
    ).map((r) => [Number(r.account_id), r]),
  );
  const balances: Map<number, Balance> = ledger.balancesOf
    ? await ledger.balancesOf(ids)
    : new Map(
        (await Promise.all(ids.map(async (id) => [id, await ledger.balanceOf(id)] as const))).filter(
          (e): e is [number, Balance] => e[1] !== null,
        ),
      );
  return accounts.map((a) => {
    const s = sums.get(a.id);
    const b = balances.get(a.id);
    const available = b ? new Decimal(b.balance).plus(b.creditLine) : null;
    const revenue = new Decimal(s?.revenue ?? 0);
    const perDay = revenue.div(7);
    return {
      accountId: a.id,
      code: a.code,
      customerId: a.customerId,
      ownerId: a.ownerId,
      billing: a.billing,
      currency: a.currency,
      balance: b ? money6(b.balance) : null,
      creditLine: b ? money6(b.creditLine) : null,
      available: available ? money6(available) : null,
      attempts: Number(s?.attempts ?? 0),
      answered: Number(s?.answered ?? 0),
      seconds: Number(s?.seconds ?? 0),
      revenue: money6(revenue),
      daysLeft: available && perDay.gt(0) ? Decimal.max(available, 0).div(perDay).toFixed(1) : null,
    };
  });
}
