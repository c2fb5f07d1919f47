import { FinPerm, statementResource } from '@portal/contracts/finance';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DbOrTx, rowsOf } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { localeOf } from '../../platform/http/locale.js';
import { sendXlsx } from '../../platform/http/xlsx-reply.js';
import type { Platform } from '../../platform/platform.js';
import { bindResource } from '../../platform/resource/index.js';
import { accountScopeWhere, financeScope } from './accounts.js';
import { billStatement, closedPeriods } from './bills.js';
import { accountColumns } from './consumer/account-ref.js';
import { finAccounts, finStatements } from './schema.js';

/** The prepaid statements tab of `account/consumer/bill`, in the caller's scope (finance: all), read-only. */
export const statements = bindResource(statementResource, {
  scopeOf: financeScope,
  table: finStatements,
  search: { keyword: finStatements.search },
  columns: {
    code: finStatements.code,
    accountId: finStatements.accountId,
    ...accountColumns('fin_statements'),
    periodStart: finStatements.periodStart,
    periodEnd: finStatements.periodEnd,
    currency: finStatements.currency,
    opening: finStatements.opening,
    moneyIn: finStatements.moneyIn,
    moneyOut: finStatements.moneyOut,
    consumption: finStatements.consumption,
    closing: finStatements.closing,
    entries: finStatements.entries,
    issuedAt: finStatements.issuedAt,
    mailedAt: finStatements.mailedAt,
    mailedBy: finStatements.mailedBy,
    mailedTo: finStatements.mailedTo,
    mailFailed: finStatements.mailFailed,
    mailError: finStatements.mailError,
    mailTries: finStatements.mailTries,
  },
});

/**
 * The prepaid statements of the calendar month that closed before `day` (decision 0111), in one
 * statement: every prepaid account opened by the month's end that had money or entries gets one, its
 * figures summed from the ledger's entries by their own day (so it does not depend on when it runs).
 * Consumption is the `consumption` entries (net); money in and out are the other entries by sign. The unique
 * (account, month) makes a second or concurrent run a no-op. Answers how many were new.
 */
export async function runStatements(db: DbOrTx, day: string, now: Date): Promise<number> {
  const [from, to] = closedPeriods(day).monthly;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      with raw as (
        select account_id,
          coalesce(sum(amount) filter (where day < ${from}::date), 0) as opening,
          coalesce(sum(amount) filter (where day >= ${from}::date and kind <> 'consumption' and amount > 0), 0) as pos,
          coalesce(-sum(amount) filter (where day >= ${from}::date and kind <> 'consumption' and amount < 0), 0) as money_out,
          coalesce(-sum(amount) filter (where day >= ${from}::date and kind = 'consumption'), 0) as used,
          (count(*) filter (where day >= ${from}::date))::int as n
        from fin_ledger_entries where day <= ${to}::date group by account_id
      ),
      -- consumption is net of its reversals; a month whose reversals outweigh it shows them as money in
      sums as (
        select account_id, opening, money_out, n, greatest(used, 0) as consumption,
          pos + greatest(-used, 0) as money_in
        from raw
      )
      insert into fin_statements (code, account_id, period_start, period_end, currency, opening, money_in,
        money_out, consumption, closing, entries, issued_at)
      select 'ST' || nextval('fin_statement_code_seq'), a.id, ${from}::date, ${to}::date, a.currency,
        s.opening, s.money_in, s.money_out, s.consumption,
        s.opening + s.money_in - s.money_out - s.consumption, s.n, ${now}
      from fin_accounts a join sums s on s.account_id = a.id
      where a.billing = 'prepaid' and a.opened_at is not null
        and a.opened_at < (${to}::date + 1)::timestamp at time zone 'UTC'
        and (s.opening <> 0 or s.n > 0)
      order by a.id
      on conflict (account_id, period_start) do nothing
      returning id`),
  );
  return rows.length;
}

/** `GET /v2/fc/statement/{id}/statement`: a prepaid statement's XLSX, in the caller's account scope. */
export async function statementRoutes(app: FastifyInstance, p: Platform) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v2/fc/statement/:id/statement',
    {
      schema: {
        tags: ['finance'],
        summary: 'A prepaid statement (XLSX): the month’s consumption by day, product and country, then its balances',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
      },
      config: { access: { perm: FinPerm.BILLS } },
    },
    async (req, reply) => {
      const [st] = await p.db
        .select()
        .from(finStatements)
        .innerJoin(finAccounts, eq(finAccounts.id, finStatements.accountId))
        .where(and(eq(finStatements.id, req.params.id), accountScopeWhere(req.auth!)));
      if (!st) throw new AppError('NOT_FOUND');
      const s = st.fin_statements;
      const stream = await billStatement(p.db, { ...s, amount: s.consumption }, localeOf(req.headers), [
        { zh: '期初余额', en: 'Opening balance', amount: s.opening },
        { zh: '本月入账', en: 'Money in', amount: s.moneyIn },
        { zh: '本月退出', en: 'Money out', amount: s.moneyOut },
        { zh: '期末余额', en: 'Closing balance', amount: s.closing },
      ]);
      return sendXlsx(reply, `${s.code}.xlsx`, stream);
    },
  );
}
