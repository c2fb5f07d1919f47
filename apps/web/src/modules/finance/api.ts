import {
  type AccountApply,
  ALLOCATION_BASE,
  type AllocationApply,
  type ApplicationDetail,
  CHANGE_BASE,
  type ChangeApply,
  type ChangeKind,
  type CreditApply,
  type CreditKind,
  type FinApplyResult,
  type MoneyApply,
  type MoneyKind,
  REFUND_BASE,
  REINSTATE_BASE,
  type RefundApply,
  type ReinstateApply,
  WRITE_OFF_BASE,
  type WriteOffApply,
} from '@portal/contracts/finance';
import { get, post } from '../../platform/http';

/** Where each money application is started (server routes.ts). */
export const APPLY_PATH: Record<MoneyKind, string> = {
  recharge: '/v2/fc/financeRecharge/apply',
  payment: '/v2/fc/financepay/apply',
  hedge: '/v2/fc/financeRecharge/tripartite/apply',
  gift: '/v2/fc/financeRecharge/gift/apply',
  manual: '/v2/fc/financeRecharge/manual/apply',
};

export interface AccountStatus {
  accountId: number;
  code: string;
  state: string;
  application: ApplicationDetail | null;
}

/** The finance room's calls besides the kernel's. */
export const financeApi = {
  openAccount: (body: AccountApply) => post<FinApplyResult>('/v2/fc/account/apply', body, { checkRepeat: true }),
  applyMoney: (kind: MoneyKind, body: MoneyApply) =>
    post<FinApplyResult>(APPLY_PATH[kind], body, { checkRepeat: true }),
  applyCredit: (kind: CreditKind, body: CreditApply) =>
    post<FinApplyResult>(
      kind === 'prepay_credit' ? '/v2/fc/cre/prepaidcredit/apply' : '/v2/fc/cre/postpayCredit/apply',
      body,
      { checkRepeat: true },
    ),
  applyChange: <K extends ChangeKind>(kind: K, body: ChangeApply[K]) =>
    post<FinApplyResult>(`${CHANGE_BASE[kind]}/apply`, body, { checkRepeat: true }),
  applyRefund: (body: RefundApply) => post<FinApplyResult>(`${REFUND_BASE}/apply`, body, { checkRepeat: true }),
  applyWriteOff: (body: WriteOffApply) => post<FinApplyResult>(`${WRITE_OFF_BASE}/apply`, body, { checkRepeat: true }),
  applyAllocation: (body: AllocationApply) =>
    post<FinApplyResult>(`${ALLOCATION_BASE}/apply`, body, { checkRepeat: true }),
  applyReinstate: (body: ReinstateApply) =>
    post<FinApplyResult>(`${REINSTATE_BASE}/apply`, body, { checkRepeat: true }),
  status: (id: number, signal?: AbortSignal) =>
    get<AccountStatus>(`/v2/fc/account/approvalStatus/${id}`, undefined, { signal }),
};
