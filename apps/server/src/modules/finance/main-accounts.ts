import { Errors } from '@portal/contracts';
import type { AllocationApply, FinApplyResult } from '@portal/contracts/finance';
import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import { rowsOf, type Tx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import type { Values } from '../../platform/resource/index.js';
import { type Outbox, runCommand } from '../approval/index.js';
import { accountScopeWhere } from './accounts.js';
import { settleBills } from './bills.js';
import { dayOf, postEntry } from './ledger.js';
import { finAccounts, type finApplications } from './schema.js';

const OPEN = ['active', 'suspended'];

interface Locked {
  id: number;
  code: string;
  customer_id: number;
  currency: string;
  state: string;
  billing: string;
  balance: string;
  floor: string;
  main_account_id: number | null;
}

/** An account row under its lock (null: absent); `floor` is what it may go down to. */
async function lockAccount(tx: Tx, id: number): Promise<Locked | null> {
  const [row] = rowsOf<Locked>(
    await tx.execute(sql`select id, code, customer_id, currency, state, billing, balance::text as balance,
      (case when billing = 'prepaid' then -(credit_line + temp_credit) else 0 end)::text as floor, main_account_id
      from fin_accounts where id = ${id} for update`),
  );
  return row ?? null;
}

/**
 * The account form's main account (decision 0134), checked in the update's transaction with the
 * account (the kernel's lock) and the chosen main account locked: not itself, an open account the
 * editor sees, the same customer and currency, and no chains — the main account is no one's
 * sub-account and the account being edited has no sub-accounts of its own. Any two edits that could
 * make a chain lock a common row, so they run one after the other.
 */
export async function checkMainAccount(tx: Tx, auth: AuthContext, before: Values, patch: Values) {
  if (!('mainAccountId' in patch) || patch.mainAccountId == null) return;
  const id = Number(before.id);
  const mainId = Number(patch.mainAccountId);
  const code = String(before.code);
  if (mainId === id) throw new AppError('FIN_MAIN_ACCOUNT_SELF', { vars: { value: code } });
  const [visible] = await tx
    .select({ id: finAccounts.id })
    .from(finAccounts)
    .where(and(eq(finAccounts.id, mainId), accountScopeWhere(auth)));
  const main = visible ? await lockAccount(tx, mainId) : null;
  if (!main || !OPEN.includes(main.state))
    throw new AppError('FIN_MAIN_ACCOUNT_UNKNOWN', { vars: { value: main?.code ?? String(mainId) } });
  if (main.customer_id !== Number(before.customerId))
    throw new AppError('FIN_MAIN_ACCOUNT_CUSTOMER', { vars: { value: main.code } });
  if (main.currency !== before.currency)
    throw new AppError('FIN_MAIN_ACCOUNT_CURRENCY', { vars: { value: main.code } });
  if (main.main_account_id != null) throw new AppError('FIN_MAIN_ACCOUNT_CHAIN', { vars: { value: main.code } });
  const [sub] = await tx
    .select({ id: finAccounts.id })
    .from(finAccounts)
    .where(eq(finAccounts.mainAccountId, id))
    .limit(1);
  if (sub) throw new AppError('FIN_MAIN_ACCOUNT_CHAIN', { vars: { value: code } });
}

/** Opens a finance application and its approval request (applications.ts: one way for every kind). */
export type OpenApplication = (
  tx: Tx,
  out: Outbox,
  values: Omit<typeof finApplications.$inferInsert, 'code'>,
  form: { account: string; amount: string; reason: string },
) => Promise<FinApplyResult>;

/**
 * Applies to allocate (划拨) money of a main account to one of its sub-accounts (`accountId`, an open
 * account in the caller's scope that names a main account). The main account must hold the amount
 * now (its balance, plus its credit lines when prepaid); the approval checks again under its lock.
 */
export async function applyAllocation(
  p: Platform,
  auth: AuthContext,
  body: AllocationApply,
  open: OpenApplication,
): Promise<FinApplyResult> {
  const amount = new Decimal(body.amount);
  if (amount.lte(0)) throw new AppError('FIN_AMOUNT_ZERO');
  return runCommand(p, async (tx, out) => {
    const [sub] = await tx
      .select({
        id: finAccounts.id,
        code: finAccounts.code,
        state: finAccounts.state,
        mainAccountId: finAccounts.mainAccountId,
      })
      .from(finAccounts)
      .where(and(eq(finAccounts.id, body.accountId), accountScopeWhere(auth)));
    if (!sub) throw new AppError('NOT_FOUND');
    if (!OPEN.includes(sub.state)) throw new AppError('FIN_ACCOUNT_NOT_ACTIVE', { vars: { value: sub.code } });
    if (sub.mainAccountId == null) throw new AppError('FIN_ALLOCATION_NOT_SUB', { vars: { value: sub.code } });
    const main = await lockAccount(tx, sub.mainAccountId);
    if (!main || !OPEN.includes(main.state))
      throw new AppError('FIN_ACCOUNT_NOT_ACTIVE', { vars: { value: main?.code ?? String(sub.mainAccountId) } });
    if (new Decimal(main.balance).minus(amount).lt(main.floor))
      throw new AppError('FIN_ALLOCATION_BALANCE', { vars: { value: main.code } });
    return open(
      tx,
      out,
      {
        kind: 'allocation',
        accountId: main.id,
        subAccountId: sub.id,
        amount: amount.toFixed(4),
        currency: main.currency,
        reason: body.reason,
        applicantId: auth.userId,
        createdAt: p.clock.now(),
      },
      { account: `${main.code} → ${sub.code}`, amount: `${amount.toFixed(4)} ${main.currency}`, reason: body.reason },
    );
  });
}

/**
 * An approved allocation, in the approval's transaction: the main account locked first (two
 * allocations of one main account run one after the other), still open, still the sub-account's main
 * account, and not taken below its floor (a prepaid one's is also the database's check); then two
 * `allocation` entries — out of the main account (key `application:<id>`) and into the sub-account
 * (`application:<id>:in`) — and both accounts' bills settled again. Any refusal leaves everything as
 * it was, and the approval does not complete.
 */
export async function postAllocation(tx: Tx, app: typeof finApplications.$inferSelect, actorId: number, now: Date) {
  const main = await lockAccount(tx, app.accountId);
  if (!main || !OPEN.includes(main.state))
    throw new AppError('FIN_ACCOUNT_NOT_ACTIVE', { vars: { value: main?.code ?? String(app.accountId) } });
  const sub = await lockAccount(tx, app.subAccountId!);
  if (!sub || sub.main_account_id !== main.id)
    throw new AppError('FIN_ALLOCATION_NOT_SUB', { vars: { value: sub?.code ?? String(app.subAccountId) } });
  if (!OPEN.includes(sub.state)) throw new AppError('FIN_ACCOUNT_NOT_ACTIVE', { vars: { value: sub.code } });
  const amount = new Decimal(app.amount!);
  if (new Decimal(main.balance).minus(amount).lt(main.floor))
    throw new AppError('FIN_ALLOCATION_BALANCE', { vars: { value: main.code } });
  const day = dayOf(now);
  const common = { kind: 'allocation' as const, currency: app.currency, day, applicationId: app.id, actorId, at: now };
  let out: Awaited<ReturnType<typeof postEntry>>;
  try {
    out = await postEntry(
      tx,
      {
        ...common,
        accountId: main.id,
        amount: amount.neg().toFixed(4),
        key: `application:${app.id}`,
        note: app.reason,
      },
      main.code,
    );
  } catch (err) {
    if (err instanceof AppError && err.def === Errors.FIN_INSUFFICIENT_BALANCE)
      throw new AppError('FIN_ALLOCATION_BALANCE', { vars: { value: main.code } });
    throw err;
  }
  await postEntry(
    tx,
    { ...common, accountId: sub.id, amount: amount.toFixed(4), key: `application:${app.id}:in`, note: main.code },
    sub.code,
  );
  await settleBills(tx, day, main.id);
  await settleBills(tx, day, sub.id);
  return out.entryId;
}
