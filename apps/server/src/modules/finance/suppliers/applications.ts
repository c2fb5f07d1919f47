import {
  SUPPLIER_SERVICE,
  type SupplierApplicationDetail,
  type SupplierApplicationKind,
  type SupplierApply,
  supplierPerm,
} from '@portal/contracts/finance';
import { and, eq, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../../platform/access/data-scope.js';
import type { AuthContext } from '../../../platform/auth/context.js';
import { type DbOrTx, rowsOf, type Tx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import {
  type ApprovalOutcome,
  type Outbox,
  processOfService,
  registerApprovalHandler,
  runCommand,
  startInstance,
} from '../../approval/index.js';
import { financeScope } from '../accounts.js';
import { dayOf } from '../ledger.js';
import { checkWriteOff, recordWriteOffState } from './bad-debt.js';
import { addBillPayment } from './bill-pay.js';
import { postSupplierEntry } from './ledger.js';
import { supplierAccountOwnerSql } from './resources.js';
import {
  finSupplierAccounts,
  finSupplierApplications,
  finSupplierEntries,
  supplierApplicationCodeSeq,
} from './schema.js';

const TITLE = {
  prepayment: '供应商预付申请',
  payment: '供应商付款申请',
  adjustment: '供应商账户调整',
  write_off: '供应商坏账核销',
  bill: '供应商账单差额入账',
} as const;

/** A supplier account the caller may see (finance staff: all; others: their suppliers'), else 404. */
export async function supplierAccountInScope(db: DbOrTx, auth: AuthContext, id: number) {
  const [acc] = await db
    .select({
      id: finSupplierAccounts.id,
      code: finSupplierAccounts.code,
      product: finSupplierAccounts.product,
      currency: finSupplierAccounts.currency,
    })
    .from(finSupplierAccounts)
    .where(and(eq(finSupplierAccounts.id, id), dataScopeWhere(financeScope(auth), supplierAccountOwnerSql)));
  if (!acc) throw new AppError('NOT_FOUND');
  return acc;
}

/**
 * Applies to move a supplier account's money (prepayment, payment, adjustment): the application and
 * its approval request in one transaction; nothing is posted until it is approved.
 */
export async function applySupplier(p: Platform, auth: AuthContext, body: SupplierApply) {
  if (body.amount === 0 || (body.kind !== 'adjustment' && body.amount < 0))
    throw new AppError('FIN_SUPPLIER_SIGN', { vars: { value: body.kind } });
  return runCommand(p, (tx, out) => startSupplier(tx, out, auth, body, p.clock.now()));
}

/**
 * `billId`: the confirmed supplier bill a payment pays (decision 0120) or whose difference a `bill`
 * application posts (decision 0125); checked by the caller.
 */
export async function startSupplier(
  tx: Tx,
  out: Outbox,
  auth: AuthContext,
  body: Omit<SupplierApply, 'kind'> & { kind: SupplierApplicationKind },
  now: Date,
  billId: number | null = null,
) {
  const acc = await supplierAccountInScope(tx, auth, body.supplierAccountId);
  if (!auth.perms.has(supplierPerm(acc.product).APPLY)) throw new AppError('NO_PERMISSION');
  const processId = await processOfService(tx, SUPPLIER_SERVICE);
  if (!processId) throw new AppError('FIN_NO_PROCESS', { vars: { value: TITLE[body.kind] } });
  const [seq] = rowsOf<{ n: string }>(
    await tx.execute(sql`select nextval(${supplierApplicationCodeSeq.seqName})::text as n`),
  );
  const code = `SP${seq!.n}`;
  const [app] = await tx
    .insert(finSupplierApplications)
    .values({
      code,
      kind: body.kind,
      supplierAccountId: acc.id,
      amount: body.amount,
      currency: acc.currency,
      reference: body.reference ?? null,
      reason: body.reason,
      applicantId: auth.userId,
      billId,
      createdAt: now,
    })
    .returning({ id: finSupplierApplications.id });
  const amount = `${(body.amount / 100).toFixed(2)} ${acc.currency}`;
  const { instanceId } = await startInstance(
    tx,
    {
      processId,
      initiatorId: auth.userId,
      title: `${TITLE[body.kind]} ${acc.code} ${amount}`,
      formData: { account: acc.code, amount, reason: body.reason },
      businessKey: String(app!.id),
    },
    out,
  );
  await tx.update(finSupplierApplications).set({ instanceId }).where(eq(finSupplierApplications.id, app!.id));
  return { id: app!.id, code, instanceId };
}

/**
 * The approval's outcome, in its own transaction: only a pending application changes (a second
 * delivery finds it decided), and an approved one posts its entry by the application's key.
 */
export async function decideSupplier(
  tx: Tx,
  appId: number,
  state: 'approved' | 'rejected' | 'withdrawn',
  actorId: number,
  now: Date,
) {
  const [app] = await tx
    .update(finSupplierApplications)
    .set({ state, decidedAt: now, deciderId: actorId, version: sql`${finSupplierApplications.version} + 1` })
    .where(and(eq(finSupplierApplications.id, appId), eq(finSupplierApplications.state, 'pending')))
    .returning();
  if (!app) return;
  // a bad debt's history hears of its decision; an approved write-off takes money we are owed (decision 0125)
  await recordWriteOffState(tx, app, state, actorId, now);
  if (state !== 'approved') return;
  if (app.kind === 'write_off') await checkWriteOff(tx, app.supplierAccountId, app.amount);
  const posted = await postSupplierEntry(tx, {
    supplierAccountId: app.supplierAccountId,
    kind: app.kind,
    amount: app.kind === 'write_off' ? -app.amount : app.amount,
    currency: app.currency,
    day: dayOf(now),
    key: `supplier-application:${app.id}`,
    applicationId: app.id,
    note: app.reason,
    actorId,
    at: now,
  });
  await tx
    .update(finSupplierApplications)
    .set({ entryId: posted.entryId })
    .where(eq(finSupplierApplications.id, app.id));
  if (app.kind === 'payment' && app.billId !== null) await addBillPayment(tx, app.billId, app.amount);
}

let current: Platform | undefined;
const outcome = (state: 'approved' | 'rejected' | 'withdrawn') => (o: ApprovalOutcome) =>
  decideSupplier(o.tx, Number(o.instance.businessKey), state, o.actorId, current!.clock.now());

export function registerSupplierHandlers(p: Platform) {
  const first = !current;
  current = p;
  if (!first) return;
  registerApprovalHandler(SUPPLIER_SERVICE, {
    onApproved: outcome('approved'),
    onRejected: outcome('rejected'),
    onWithdrawn: outcome('withdrawn'),
  });
}

/** A supplier application by id or by its approval request, if the caller may see its account. */
export async function supplierApplicationDetail(
  db: DbOrTx,
  auth: AuthContext,
  by: { id: number } | { instanceId: number },
): Promise<SupplierApplicationDetail> {
  const a = finSupplierApplications;
  const [row] = await db
    .select({
      id: a.id,
      code: a.code,
      kind: a.kind,
      state: a.state,
      supplierAccountId: a.supplierAccountId,
      accountCode: finSupplierAccounts.code,
      amount: a.amount,
      currency: a.currency,
      reference: a.reference,
      reason: a.reason,
      instanceId: a.instanceId,
      entryId: a.entryId,
      balanceAfter: finSupplierEntries.balanceAfter,
      applicantId: a.applicantId,
      deciderId: a.deciderId,
      createdAt: a.createdAt,
      decidedAt: a.decidedAt,
    })
    .from(a)
    .innerJoin(finSupplierAccounts, eq(finSupplierAccounts.id, a.supplierAccountId))
    .leftJoin(finSupplierEntries, eq(finSupplierEntries.id, a.entryId))
    .where('id' in by ? eq(a.id, by.id) : eq(a.instanceId, by.instanceId));
  if (!row) throw new AppError('NOT_FOUND');
  if (row.applicantId !== auth.userId) await supplierAccountInScope(db, auth, row.supplierAccountId);
  return {
    ...row,
    entryId: row.entryId === null ? null : Number(row.entryId),
    amount: Number(row.amount),
    balanceAfter: row.balanceAfter === null ? null : Number(row.balanceAfter),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
