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

/** What two accounts of one group are to each other, from the first to the second (null: not one group). */
export type Direction = 'out' | 'back' | 'between';
function directionOf(from: Locked, to: Locked): Direction | null {
  if (to.main_account_id === from.id) return 'out';
  if (from.main_account_id === to.id) return 'back';
  if (from.main_account_id != null && from.main_account_id === to.main_account_id) return 'between';
  return null;
}

/** Both accounts under their locks, always the lower id first, so two opposite allocations cannot deadlock. */
async function lockPair(tx: Tx, fromId: number, toId: number) {
  const [first, second] = fromId < toId ? [fromId, toId] : [toId, fromId];
  const a = await lockAccount(tx, first);
  const b = await lockAccount(tx, second);
  return fromId < toId ? { from: a, to: b } : { from: b, to: a };
}

/**
 * The rules of one allocation, at the application and again at approval (both accounts locked): both
 * open, one group (decision 0141: out of a main account, back to it, or between two of its
 * sub-accounts), same customer and currency, and the source holds the amount: a main account down
 * to its floor (prepaid: minus its credit lines; postpaid: zero, decision 0134), a sub-account only
 * its balance above zero (never its credit line).
 */
function checkAllocation(from: Locked | null, to: Locked | null, fromId: number, toId: number, amount: Decimal) {
  if (!from || !OPEN.includes(from.state))
    throw new AppError('FIN_ACCOUNT_NOT_ACTIVE', { vars: { value: from?.code ?? String(fromId) } });
  if (!to || !OPEN.includes(to.state))
    throw new AppError('FIN_ACCOUNT_NOT_ACTIVE', { vars: { value: to?.code ?? String(toId) } });
  const pair = `${from.code} → ${to.code}`;
  const direction = directionOf(from, to);
  if (!direction) throw new AppError('FIN_ALLOCATION_GROUP', { vars: { value: pair } });
  if (from.customer_id !== to.customer_id || from.currency !== to.currency)
    throw new AppError('FIN_ALLOCATION_MISMATCH', { vars: { value: pair } });
  const left = new Decimal(from.balance).minus(amount);
  if (direction === 'out' && left.lt(from.floor))
    throw new AppError('FIN_ALLOCATION_BALANCE', { vars: { value: from.code } });
  if (direction !== 'out' && left.lt(0)) throw new AppError('FIN_ALLOCATION_HOLDS', { vars: { value: from.code } });
  return direction;
}

/**
 * Applies to allocate (划拨) money inside one group of accounts, to `accountId` (an open account in the
 * caller's scope) from `fromAccountId` (in scope too) or, without it, from `accountId`'s main account
 * (decision 0134: FIN_ALLOCATION_NOT_SUB when it has none). Checked now as at approval
 * (`checkAllocation`); the application sits on the source (`account_id`) and names the destination
 * (`sub_account_id`).
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
    const visible = async (id: number) => {
      const [row] = await tx
        .select({ id: finAccounts.id, code: finAccounts.code, mainAccountId: finAccounts.mainAccountId })
        .from(finAccounts)
        .where(and(eq(finAccounts.id, id), accountScopeWhere(auth)));
      if (!row) throw new AppError('NOT_FOUND');
      return row;
    };
    const dest = await visible(body.accountId);
    let fromId: number;
    if (body.fromAccountId == null) {
      if (dest.mainAccountId == null) throw new AppError('FIN_ALLOCATION_NOT_SUB', { vars: { value: dest.code } });
      fromId = dest.mainAccountId;
    } else {
      if (body.fromAccountId === dest.id) throw new AppError('FIN_ALLOCATION_SAME', { vars: { value: dest.code } });
      fromId = (await visible(body.fromAccountId)).id;
    }
    const { from, to } = await lockPair(tx, fromId, dest.id);
    checkAllocation(from, to, fromId, dest.id, amount);
    return open(
      tx,
      out,
      {
        kind: 'allocation',
        accountId: from!.id,
        subAccountId: to!.id,
        amount: amount.toFixed(4),
        currency: from!.currency,
        reason: body.reason,
        applicantId: auth.userId,
        createdAt: p.clock.now(),
      },
      { account: `${from!.code} → ${to!.code}`, amount: `${amount.toFixed(4)} ${from!.currency}`, reason: body.reason },
    );
  });
}

/**
 * An approved allocation, in the approval's transaction: both accounts locked in id order (two
 * opposite allocations cannot deadlock; two from one account run one after the other), the rules
 * checked again under the locks (still one group, still holding the amount), then two `allocation`
 * entries — out of the source (key `application:<id>`) and into the destination
 * (`application:<id>:in`) — and both accounts' bills settled again. Any refusal leaves everything
 * as it was, and the approval does not complete.
 */
export async function postAllocation(tx: Tx, app: typeof finApplications.$inferSelect, actorId: number, now: Date) {
  const fromId = app.accountId;
  const toId = app.subAccountId!;
  const { from, to } = await lockPair(tx, fromId, toId);
  const amount = new Decimal(app.amount!);
  checkAllocation(from, to, fromId, toId, amount);
  const source = from!;
  const dest = to!;
  const day = dayOf(now);
  const common = { kind: 'allocation' as const, currency: app.currency, day, applicationId: app.id, actorId, at: now };
  let posted: Awaited<ReturnType<typeof postEntry>>;
  try {
    posted = await postEntry(
      tx,
      {
        ...common,
        accountId: source.id,
        amount: amount.neg().toFixed(4),
        key: `application:${app.id}`,
        note: app.reason,
      },
      source.code,
    );
  } catch (err) {
    if (err instanceof AppError && err.def === Errors.FIN_INSUFFICIENT_BALANCE)
      throw new AppError('FIN_ALLOCATION_BALANCE', { vars: { value: source.code } });
    throw err;
  }
  await postEntry(
    tx,
    { ...common, accountId: dest.id, amount: amount.toFixed(4), key: `application:${app.id}:in`, note: source.code },
    dest.code,
  );
  await settleBills(tx, day, source.id);
  await settleBills(tx, day, dest.id);
  return posted.entryId;
}
