import { IDENTITY_EXPIRING_DAYS, identityResource } from '@portal/contracts/finance';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../../platform/db/index.js';
import type { Platform } from '../../../platform/platform.js';
import { bindResource } from '../../../platform/resource/index.js';
import { customerFieldSql } from '../../crm/customer-refs.js';
import { accountOwnerSql, financeScope } from '../accounts.js';
import { today } from '../overdue.js';
import { finAccounts } from '../schema.js';

/**
 * The identity state of an account from one verification `v` (state, valid_until) on `day`
 * (decision 0133): pending and rejected as they are; approved is verified, expiring from
 * IDENTITY_EXPIRING_DAYS before the valid-until, expired after it (no valid-until: verified).
 */
const stateOf = (day: string): SQL => sql`case v.state
  when 'approved' then case
    when v.valid_until is null then 'verified'
    when v.valid_until < ${day}::date then 'expired'
    when v.valid_until <= ${day}::date + ${IDENTITY_EXPIRING_DAYS}::int then 'expiring'
    else 'verified' end
  else v.state end`;

/**
 * Sets the accounts' identity state on `day` (one account, or all: the seed and the daily job, when
 * "verified" turns "expiring" and "expired"). The latest verification decides, except a rejected
 * renewal: an earlier approval then decides (verified, expiring or expired as its valid-until says),
 * the rejection stays in the account's history. Only changed rows are written.
 */
export async function syncIdentity(tx: DbOrTx, day: string, accountId?: number): Promise<void> {
  const only = accountId === undefined ? sql`` : sql`where account_id = ${accountId}`;
  await tx.execute(sql`
    update fin_accounts a set identity_id = s.id, identity_state = s.identity_state
    from (
      select distinct on (v.account_id) v.id, v.account_id, ${stateOf(day)} as identity_state
      from (select id, account_id, state, valid_until,
                   first_value(state) over (partition by account_id order by id desc) as latest
            from fin_verifications ${only}) v
      where v.latest <> 'rejected' or v.state in ('rejected', 'approved')
      order by v.account_id, (v.latest = 'rejected' and v.state = 'approved') desc, v.id desc
    ) s
    where s.account_id = a.id
      and (a.identity_id is distinct from s.id or a.identity_state is distinct from s.identity_state)`);
}

/** the daily job: approved documents run towards their valid-until */
export const IDENTITY_JOB = 'finance-identity-refresh';
export const IDENTITY_CRON = '15 0 * * *';
export const refreshIdentities = (p: Platform) => syncIdentity(p.db, today(p));

const accountCustomer = sql`"fin_accounts"."customer_id"`;
const current = (col: string) =>
  sql.raw(`(select v.${col} from fin_verifications v where v.id = "fin_accounts"."identity_id")`);

/**
 * `account/consumer/auth`: the open consumer accounts in the caller's scope with their identity
 * state (an indexed column, so the state filter reads an index) and their latest verification.
 */
export const identities = bindResource(identityResource, {
  scopeOf: financeScope,
  table: finAccounts,
  rows: sql`"fin_accounts"."state" in ('active', 'suspended')`,
  search: { keyword: finAccounts.search },
  columns: {
    code: finAccounts.code,
    customerId: finAccounts.customerId,
    customerName: customerFieldSql(accountCustomer, 'name'),
    ownerId: accountOwnerSql,
    identityState: finAccounts.identityState,
    verificationId: finAccounts.identityId,
    subject: current('subject'),
    legalName: current('legal_name'),
    documentNo: current('document_no'),
    validUntil: sql`(select v.valid_until::text from fin_verifications v where v.id = "fin_accounts"."identity_id")`,
    submittedBy: current('created_by'),
    submittedAt: current('created_at'),
    decidedBy: current('reviewed_by'),
    decidedAt: current('reviewed_at'),
    createdAt: finAccounts.createdAt,
  },
});

/**
 * An account's identity state once its verification `id` is decided (the command's write follows):
 * a rejected renewal leaves the account's latest approval deciding (as `syncIdentity`).
 */
export async function markIdentity(
  tx: DbOrTx,
  day: string,
  v: { id: number; accountId: number; state: string; validUntil: unknown },
): Promise<void> {
  if (v.state === 'rejected') {
    const [approved] = rowsOf<{ id: number; valid_until: string | null }>(
      await tx.execute(sql`select id, valid_until::text as valid_until from fin_verifications
        where account_id = ${v.accountId} and id <> ${v.id} and state = 'approved' order by id desc limit 1`),
    );
    if (approved)
      return markIdentity(tx, day, { ...v, id: approved.id, state: 'approved', validUntil: approved.valid_until });
  }
  const until = v.validUntil ? String(v.validUntil) : null;
  await tx.execute(sql`
    update fin_accounts set identity_id = ${v.id}, identity_state = (
      select ${stateOf(day)} from (select ${v.state}::text as state, ${until}::date as valid_until) v)
    where id = ${v.accountId}`);
}
