import {
  type AccountApply,
  type AllocationApply,
  type ApplicationDetail,
  CHANGE_MAX_DAYS,
  type ChangeApply,
  type ChangeKind,
  type CreditApply,
  type CreditKind,
  type EntryKind,
  FIN_SERVICES,
  type FinApplicationKind,
  type FinApplyResult,
  type MoneyApply,
  type MoneyKind,
  REFUNDABLE_KINDS,
  type RefundApply,
  type ReinstateApply,
  type WriteOffApply,
} from '@portal/contracts/finance';
import { Decimal } from 'decimal.js';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import { type DbOrTx, rowsOf, type Tx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import {
  type ApprovalOutcome,
  type Outbox,
  processOfService,
  registerApprovalHandler,
  runCommand,
  startInstance,
} from '../approval/index.js';
import { customerRefInScope } from '../crm/customer-refs.js';
import { reference } from '../system/reference/index.js';
import { accountScopeWhere } from './accounts.js';
import { settleBills } from './bills.js';
import { balanceOf, dayOf, pgError, postEntry } from './ledger.js';
import { applyAllocation, type OpenApplication, postAllocation } from './main-accounts.js';
import {
  accountCodeSeq,
  applicationCodeSeq,
  finAccounts,
  finApplications,
  finBills,
  finLedgerEntries,
  finOverdueActions,
} from './schema.js';

/** The ledger entry kind a money application writes. */
const ENTRY_OF: Record<MoneyKind, EntryKind> = {
  recharge: 'recharge',
  payment: 'payment',
  hedge: 'hedge',
  gift: 'gift',
  manual: 'adjustment',
};
const TITLE: Record<FinApplicationKind, string> = {
  prepay_credit: '预付信用申请',
  postpay_credit: '后付信用申请',
  temp_credit: '临时额度申请',
  deferral: '延期付款申请',
  billing_change: '付款方式变更',
  cycle_change: '账单周期变更',
  open: '客户账户开户',
  recharge: '充值申请',
  payment: '付款申请',
  hedge: '对冲申请',
  gift: '赠送申请',
  manual: '手工充值',
  refund: '退款申请',
  write_off: '坏账核销申请',
  reinstate: '恢复账户申请',
  allocation: '划拨申请',
};

const nextCode = async (tx: DbOrTx, seq: typeof accountCodeSeq, prefix: string) => {
  const [row] = rowsOf<{ n: string }>(await tx.execute(sql`select nextval(${seq.seqName})::text as n`));
  return `${prefix}${row!.n}`;
};

async function start(
  tx: Tx,
  out: Outbox,
  kind: FinApplicationKind,
  initiatorId: number,
  appId: number,
  formData: { account: string; amount: string; reason: string },
) {
  const processId = await processOfService(tx, FIN_SERVICES[kind]);
  if (!processId) throw new AppError('FIN_NO_PROCESS', { vars: { value: TITLE[kind] } });
  const { instanceId } = await startInstance(
    tx,
    {
      processId,
      initiatorId,
      title: `${TITLE[kind]} ${formData.account}${formData.amount ? ` ${formData.amount}` : ''}`,
      formData,
      businessKey: String(appId),
    },
    out,
  );
  return instanceId;
}

/** Checks of an opening that read reference data: outside the transaction (PGlite's one connection). */
async function checkReference(p: Platform, body: AccountApply) {
  const ref = reference(p);
  if (!(await ref.currencyOf(body.currency)))
    throw new AppError('FIN_CURRENCY_UNKNOWN', { vars: { value: body.currency } });
  if (body.entityId && !(await ref.entities()).some((e) => e.id === body.entityId))
    throw new AppError('FIN_ENTITY_UNKNOWN', { vars: { value: String(body.entityId) } });
}

/**
 * Applies to open a consumer account for a customer in the caller's data scope: the account (state
 * applying, balance zero), the application and its approval request in one transaction.
 */
export async function applyAccount(p: Platform, auth: AuthContext, body: AccountApply): Promise<FinApplyResult> {
  await checkReference(p, body);
  return runCommand(p, (tx, out) => openAccount(tx, out, auth, body, p.clock.now()));
}

export async function openAccount(tx: Tx, out: Outbox, auth: AuthContext, body: AccountApply, now: Date) {
  const customer = await customerRefInScope(tx, auth, body.customerId);
  if (!customer || customer.state === 'blacklist')
    throw new AppError('FIN_CUSTOMER_UNKNOWN', { vars: { value: String(body.customerId) } });
  const code = await nextCode(tx, accountCodeSeq, 'CA');
  const [acc] = await tx
    .insert(finAccounts)
    .values({
      code,
      customerId: customer.id,
      products: [...new Set(body.products)],
      currency: body.currency,
      billing: body.billing,
      creditLine: new Decimal(body.creditLine).toFixed(4),
      billCycle: body.billCycle,
      entityId: body.entityId ?? null,
      applicantId: auth.userId,
      createdAt: now,
    })
    .returning({ id: finAccounts.id });
  const appCode = await nextCode(tx, applicationCodeSeq, 'FA');
  const [app] = await tx
    .insert(finApplications)
    .values({
      code: appCode,
      kind: 'open',
      accountId: acc!.id,
      currency: body.currency,
      reason: body.reason ?? null,
      applicantId: auth.userId,
      createdAt: now,
    })
    .returning({ id: finApplications.id });
  const instanceId = await start(tx, out, 'open', auth.userId, app!.id, {
    account: `${code} ${customer.code} ${customer.name}`,
    amount: '',
    reason: `${body.billing} ${body.currency} ${body.products.join(',')}${body.reason ? ` · ${body.reason}` : ''}`,
  });
  await tx.update(finApplications).set({ instanceId }).where(eq(finApplications.id, app!.id));
  await tx.update(finAccounts).set({ approvalId: instanceId }).where(eq(finAccounts.id, acc!.id));
  return { id: acc!.id, code, instanceId };
}

/**
 * An active account in the caller's scope; with `suspendedToo` also one the overdue ladder
 * suspended (money may still come in to pay its bills).
 */
async function activeAccount(tx: Tx, auth: AuthContext, id: number, suspendedToo = false) {
  const [acc] = await tx
    .select({
      id: finAccounts.id,
      code: finAccounts.code,
      currency: finAccounts.currency,
      state: finAccounts.state,
      billing: finAccounts.billing,
      creditLine: finAccounts.creditLine,
      billCycle: finAccounts.billCycle,
      tempCredit: finAccounts.tempCredit,
      tempCreditUntil: finAccounts.tempCreditUntil,
      deferredUntil: finAccounts.deferredUntil,
    })
    .from(finAccounts)
    .where(and(eq(finAccounts.id, id), accountScopeWhere(auth)));
  if (!acc) throw new AppError('NOT_FOUND');
  if (acc.state !== 'active' && !(suspendedToo && acc.state === 'suspended'))
    throw new AppError('FIN_ACCOUNT_NOT_ACTIVE', { vars: { value: acc.code } });
  return acc;
}

/**
 * Applies to move money into an account (recharge, payment received, hedge, gift, manual top-up):
 * the application and its request in one transaction; nothing is posted until it is approved.
 */
export async function applyMoney(
  p: Platform,
  auth: AuthContext,
  kind: MoneyKind,
  body: MoneyApply,
): Promise<FinApplyResult> {
  const amount = new Decimal(body.amount);
  if (amount.lte(0)) throw new AppError('FIN_AMOUNT_ZERO');
  return runCommand(p, (tx, out) => startMoney(tx, out, auth, kind, body, p.clock.now()));
}

export async function startMoney(
  tx: Tx,
  out: Outbox,
  auth: AuthContext,
  kind: MoneyKind,
  body: MoneyApply,
  now: Date,
): Promise<FinApplyResult> {
  const acc = await activeAccount(tx, auth, body.accountId, true);
  const amount = new Decimal(body.amount).toFixed(4);
  const code = await nextCode(tx, applicationCodeSeq, 'FA');
  const [app] = await tx
    .insert(finApplications)
    .values({
      code,
      kind,
      accountId: acc.id,
      amount,
      currency: acc.currency,
      reference: body.reference ?? null,
      reason: body.reason,
      applicantId: auth.userId,
      createdAt: now,
    })
    .returning({ id: finApplications.id });
  const instanceId = await start(tx, out, kind, auth.userId, app!.id, {
    account: acc.code,
    amount: `${amount} ${acc.currency}`,
    reason: body.reason,
  });
  await tx.update(finApplications).set({ instanceId }).where(eq(finApplications.id, app!.id));
  return { id: app!.id, code, instanceId };
}

/**
 * Applies to allocate money of a main account to a sub-account (decision 0134): the application
 * (on the main account, naming the sub-account) and its request, opened the way every kind is.
 */
export function applyAllocationFor(p: Platform, auth: AuthContext, body: AllocationApply) {
  const open: OpenApplication = async (tx, out, values, form) => {
    const code = await nextCode(tx, applicationCodeSeq, 'FA');
    const [app] = await tx
      .insert(finApplications)
      .values({ ...values, code })
      .returning({ id: finApplications.id });
    const instanceId = await start(tx, out, values.kind, auth.userId, app!.id, form);
    await tx.update(finApplications).set({ instanceId }).where(eq(finApplications.id, app!.id));
    return { id: app!.id, code, instanceId };
  };
  return applyAllocation(p, auth, body, open);
}

/**
 * Applies for a refund (账单退款) of money that came in through an approved recharge or payment of
 * an account in the caller's scope: no more than what is left to refund of it, nor than the
 * account's balance. Nothing moves until it is approved; the approval checks both again under the
 * account's and the source's row locks (decision 0073).
 */
export async function applyRefund(p: Platform, auth: AuthContext, body: RefundApply): Promise<FinApplyResult> {
  const amount = new Decimal(body.amount);
  if (amount.lte(0)) throw new AppError('FIN_AMOUNT_ZERO');
  return runCommand(p, async (tx, out) => {
    const acc = await activeAccount(tx, auth, body.accountId, true);
    const [src] = await tx
      .select({
        id: finApplications.id,
        code: finApplications.code,
        amount: finApplications.amount,
        refunded: finApplications.refunded,
      })
      .from(finApplications)
      .where(
        and(
          eq(finApplications.id, body.sourceId),
          eq(finApplications.accountId, acc.id),
          eq(finApplications.state, 'approved'),
          inArray(finApplications.kind, [...REFUNDABLE_KINDS]),
        ),
      );
    if (!src) throw new AppError('FIN_REFUND_SOURCE', { vars: { value: String(body.sourceId) } });
    if (amount.gt(new Decimal(src.amount!).minus(src.refunded)))
      throw new AppError('FIN_REFUND_OVER', { vars: { value: src.code } });
    const bal = await balanceOf(tx, acc.id);
    if (amount.gt(bal!.balance)) throw new AppError('FIN_REFUND_BALANCE', { vars: { value: acc.code } });
    const code = await nextCode(tx, applicationCodeSeq, 'FA');
    const [app] = await tx
      .insert(finApplications)
      .values({
        code,
        kind: 'refund',
        accountId: acc.id,
        sourceId: src.id,
        amount: amount.toFixed(4),
        currency: acc.currency,
        reference: body.reference ?? null,
        reason: body.reason,
        applicantId: auth.userId,
        createdAt: p.clock.now(),
      })
      .returning({ id: finApplications.id });
    const instanceId = await start(tx, out, 'refund', auth.userId, app!.id, {
      account: acc.code,
      amount: `${amount.toFixed(4)} ${acc.currency} ← ${src.code}`,
      reason: body.reason,
    });
    await tx.update(finApplications).set({ instanceId }).where(eq(finApplications.id, app!.id));
    return { id: app!.id, code, instanceId };
  });
}

/**
 * An approved refund, in the approval's transaction: the source's `refunded` moved under its row
 * lock, where the check refuses more than it brought in (FIN_REFUND_OVER); the account locked,
 * still open, its balance covering the refund (FIN_REFUND_BALANCE); then the negative
 * `refund` entry (key `application:<id>`) and the account's bills settled again. Any refusal
 * leaves everything as it was.
 */
async function postRefund(tx: Tx, app: typeof finApplications.$inferSelect, actorId: number, now: Date) {
  let src: { code: string } | undefined;
  try {
    [src] = await tx.transaction((sp) =>
      sp
        .update(finApplications)
        .set({
          refunded: sql`${finApplications.refunded} + ${app.amount}`,
          version: sql`${finApplications.version} + 1`,
        })
        .where(eq(finApplications.id, app.sourceId!))
        .returning({ code: finApplications.code }),
    );
  } catch (err) {
    if (pgError(err).constraint !== 'fin_applications_refunded') throw err;
    const [s] = await tx
      .select({ code: finApplications.code })
      .from(finApplications)
      .where(eq(finApplications.id, app.sourceId!));
    throw new AppError('FIN_REFUND_OVER', { vars: { value: s?.code ?? String(app.sourceId) } });
  }
  if (!src) throw new AppError('FIN_REFUND_SOURCE', { vars: { value: String(app.sourceId) } });
  const [acc] = rowsOf<{ code: string; state: string; balance: string }>(
    await tx.execute(
      sql`select code, state, balance::text as balance from fin_accounts where id = ${app.accountId} for update`,
    ),
  );
  if (!acc || (acc.state !== 'active' && acc.state !== 'suspended'))
    throw new AppError('FIN_ACCOUNT_NOT_ACTIVE', { vars: { value: acc?.code ?? String(app.accountId) } });
  if (new Decimal(app.amount!).gt(acc.balance)) throw new AppError('FIN_REFUND_BALANCE', { vars: { value: acc.code } });
  const posted = await postEntry(
    tx,
    {
      accountId: app.accountId,
      kind: 'refund',
      amount: new Decimal(app.amount!).neg().toFixed(4),
      currency: app.currency,
      day: dayOf(now),
      key: `application:${app.id}`,
      applicationId: app.id,
      note: app.reason,
      actorId,
      at: now,
    },
    acc.code,
  );
  await tx.update(finApplications).set({ entryId: posted.entryId }).where(eq(finApplications.id, app.id));
  // money out: what the bills still owe is derived from the balance, so settle them again
  await settleBills(tx, dayOf(now), app.accountId);
}

/**
 * Applies to write off (坏账核销) an overdue bill of an account in the caller's scope: what it still
 * owes, once the account's bills are settled at the app clock. One write-off of a bill under review
 * or done (the partial unique index). Nothing moves until it is approved (decision 0080).
 */
export async function applyWriteOff(p: Platform, auth: AuthContext, body: WriteOffApply): Promise<FinApplyResult> {
  return runCommand(p, async (tx, out) => {
    const now = p.clock.now();
    const [found] = await tx
      .select({ accountId: finBills.accountId })
      .from(finBills)
      .innerJoin(finAccounts, eq(finAccounts.id, finBills.accountId))
      .where(and(eq(finBills.id, body.billId), accountScopeWhere(auth)));
    if (!found) throw new AppError('NOT_FOUND');
    const acc = await activeAccount(tx, auth, found.accountId, true);
    await settleBills(tx, dayOf(now), acc.id);
    const [bill] = await tx
      .select({ id: finBills.id, code: finBills.code, state: finBills.state, unpaid: finBills.unpaid })
      .from(finBills)
      .where(eq(finBills.id, body.billId));
    if (bill!.state !== 'overdue') throw new AppError('FIN_WRITE_OFF_BILL', { vars: { value: bill!.code } });
    const code = await nextCode(tx, applicationCodeSeq, 'FA');
    const [app] = await tx
      .insert(finApplications)
      .values({
        code,
        kind: 'write_off',
        accountId: acc.id,
        billId: bill!.id,
        amount: bill!.unpaid,
        currency: acc.currency,
        reason: body.reason,
        applicantId: auth.userId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: finApplications.id });
    if (!app) throw new AppError('FIN_WRITE_OFF_PENDING', { vars: { value: bill!.code } });
    const instanceId = await start(tx, out, 'write_off', auth.userId, app.id, {
      account: acc.code,
      amount: `${new Decimal(bill!.unpaid).toFixed(4)} ${acc.currency} ← ${bill!.code}`,
      reason: body.reason,
    });
    await tx.update(finApplications).set({ instanceId }).where(eq(finApplications.id, app.id));
    return { id: app.id, code, instanceId };
  });
}

/**
 * An approved write-off, in the approval's transaction: the account locked (so no consumption or
 * payment moves it meanwhile) and its bills settled; the bill must still owe exactly the amount
 * approved (else FIN_WRITE_OFF_CHANGED: a payment or refund came between). Then the positive
 * `write_off` entry (contra book bad debt, key `application:<id>`), the bill `written_off` with
 * nothing left unpaid, and the other bills settled again. Any refusal leaves everything as it was.
 */
async function postWriteOff(tx: Tx, app: typeof finApplications.$inferSelect, actorId: number, now: Date) {
  const [acc] = rowsOf<{ code: string; state: string }>(
    await tx.execute(sql`select code, state from fin_accounts where id = ${app.accountId} for update`),
  );
  if (!acc || (acc.state !== 'active' && acc.state !== 'suspended'))
    throw new AppError('FIN_ACCOUNT_NOT_ACTIVE', { vars: { value: acc?.code ?? String(app.accountId) } });
  const day = dayOf(now);
  await settleBills(tx, day, app.accountId);
  const [bill] = await tx
    .select({ code: finBills.code, state: finBills.state, unpaid: finBills.unpaid })
    .from(finBills)
    .where(eq(finBills.id, app.billId!));
  if (!bill || bill.state === 'written_off' || !new Decimal(bill.unpaid).eq(app.amount!))
    throw new AppError('FIN_WRITE_OFF_CHANGED', { vars: { value: bill?.code ?? String(app.billId) } });
  const posted = await postEntry(
    tx,
    {
      accountId: app.accountId,
      kind: 'write_off',
      amount: app.amount!,
      currency: app.currency,
      day,
      key: `application:${app.id}`,
      applicationId: app.id,
      note: `${bill.code} ${app.reason ?? ''}`.trim(),
      actorId,
      at: now,
    },
    acc.code,
  );
  await tx
    .update(finBills)
    .set({ state: 'written_off', unpaid: '0', version: sql`${finBills.version} + 1` })
    .where(eq(finBills.id, app.billId!));
  await tx.update(finApplications).set({ entryId: posted.entryId }).where(eq(finApplications.id, app.id));
  await settleBills(tx, day, app.accountId);
}

/**
 * Applies to reinstate an account the overdue ladder suspended (it stays suspended while a bad debt
 * of its was written off, decision 0080): one under review per account (the partial unique index);
 * nothing changes until it is approved (decision 0093).
 */
export async function applyReinstate(p: Platform, auth: AuthContext, body: ReinstateApply): Promise<FinApplyResult> {
  return runCommand(p, async (tx, out) => {
    const [acc] = await tx
      .select({ id: finAccounts.id, code: finAccounts.code, state: finAccounts.state, currency: finAccounts.currency })
      .from(finAccounts)
      .where(and(eq(finAccounts.id, body.accountId), accountScopeWhere(auth)));
    if (!acc) throw new AppError('NOT_FOUND');
    if (acc.state !== 'suspended') throw new AppError('FIN_REINSTATE_NOT_SUSPENDED', { vars: { value: acc.code } });
    const code = await nextCode(tx, applicationCodeSeq, 'FA');
    const [app] = await tx
      .insert(finApplications)
      .values({
        code,
        kind: 'reinstate',
        accountId: acc.id,
        currency: acc.currency,
        reason: body.reason,
        applicantId: auth.userId,
        createdAt: p.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: finApplications.id });
    if (!app) throw new AppError('FIN_REINSTATE_PENDING', { vars: { value: acc.code } });
    const instanceId = await start(tx, out, 'reinstate', auth.userId, app.id, {
      account: acc.code,
      amount: '',
      reason: body.reason,
    });
    await tx.update(finApplications).set({ instanceId }).where(eq(finApplications.id, app.id));
    return { id: app.id, code, instanceId };
  });
}

/**
 * An approved reinstatement, in the approval's transaction: a still suspended account sends again,
 * its bad-debt mark cleared and the ladder's suspensions of it lifted (a bill overdue later starts a
 * new episode, whose steps fire again). An account no longer suspended is left as it is.
 */
async function reinstate(tx: Tx, app: typeof finApplications.$inferSelect, now: Date) {
  const [acc] = await tx
    .update(finAccounts)
    .set({ state: 'active', badDebtSince: null, version: sql`${finAccounts.version} + 1` })
    .where(and(eq(finAccounts.id, app.accountId), eq(finAccounts.state, 'suspended')))
    .returning({ id: finAccounts.id });
  if (!acc) return;
  await tx
    .update(finOverdueActions)
    .set({ liftedAt: now })
    .where(
      and(
        eq(finOverdueActions.accountId, acc.id),
        inArray(finOverdueActions.action, ['suspend', 'bad_debt']),
        isNull(finOverdueActions.liftedAt),
      ),
    );
}

/**
 * Applies for a new credit line (预付 / 后付信用申请, by the account's billing method): the
 * application and its request; the line changes only when approved.
 */
export async function applyCredit(p: Platform, auth: AuthContext, kind: CreditKind, body: CreditApply) {
  return runCommand<FinApplyResult>(p, async (tx, out) => {
    const acc = await activeAccount(tx, auth, body.accountId);
    if ((kind === 'prepay_credit') !== (acc.billing === 'prepaid'))
      throw new AppError('FIN_CREDIT_BILLING', { vars: { value: acc.code } });
    const line = new Decimal(body.creditLine).toFixed(4);
    const code = await nextCode(tx, applicationCodeSeq, 'FA');
    const [app] = await tx
      .insert(finApplications)
      .values({
        code,
        kind,
        accountId: acc.id,
        amount: line,
        previousAmount: acc.creditLine,
        currency: acc.currency,
        reason: body.reason,
        applicantId: auth.userId,
        createdAt: p.clock.now(),
      })
      .returning({ id: finApplications.id });
    const instanceId = await start(tx, out, kind, auth.userId, app!.id, {
      account: acc.code,
      amount: `${acc.creditLine} → ${line} ${acc.currency}`,
      reason: body.reason,
    });
    await tx.update(finApplications).set({ instanceId }).where(eq(finApplications.id, app!.id));
    return { id: app!.id, code, instanceId };
  });
}

/** `YYYY-MM-DD` plus n days */
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** What each change application asks for, checked against the account as it is. */
function changeOf(
  kind: ChangeKind,
  body: ChangeApply[ChangeKind],
  acc: Awaited<ReturnType<typeof activeAccount>>,
  today: string,
): { amount?: string; previousAmount?: string; changeFrom?: string; changeTo?: string; until?: string; shown: string } {
  if (kind === 'temp_credit' || kind === 'deferral') {
    const until = (body as ChangeApply['temp_credit' | 'deferral']).until;
    if (!(until > today && until <= addDays(today, CHANGE_MAX_DAYS)) || Number.isNaN(Date.parse(until)))
      throw new AppError('FIN_UNTIL_RANGE', { vars: { value: until } });
    if (kind === 'deferral') return { until, changeFrom: acc.deferredUntil ?? undefined, shown: `→ ${until}` };
    const amount = new Decimal((body as ChangeApply['temp_credit']).amount);
    if (amount.lte(0)) throw new AppError('FIN_AMOUNT_ZERO');
    return {
      amount: amount.toFixed(4),
      previousAmount: acc.tempCredit,
      until,
      shown: `${amount.toFixed(2)} ${acc.currency} → ${until}`,
    };
  }
  const [from, to] =
    kind === 'billing_change'
      ? [acc.billing, (body as ChangeApply['billing_change']).billing]
      : [acc.billCycle, (body as ChangeApply['cycle_change']).billCycle];
  if (from === to) throw new AppError('FIN_CHANGE_SAME', { vars: { value: acc.code } });
  return { changeFrom: from, changeTo: to, shown: `${from} → ${to}` };
}

/**
 * Applies for a credit-control change (temporary credit, payment deferral, billing-method or
 * bill-cycle change) of an active account in the caller's scope; one of each kind under review per
 * account. Nothing changes until it is approved.
 */
export async function applyChange<K extends ChangeKind>(p: Platform, auth: AuthContext, kind: K, body: ChangeApply[K]) {
  return runCommand<FinApplyResult>(p, async (tx, out) => {
    const acc = await activeAccount(tx, auth, body.accountId);
    const now = p.clock.now();
    const change = changeOf(kind, body, acc, dayOf(now));
    const [pending] = await tx
      .select({ id: finApplications.id })
      .from(finApplications)
      .where(
        and(
          eq(finApplications.accountId, acc.id),
          eq(finApplications.kind, kind),
          eq(finApplications.state, 'pending'),
        ),
      );
    if (pending) throw new AppError('FIN_APPLICATION_PENDING', { vars: { value: acc.code } });
    const code = await nextCode(tx, applicationCodeSeq, 'FA');
    const { shown, ...values } = change;
    const inserted = await tx
      .insert(finApplications)
      .values({
        code,
        kind,
        accountId: acc.id,
        ...values,
        currency: acc.currency,
        reason: body.reason,
        applicantId: auth.userId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: finApplications.id });
    // a concurrent application of the same kind won the partial unique index
    if (!inserted[0]) throw new AppError('FIN_APPLICATION_PENDING', { vars: { value: acc.code } });
    const appId = inserted[0].id;
    const instanceId = await start(tx, out, kind, auth.userId, appId, {
      account: acc.code,
      amount: shown,
      reason: body.reason,
    });
    await tx.update(finApplications).set({ instanceId }).where(eq(finApplications.id, appId));
    return { id: appId, code, instanceId };
  });
}

/**
 * An approved credit-control application changes the account (in a savepoint, so a refusal leaves
 * the approval's transaction usable); a prepaid account whose balance would fall below its new
 * floor (minus line and temporary credit) is refused by the check.
 */
async function setAccount(
  tx: Tx,
  accountId: number,
  values: Partial<typeof finAccounts.$inferInsert>,
  refusal: 'FIN_CREDIT_BELOW_DEBT' | 'FIN_BILLING_BELOW_DEBT',
) {
  try {
    await tx.transaction((sp) =>
      sp
        .update(finAccounts)
        .set({ ...values, version: sql`${finAccounts.version} + 1` })
        .where(eq(finAccounts.id, accountId)),
    );
  } catch (err) {
    const [acc] = await tx.select({ code: finAccounts.code }).from(finAccounts).where(eq(finAccounts.id, accountId));
    if (pgError(err).constraint === 'fin_accounts_prepaid_floor')
      throw new AppError(refusal, { vars: { value: acc?.code ?? String(accountId) } });
    throw err;
  }
}

/** What an approved credit-control application writes on its account. */
function creditChange(app: typeof finApplications.$inferSelect): Partial<typeof finAccounts.$inferInsert> {
  switch (app.kind) {
    case 'prepay_credit':
    case 'postpay_credit':
      return { creditLine: app.amount! };
    case 'temp_credit':
      return { tempCredit: app.amount!, tempCreditUntil: app.until };
    case 'deferral':
      return { deferredUntil: app.until };
    case 'billing_change':
      return { billing: app.changeTo as 'prepaid' | 'postpaid' };
    default:
      return { billCycle: app.changeTo as 'monthly' | 'semimonthly' | 'weekly' };
  }
}
const CREDIT_CONTROL = new Set<FinApplicationKind>([
  'prepay_credit',
  'postpay_credit',
  'temp_credit',
  'deferral',
  'billing_change',
  'cycle_change',
]);

/**
 * The approval's outcome, in its own transaction: the application's state; an approved opening
 * activates the account, an approved money application posts its entry (key `application:<id>`,
 * so a second delivery of the outcome posts nothing).
 */
export async function decide(
  tx: Tx,
  appId: number,
  state: 'approved' | 'rejected' | 'withdrawn',
  actorId: number,
  now: Date,
) {
  const [app] = await tx
    .update(finApplications)
    .set({ state, decidedAt: now, deciderId: actorId, version: sql`${finApplications.version} + 1` })
    .where(and(eq(finApplications.id, appId), eq(finApplications.state, 'pending')))
    .returning();
  if (!app) return;
  if (app.kind === 'open') {
    await tx
      .update(finAccounts)
      .set({
        state: state === 'approved' ? 'active' : 'rejected',
        openedAt: state === 'approved' ? now : null,
        version: sql`${finAccounts.version} + 1`,
      })
      .where(and(eq(finAccounts.id, app.accountId), eq(finAccounts.state, 'applying')));
    return;
  }
  if (state !== 'approved') return;
  if (app.kind === 'refund') {
    await postRefund(tx, app, actorId, now);
    return;
  }
  if (app.kind === 'write_off') {
    await postWriteOff(tx, app, actorId, now);
    return;
  }
  if (app.kind === 'reinstate') {
    await reinstate(tx, app, now);
    return;
  }
  if (app.kind === 'allocation') {
    const entryId = await postAllocation(tx, app, actorId, now);
    await tx.update(finApplications).set({ entryId }).where(eq(finApplications.id, app.id));
    return;
  }
  if (CREDIT_CONTROL.has(app.kind)) {
    await setAccount(
      tx,
      app.accountId,
      creditChange(app),
      app.kind === 'billing_change' ? 'FIN_BILLING_BELOW_DEBT' : 'FIN_CREDIT_BELOW_DEBT',
    );
    return;
  }
  const [acc] = await tx.select({ code: finAccounts.code }).from(finAccounts).where(eq(finAccounts.id, app.accountId));
  const posted = await postEntry(
    tx,
    {
      accountId: app.accountId,
      kind: ENTRY_OF[app.kind as MoneyKind],
      amount: app.amount!,
      currency: app.currency,
      day: dayOf(now),
      key: `application:${app.id}`,
      applicationId: app.id,
      note: app.reason,
      actorId,
      at: now,
    },
    acc?.code,
  );
  await tx.update(finApplications).set({ entryId: posted.entryId }).where(eq(finApplications.id, app.id));
  // money in settles the account's bills at once (the oldest first), in the same transaction
  await settleBills(tx, dayOf(now), app.accountId);
}

let current: Platform | undefined;
const outcome = (state: 'approved' | 'rejected' | 'withdrawn') => (o: ApprovalOutcome) =>
  decide(o.tx, Number(o.instance.businessKey), state, o.actorId, current!.clock.now());

/** The approval engine tells the room how its requests ended (one handler per kind). */
export function registerFinanceHandlers(p: Platform) {
  const first = !current;
  current = p;
  if (!first) return;
  for (const service of Object.values(FIN_SERVICES))
    registerApprovalHandler(service, {
      onApproved: outcome('approved'),
      onRejected: outcome('rejected'),
      onWithdrawn: outcome('withdrawn'),
    });
}

/** One application as the section 7 detail calls answer it, if the caller's scope covers its account. */
export async function applicationDetail(
  db: DbOrTx,
  auth: AuthContext,
  kinds: readonly FinApplicationKind[],
  by: { id: number } | { instanceId: number },
): Promise<ApplicationDetail> {
  const [row] = await db
    .select({
      id: finApplications.id,
      code: finApplications.code,
      kind: finApplications.kind,
      state: finApplications.state,
      accountId: finApplications.accountId,
      accountCode: finAccounts.code,
      customerId: finAccounts.customerId,
      amount: finApplications.amount,
      previousAmount: finApplications.previousAmount,
      changeFrom: finApplications.changeFrom,
      changeTo: finApplications.changeTo,
      until: finApplications.until,
      currency: finApplications.currency,
      reference: finApplications.reference,
      reason: finApplications.reason,
      instanceId: finApplications.instanceId,
      applicantId: finApplications.applicantId,
      deciderId: finApplications.deciderId,
      createdAt: finApplications.createdAt,
      decidedAt: finApplications.decidedAt,
      entryId: finApplications.entryId,
      balanceAfter: finLedgerEntries.balanceAfter,
      sourceId: finApplications.sourceId,
      refunded: finApplications.refunded,
      billId: finApplications.billId,
      subAccountId: finApplications.subAccountId,
    })
    .from(finApplications)
    .innerJoin(finAccounts, eq(finAccounts.id, finApplications.accountId))
    .leftJoin(finLedgerEntries, eq(finLedgerEntries.id, finApplications.entryId))
    .where(
      and(
        'id' in by ? eq(finApplications.id, by.id) : eq(finApplications.instanceId, by.instanceId),
        sql`${finApplications.kind} in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})`,
      ),
    );
  if (!row) throw new AppError('NOT_FOUND');
  if (row.applicantId !== auth.userId) {
    const [inScope] = await db
      .select({ id: finAccounts.id })
      .from(finAccounts)
      .where(and(eq(finAccounts.id, row.accountId), accountScopeWhere(auth)));
    if (!inScope) throw new AppError('NOT_FOUND');
  }
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
