import { accountResource, entryResource, FinPerm, finApplicationResource } from '@portal/contracts/finance';
import { type SQL, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { AppError } from '../../platform/http/errors.js';
import { bindResource } from '../../platform/resource/index.js';
import { customerFieldSql } from '../crm/customer-refs.js';
import { checkMainAccount } from './main-accounts.js';
import { finAccounts, finApplications, finLedgerEntries } from './schema.js';

const accountCustomer = sql`"fin_accounts"."customer_id"`;
/** the customer's owner of an account: whose data scope covers it */
export const accountOwnerSql = customerFieldSql(accountCustomer, 'owner_id');
/** the customer's owner of the account another room's column names (quotation: a sent quote's account) */
export const ownerOfAccountSql = (accountId: SQL) =>
  customerFieldSql(sql`(select a.customer_id from fin_accounts a where a.id = ${accountId})`, 'owner_id');

export const accounts = bindResource(accountResource, {
  scopeOf: financeScope,
  table: finAccounts,
  search: { keyword: finAccounts.search },
  columns: {
    code: finAccounts.code,
    customerId: finAccounts.customerId,
    customerCode: customerFieldSql(accountCustomer, 'code'),
    customerName: customerFieldSql(accountCustomer, 'name'),
    ownerId: accountOwnerSql,
    products: finAccounts.products,
    currency: finAccounts.currency,
    billing: finAccounts.billing,
    creditLine: finAccounts.creditLine,
    balance: finAccounts.balance,
    tempCredit: finAccounts.tempCredit,
    tempCreditUntil: finAccounts.tempCreditUntil,
    deferredUntil: finAccounts.deferredUntil,
    badDebtSince: finAccounts.badDebtSince,
    billCycle: finAccounts.billCycle,
    entityId: finAccounts.entityId,
    mainAccountId: finAccounts.mainAccountId,
    mainAccountCode: sql`(select m.code from fin_accounts m where m.id = "fin_accounts"."main_account_id")`,
    subAccounts: sql`(select count(*)::int from fin_accounts s where s.main_account_id = "fin_accounts"."id")`,
    state: finAccounts.state,
    approvalId: finAccounts.approvalId,
    createdAt: finAccounts.createdAt,
    openedAt: finAccounts.openedAt,
    billingEmail: finAccounts.billingEmail,
    billingLocale: finAccounts.billingLocale,
    autoMail: finAccounts.autoMail,
  },
  commands: {
    // decision 0135: where the account's bills and statements are mailed; blank clears it
    async billingContact(_ctx, account, input) {
      const email = typeof input.billingEmail === 'string' ? input.billingEmail.trim() : '';
      // mailed automatically only to a billing e-mail (decision 0142); left out: kept as it is
      const autoMail = input.autoMail === undefined ? account.autoMail === true : input.autoMail === true;
      if (autoMail && !email) throw new AppError('FIN_AUTOMAIL_NO_CONTACT', { vars: { value: String(account.code) } });
      return { set: { billingEmail: email || null, billingLocale: input.billingLocale, autoMail } };
    },
  },
  hooks: {
    // the main account, the one field finance edits (decision 0134)
    beforeUpdate: async (ctx, before, patch) => {
      await checkMainAccount(ctx.tx, ctx.auth, before, patch);
      return undefined;
    },
  },
});

const of = (table: string, col: string, field: 'code' | 'customer_id') =>
  sql.raw(`(select a.${field} from fin_accounts a where a.id = "${table}"."${col}")`);
const customerOfAccount = (table: string) =>
  customerFieldSql(sql.raw(`(select a.customer_id from fin_accounts a where a.id = "${table}"."account_id")`), 'name');
const ownerOfAccount = (table: string) =>
  customerFieldSql(
    sql.raw(`(select a.customer_id from fin_accounts a where a.id = "${table}"."account_id")`),
    'owner_id',
  );

export const applications = bindResource(finApplicationResource, {
  scopeOf: financeScope,
  table: finApplications,
  search: { keyword: finApplications.search },
  columns: {
    code: finApplications.code,
    kind: finApplications.kind,
    accountId: finApplications.accountId,
    accountCode: of('fin_applications', 'account_id', 'code'),
    customerName: customerOfAccount('fin_applications'),
    ownerId: ownerOfAccount('fin_applications'),
    amount: finApplications.amount,
    previousAmount: finApplications.previousAmount,
    changeFrom: finApplications.changeFrom,
    changeTo: finApplications.changeTo,
    until: finApplications.until,
    currency: finApplications.currency,
    reference: finApplications.reference,
    reason: finApplications.reason,
    sourceCode: sql`(select s.code from fin_applications s where s.id = "fin_applications"."source_id")`,
    refundable: sql`("fin_applications"."amount" - "fin_applications"."refunded")`,
    billCode: sql`(select b.code from fin_bills b where b.id = "fin_applications"."bill_id")`,
    subAccountCode: sql`(select s.code from fin_accounts s where s.id = "fin_applications"."sub_account_id")`,
    state: finApplications.state,
    instanceId: finApplications.instanceId,
    applicantId: finApplications.applicantId,
    applicantName: sql`(select u.name from ${staffUsers} u where u.id = "fin_applications"."applicant_id")`,
    deciderId: finApplications.deciderId,
    deciderName: sql`(select u.name from ${staffUsers} u where u.id = "fin_applications"."decider_id")`,
    createdAt: finApplications.createdAt,
    decidedAt: finApplications.decidedAt,
  },
});

export const entries = bindResource(entryResource, {
  scopeOf: financeScope,
  table: finLedgerEntries,
  columns: {
    key: finLedgerEntries.key,
    accountId: finLedgerEntries.accountId,
    accountCode: of('fin_ledger_entries', 'account_id', 'code'),
    customerName: customerOfAccount('fin_ledger_entries'),
    ownerId: ownerOfAccount('fin_ledger_entries'),
    kind: finLedgerEntries.kind,
    amount: finLedgerEntries.amount,
    currency: finLedgerEntries.currency,
    balanceAfter: finLedgerEntries.balanceAfter,
    day: finLedgerEntries.day,
    applicationId: finLedgerEntries.applicationId,
    reversesId: finLedgerEntries.reversesId,
    createdAt: finLedgerEntries.createdAt,
  },
});

/**
 * Finance staff (holders of the accounts' "all" key, which the finance role has and sales do not)
 * see every account whatever their role's data scope; everyone else sees the accounts of the
 * customers their data scope covers (by the customer's owner).
 */
export function financeScope(auth: AuthContext): AuthContext {
  return auth.perms.has(FinPerm.ALL_ACCOUNTS) ? { ...auth, scope: { kind: 'all', departmentIds: [] } } : auth;
}

/** The caller's data scope over accounts (by the customer's owner): a condition, or none for all. */
export const accountScopeWhere = (auth: AuthContext): SQL | undefined =>
  dataScopeWhere(financeScope(auth), accountOwnerSql);
