import { FIN_APPLY_PATHS, FIN_SERVICES, type FinApplicationKind } from '@portal/contracts/finance';
import { eq, inArray } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { DbOrTx } from '../../platform/db/index.js';
import { ensureBusinessProcess } from '../approval/index.js';

const NAMES: Record<FinApplicationKind, [zh: string, en: string]> = {
  open: ['客户账户开户', 'Consumer account opening'],
  recharge: ['充值申请', 'Recharge application'],
  payment: ['付款申请', 'Payment application'],
  hedge: ['对冲申请', 'Hedge application'],
  gift: ['赠送申请', 'Gift application'],
  manual: ['手工充值', 'Manual top-up'],
  prepay_credit: ['预付信用申请', 'Prepaid credit line'],
  postpay_credit: ['后付信用申请', 'Postpaid credit line'],
  temp_credit: ['临时额度申请', 'Temporary credit'],
  deferral: ['延期付款申请', 'Payment deferral'],
  billing_change: ['付款方式变更', 'Billing method change'],
  cycle_change: ['账单周期变更', 'Bill cycle change'],
  refund: ['退款申请', 'Refund application'],
  write_off: ['坏账核销申请', 'Write-off application'],
  reinstate: ['恢复账户申请', 'Account reinstatement'],
  allocation: ['划拨申请', 'Allocation'],
};

/**
 * Each finance application's default process: finance review (finance01 in the demo, else the
 * administrator). Created once per kind; workflow administrators change them like any other.
 */
export async function ensureFinanceProcesses(db: DbOrTx): Promise<void> {
  for (const kind of Object.keys(NAMES) as FinApplicationKind[]) {
    const [zh, en] = NAMES[kind];
    await ensureFinanceReview(db, {
      code: `finance-${kind}`,
      name: zh,
      nameEn: en,
      serviceName: FIN_SERVICES[kind],
      applyPath: FIN_APPLY_PATHS[kind],
    });
  }
}

/** One finance-review process (one step, finance01 in the demo, else admin) for an approval service. */
export async function ensureFinanceReview(
  db: DbOrTx,
  spec: { code: string; name: string; nameEn: string; serviceName: string; applyPath: string },
): Promise<void> {
  const people = await db
    .select({ id: staffUsers.id, username: staffUsers.username })
    .from(staffUsers)
    .where(inArray(staffUsers.username, ['admin', 'finance01']));
  const admin = people.find((u) => u.username === 'admin');
  if (!admin) return;
  const reviewer = people.find((u) => u.username === 'finance01') ?? admin;
  await ensureBusinessProcess(db, {
    ...spec,
    groupName: '财务',
    description: '财务审核；通过后由财务账务在同一事务中记账 / finance review; approval posts the ledger entries',
    form: {
      code: spec.code,
      name: spec.name,
      fields: [
        {
          key: 'account',
          label: '账户',
          labelEn: 'Account',
          type: 'text',
          required: true,
          rules: { maxLength: 200 },
        },
        { key: 'amount', label: '金额', labelEn: 'Amount', type: 'text', required: false, rules: { maxLength: 40 } },
        {
          key: 'reason',
          label: '申请说明',
          labelEn: 'Reason',
          type: 'textarea',
          required: false,
          rules: { maxLength: 1000 },
        },
      ],
    },
    definition: {
      nodes: [
        {
          key: 'finance',
          name: '财务审核',
          nameEn: 'Finance review',
          type: 'approval',
          approverKind: 'users',
          roleId: null,
          userIds: [reviewer.id],
          levels: 1,
          mode: 'any',
          conditions: [],
          rejectable: true,
          timeLimitHours: 48,
        },
      ],
    },
    createdBy: admin.id,
  });
}

export const userIdOf = async (db: DbOrTx, username: string) =>
  (await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]?.id;
