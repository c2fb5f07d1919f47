import { tvsWithdrawalResource, type WithdrawalState } from '@portal/contracts/srm';
import { and, eq, gte, lte, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Values } from '../../../platform/resource/bind.js';
import { bindResource } from '../../../platform/resource/index.js';
import { supplierNameOf } from '../channels/supplier.js';
import { partnerOf } from './partner.js';
import { srmTvsWithdrawals } from './schema.js';

const STATE: Record<WithdrawalState, Record<'zh-CN' | 'en', string>> = {
  requested: { 'zh-CN': '待审批', en: 'requested' },
  approved: { 'zh-CN': '已批准', en: 'approved' },
  rejected: { 'zh-CN': '已驳回', en: 'rejected' },
  paid: { 'zh-CN': '已付款', en: 'paid' },
  cancelled: { 'zh-CN': '已取消', en: 'cancelled' },
};
const ACTION = {
  edit: { 'zh-CN': '修改', en: 'edited' },
  approve: { 'zh-CN': '批准', en: 'approved' },
  reject: { 'zh-CN': '驳回', en: 'rejected' },
  pay: { 'zh-CN': '登记付款', en: 'marked paid' },
  cancel: { 'zh-CN': '取消', en: 'cancelled' },
};

function step(record: Values, action: keyof typeof ACTION, from: readonly WithdrawalState[]) {
  const state = record.state as WithdrawalState;
  if (!from.includes(state))
    throw new AppError('SRM_WITHDRAWAL_STATE', { vars: { from: STATE[state], action: ACTION[action] } });
}

/** The period starts by its end and ends by today (earnings not yet made are not withdrawn). */
function checkPeriod(from: string, to: string, today: string) {
  if (from > to || to > today) throw new AppError('SRM_WITHDRAWAL_PERIOD', { vars: { value: `${from} ~ ${to}` } });
}

/** a partner's requests are entered one at a time, so two overlapping ones saved at once cannot both pass */
const WITHDRAWAL_LOCK = 7_406_014;

/** One period of a partner in one currency is withdrawn once: a live request overlapping it is refused. */
async function checkOverlap(tx: Tx, supplierId: number, currency: string, from: string, to: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${WITHDRAWAL_LOCK}, ${supplierId})`);
  const t = srmTvsWithdrawals;
  const [other] = await tx
    .select({ id: t.id, from: t.periodFrom, to: t.periodTo })
    .from(t)
    .where(
      and(
        eq(t.supplierId, supplierId),
        eq(t.currency, currency),
        notInArray(t.state, ['rejected', 'cancelled']),
        lte(t.periodFrom, to),
        gte(t.periodTo, from),
      ),
    )
    .limit(1);
  if (other)
    throw new AppError('SRM_WITHDRAWAL_OVERLAP', { vars: { value: `#${other.id} ${other.from} ~ ${other.to}` } });
}

/** No files is no value (an attachment field takes one file or more, or none at all). */
const filesOrNull = (v: unknown) => ((v as string[] | null | undefined)?.length ? v : null);

/** Someone other than who entered it decides a request (four eyes on money going out). */
function notOwn(record: Values, userId: number) {
  if (record.createdBy === userId) throw new AppError('SRM_WITHDRAWAL_OWN');
}

/**
 * Withdrawal requests of SIM-farm partners: requested → approved → paid, or rejected / cancelled.
 * Changed while requested only; the payment itself is finance's, recorded here by its reference.
 */
export const tvsWithdrawals = bindResource(tvsWithdrawalResource, {
  table: srmTvsWithdrawals,
  search: { keyword: srmTvsWithdrawals.search },
  columns: {
    supplierId: srmTvsWithdrawals.supplierId,
    supplierName: supplierNameOf('"srm_tvs_withdrawals"."supplier_id"'),
    periodFrom: srmTvsWithdrawals.periodFrom,
    periodTo: srmTvsWithdrawals.periodTo,
    amount: srmTvsWithdrawals.amount,
    currency: srmTvsWithdrawals.currency,
    payee: srmTvsWithdrawals.payee,
    documents: srmTvsWithdrawals.documents,
    state: srmTvsWithdrawals.state,
    decidedBy: srmTvsWithdrawals.decidedBy,
    rejectReason: srmTvsWithdrawals.rejectReason,
    paymentRef: srmTvsWithdrawals.paymentRef,
    paidAt: srmTvsWithdrawals.paidAt,
    remark: srmTvsWithdrawals.remark,
    createdBy: srmTvsWithdrawals.createdBy,
    createdAt: srmTvsWithdrawals.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const now = ctx.p.clock.now();
      const [from, to] = [input.periodFrom as string, input.periodTo as string];
      checkPeriod(from, to, now.toISOString().slice(0, 10));
      const partner = await partnerOf(ctx.tx, input.supplierId as number);
      await checkOverlap(ctx.tx, partner.id, input.currency as string, from, to);
      return {
        documents: filesOrNull(input.documents),
        state: 'requested',
        createdBy: ctx.auth.userId,
        createdAt: now,
      };
    },
    async beforeUpdate(_ctx, before, patch) {
      step(before, 'edit', ['requested']);
      return patch.documents === undefined ? {} : { documents: filesOrNull(patch.documents) };
    },
  },
  commands: {
    async approve(ctx, record) {
      step(record, 'approve', ['requested']);
      notOwn(record, ctx.auth.userId);
      return { set: { state: 'approved', decidedBy: ctx.auth.userId } };
    },
    async reject(ctx, record, input) {
      step(record, 'reject', ['requested']);
      notOwn(record, ctx.auth.userId);
      return { set: { state: 'rejected', decidedBy: ctx.auth.userId, rejectReason: input.reason } };
    },
    async pay(ctx, record, input) {
      step(record, 'pay', ['approved']);
      return { set: { state: 'paid', paymentRef: input.paymentRef, paidAt: ctx.p.clock.now() } };
    },
    async cancel(_ctx, record) {
      step(record, 'cancel', ['requested']);
      return { set: { state: 'cancelled' } };
    },
  },
});
