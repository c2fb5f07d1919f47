import { Decimal } from 'decimal.js';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import type { AccountsPort, ConsumerAccountRef, LedgerPort, Product } from '../../platform/ports.js';
import { customerFieldSql } from '../crm/customer-refs.js';
import { accountAccess, financeRecordsOfAccount } from './account-records.js';
import { giftsByAccount } from './gifts.js';
import { balanceOf, balancesOf, postEntry } from './ledger.js';
import { finAccounts } from './schema.js';

const refColumns = {
  id: finAccounts.id,
  code: finAccounts.code,
  customerId: finAccounts.customerId,
  ownerId: sql<number | null>`${customerFieldSql(sql`"fin_accounts"."customer_id"`, 'owner_id')}`,
  currency: finAccounts.currency,
  billing: finAccounts.billing,
  state: finAccounts.state,
  products: finAccounts.products,
};
type Row = { [K in keyof typeof refColumns]: unknown };
const toRef = (r: Row): ConsumerAccountRef => ({
  id: r.id as number,
  code: r.code as string,
  customerId: r.customerId as number,
  ownerId: r.ownerId === null ? null : Number(r.ownerId),
  currency: r.currency as string,
  billing: r.billing as ConsumerAccountRef['billing'],
  // an opening that was refused never became an account that sends: closed to other rooms
  state: r.state === 'rejected' ? 'closed' : (r.state as ConsumerAccountRef['state']),
  products: r.products as Product[],
});

/** The `accounts` port: customers' accounts as other rooms read them. */
export const accountsPort = (db: Db): AccountsPort => ({
  async byCodes(codes) {
    if (!codes.length) return new Map();
    const rows = await db.select(refColumns).from(finAccounts).where(inArray(finAccounts.code, codes));
    return new Map(rows.map((r) => [r.code, toRef(r)]));
  },
  async byIds(ids) {
    if (!ids.length) return new Map();
    const rows = await db.select(refColumns).from(finAccounts).where(inArray(finAccounts.id, ids));
    return new Map(rows.map((r) => [r.id, toRef(r)]));
  },
  async byCustomers(customerIds) {
    const out = new Map<number, ConsumerAccountRef[]>();
    if (!customerIds.length) return out;
    const rows = await db
      .select(refColumns)
      .from(finAccounts)
      .where(inArray(finAccounts.customerId, customerIds))
      .orderBy(finAccounts.id);
    for (const r of rows.map(toRef)) out.set(r.customerId, [...(out.get(r.customerId) ?? []), r]);
    return out;
  },
  async active() {
    const rows = await db
      .select(refColumns)
      .from(finAccounts)
      .where(eq(finAccounts.state, 'active'))
      .orderBy(finAccounts.id);
    return rows.map(toRef);
  },
  async openedIn(from, to) {
    const rows = await db
      .select({ ...refColumns, openedAt: finAccounts.openedAt })
      .from(finAccounts)
      .where(and(gte(finAccounts.openedAt, from), lt(finAccounts.openedAt, to)))
      .orderBy(finAccounts.id);
    return rows.map((r) => ({ ...toRef(r), openedAt: new Date(r.openedAt!) }));
  },
  access: (accountId, auth) => accountAccess(db, auth, accountId),
  recordsOfAccount: (accountId) => financeRecordsOfAccount(db, accountId),
});

/**
 * The `ledger` port: a day's rated traffic of one account as a consumption entry (idempotent by its
 * key; a prepaid account beyond its credit line is refused with FIN_INSUFFICIENT_BALANCE), and the
 * balance; the gift recharges per account (decision 0143).
 */
export const ledgerPort = (db: Db): LedgerPort => ({
  async postConsumption(e) {
    const amount = new Decimal(e.amount);
    if (amount.isZero()) return { posted: false };
    const r = await db.transaction((tx) =>
      postEntry(tx, {
        accountId: e.accountId,
        kind: 'consumption',
        amount: amount.neg().toFixed(4),
        currency: e.currency,
        day: e.day,
        key: e.key,
        at: new Date(),
      }),
    );
    return { posted: r.posted };
  },
  async balanceOf(accountId) {
    const b = await balanceOf(db, accountId);
    return b && { balance: b.balance, creditLine: b.creditLine, currency: b.currency };
  },
  balancesOf: (accountIds) => balancesOf(db, accountIds),
  giftsByAccount: (q) => giftsByAccount(db, q),
});
