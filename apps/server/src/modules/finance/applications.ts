import {
  type AccountApply,
  type ApplicationDetail,
  type CreditApply,
  type CreditKind,
  type EntryKind,
  FIN_SERVICES,
  type FinApplicationKind,
  type FinApplyResult,
  type MoneyApply,
  type MoneyKind,
} from '@portal/contracts/finance';
import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
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
import { dayOf, pgError, postEntry } from './ledger.js';
import { accountCodeSeq, applicationCodeSeq, finAccounts, finApplications, finLedgerEntries } from './schema.js';

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
  open: '客户账户开户',
  recharge: '充值申请',
  payment: '付款申请',
  hedge: '对冲申请',
  gift: '赠送申请',
  manual: '手工充值',
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

/** An active account in the caller's scope. */
async function activeAccount(tx: Tx, auth: AuthContext, id: number) {
  const [acc] = await tx
    .select({
      id: finAccounts.id,
      code: finAccounts.code,
      currency: finAccounts.currency,
      state: finAccounts.state,
      billing: finAccounts.billing,
      creditLine: finAccounts.creditLine,
    })
    .from(finAccounts)
    .where(and(eq(finAccounts.id, id), accountScopeWhere(auth)));
  if (!acc) throw new AppError('NOT_FOUND');
  if (acc.state !== 'active') throw new AppError('FIN_ACCOUNT_NOT_ACTIVE', { vars: { value: acc.code } });
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
  const acc = await activeAccount(tx, auth, body.accountId);
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

/** An approved credit application sets the line; a prepaid account owing more than it is refused. */
async function setCreditLine(tx: Tx, accountId: number, line: string) {
  try {
    await tx.transaction((sp) =>
      sp
        .update(finAccounts)
        .set({ creditLine: line, version: sql`${finAccounts.version} + 1` })
        .where(eq(finAccounts.id, accountId)),
    );
  } catch (err) {
    const [acc] = await tx.select({ code: finAccounts.code }).from(finAccounts).where(eq(finAccounts.id, accountId));
    if (pgError(err).constraint === 'fin_accounts_prepaid_floor')
      throw new AppError('FIN_CREDIT_BELOW_DEBT', { vars: { value: acc?.code ?? String(accountId) } });
    throw err;
  }
}

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
    .set({ state, decidedAt: now, version: sql`${finApplications.version} + 1` })
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
  if (app.kind === 'prepay_credit' || app.kind === 'postpay_credit') {
    await setCreditLine(tx, app.accountId, app.amount!);
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
      currency: finApplications.currency,
      reference: finApplications.reference,
      reason: finApplications.reason,
      instanceId: finApplications.instanceId,
      applicantId: finApplications.applicantId,
      createdAt: finApplications.createdAt,
      decidedAt: finApplications.decidedAt,
      entryId: finApplications.entryId,
      balanceAfter: finLedgerEntries.balanceAfter,
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
