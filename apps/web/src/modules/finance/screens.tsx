import { PlusOutlined } from '@ant-design/icons';
import { permOf, routeByPath } from '@portal/contracts';
import {
  accountResource,
  accountSnapshotResource,
  type ChangeApply,
  type ChangeKind,
  CREDIT_CONTROL_KINDS,
  type CreditApply,
  type CreditKind,
  entryResource,
  FinPerm,
  finApplicationResource,
  type MoneyApply,
  type MoneyKind,
  type RefundApply,
} from '@portal/contracts/finance';
import type { ResourceDef } from '@portal/contracts/resource';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../platform/access';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { ResourceDetail } from '../../platform/resource/ResourceDetail';
import { ResourceList } from '../../platform/resource/ResourceList';
import { FormModal } from '../../platform/ui/FormModal';
import { ChangeFields, CreditFields, MoneyFields, RefundFields } from './AccountFields';
import { financeApi } from './api';
import { ReasonApplyModal } from './ReasonApplyModal';
import { T } from './texts';

const DETAIL = '/financial/recharge-apply/recharge/detail';
/** a credit-control application's own detail tab (「信用申请详情」, not the recharge one) */
const CREDIT_DETAIL = '/financial/credit-customer/credit-record/detail';
/** an account's operation log (decision 0145), guarded by its own route key */
const OPERATION_LOG = '/businessInquiry/operationLog';
const OPERATION_LOG_PERM = permOf(routeByPath(OPERATION_LOG)!);

/** An account's own entries: no account columns or filter. */
const { accountId: _account, ...ledgerFilters } = entryResource.list.filters ?? {};
const accountLedger: ResourceDef = {
  ...entryResource,
  title: T.ledger,
  list: {
    ...entryResource.list,
    columns: ['kind', 'amount', 'currency', 'balanceAfter', 'day', 'createdAt'],
    filters: ledgerFilters,
  },
};

/** The accounts with a ledger tab in their details (for who may read ledger entries). */
const accountsWithLedger: ResourceDef = {
  ...accountResource,
  detail: {
    header: accountResource.detail?.header ?? [],
    tabs: [{ key: 'ledger', title: T.ledger }],
  },
};

/**
 * `account/consumer/consumer`: the consumer accounts in my scope (finance: all); their details
 * list the account's ledger entries for who may read them.
 */
export function AccountsScreen() {
  const seesLedger = useCan(FinPerm.RECORDS);
  const label = useLabel();
  const [reinstating, setReinstating] = useState<{ id: number; code: string } | null>(null);
  const navigate = useNavigate();
  // the account's operation log (decision 0145), for who holds its key
  const oplog = (row: Record<string, unknown>) => ({
    key: 'operationLog',
    label: label(T.operationLog),
    perm: OPERATION_LOG_PERM,
    testId: 'account-oplog',
    onClick: () => navigate(`${OPERATION_LOG}?accountId=${row.id}`),
  });
  return (
    <>
      <ResourceList
        def={seesLedger ? accountsWithLedger : accountResource}
        overrides={{
          tabs: {
            ledger: (row) => (
              <div data-testid="account-ledger">
                <ResourceList def={accountLedger} fixed={{ accountId: row.id }} />
              </div>
            ),
          },
          rowActions: (row) => [
            ...(row.state === 'suspended'
              ? [
                  {
                    key: 'reinstate',
                    label: label(T.reinstate),
                    perm: FinPerm.REINSTATE,
                    testId: 'account-reinstate',
                    onClick: () => setReinstating({ id: row.id as number, code: String(row.code) }),
                  },
                ]
              : []),
            oplog(row),
          ],
          // the billing contact (decision 0135) opens with what the account holds
          commandDialogs: {
            billingContact: {
              values: (row) => ({
                billingEmail: row.billingEmail ?? undefined,
                billingLocale: row.billingLocale ?? 'zh-CN',
              }),
            },
          },
        }}
      />
      <ReasonApplyModal
        target={reinstating}
        title={T.reinstate}
        hint={T.reinstateHint}
        testId="reinstate-reason"
        apply={(accountId, reason) => financeApi.applyReinstate({ accountId, reason })}
        onClose={() => setReinstating(null)}
      />
    </>
  );
}

/** `recharge-record/platform`: the ledger entries of the accounts in my scope. */
export function RecordsScreen() {
  return <ResourceList def={entryResource} />;
}

/** account/snapshot: every account's end-of-day balances, newest day first. */
export function SnapshotsScreen() {
  return <ResourceList def={accountSnapshotResource} />;
}

/** `recharge-apply/{kind}`: the applications of one kind, and a new one. */
function ApplicationsList({ kind }: { kind: MoneyKind }) {
  const label = useLabel();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ResourceList
        def={finApplicationResource}
        fixed={{ kind: [kind] }}
        overrides={{
          toolbar: (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="money-apply">
              {label(T.apply[kind])}
            </Button>
          ),
        }}
      />
      <FormModal<MoneyApply>
        open={open}
        title={label(T.apply[kind])}
        onClose={() => setOpen(false)}
        onSubmit={(v) => financeApi.applyMoney(kind, v)}
        successMessage={label(T.applied)}
        invalidate={resourceKeys.all(finApplicationResource.key)}
        width={560}
      >
        <MoneyFields kind={kind} />
      </FormModal>
    </>
  );
}

/** `/general/process/recharge-apply/{kind}/apply`: the application as a page of its own. */
function MoneyApplyForm({ kind }: { kind: MoneyKind }) {
  const label = useLabel();
  const navigate = useNavigate();
  const [form] = Form.useForm<MoneyApply>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: MoneyApply) => {
    setBusy(true);
    try {
      const { id } = await financeApi.applyMoney(kind, v);
      navigate(`${DETAIL}?id=${id}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={label(T.apply[kind])} style={{ maxWidth: 720 }}>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="money-form">
        <MoneyFields kind={kind} />
        <Button type="primary" htmlType="submit" loading={busy} data-testid="money-submit">
          {label(T.submit)}
        </Button>
      </Form>
    </Card>
  );
}

/** The refunds list: what was refunded of which recharge or payment (the kind is fixed, so no kind filter). */
const { kind: _kind, ...refundFilters } = finApplicationResource.list.filters ?? {};
const refunds: ResourceDef = {
  ...finApplicationResource,
  title: T.refunds,
  list: {
    ...finApplicationResource.list,
    columns: [
      'code',
      'state',
      'amount',
      'currency',
      'accountCode',
      'sourceCode',
      'customerName',
      'reference',
      'applicantName',
      'deciderName',
      'createdAt',
      'decidedAt',
    ],
    filters: refundFilters,
  },
};

/** `credit-customer/bill-refund`: refunds (money back from an approved recharge or payment), and a new one. */
export function BillRefundsScreen() {
  const label = useLabel();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ResourceList
        def={refunds}
        fixed={{ kind: ['refund'] }}
        overrides={{
          toolbar: (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="refund-apply">
              {label(T.refund)}
            </Button>
          ),
        }}
      />
      <FormModal<RefundApply>
        open={open}
        title={label(T.refund)}
        onClose={() => setOpen(false)}
        onSubmit={(v) => financeApi.applyRefund(v)}
        successMessage={label(T.applied)}
        invalidate={resourceKeys.all(finApplicationResource.key)}
        width={560}
      >
        <RefundFields />
      </FormModal>
    </>
  );
}

const idParam = (params: URLSearchParams) => {
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/** `recharge-apply/{kind}/detail`: one application. */
export function ApplicationDetailScreen() {
  const [params] = useSearchParams();
  return <ResourceDetail def={finApplicationResource} id={idParam(params)} />;
}

/** `credit-record/detail`: one credit-control application, under its own tab title. */
export function CreditApplicationDetailScreen() {
  const [params] = useSearchParams();
  return <ResourceDetail def={creditRecords} id={idParam(params)} />;
}

/** `/businessInquiry/accountApprovalStatus`: an account and how its opening was decided. */
export function AccountStatusScreen() {
  const label = useLabel();
  const [params] = useSearchParams();
  const id = idParam(params);
  const q = useQuery({
    queryKey: [...resourceKeys.all(accountResource.key), 'status', id],
    queryFn: ({ signal }) => financeApi.status(id, signal),
    enabled: id > 0,
  });
  const app = q.data?.application;
  const seesLedger = useCan(FinPerm.RECORDS);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ResourceDetail def={accountResource} id={id} />
      <Card size="small" title={label(T.application)} loading={q.isLoading} data-testid="account-status">
        {app ? (
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={label(T.request)}>{app.instanceId ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="">
              <Tag>{app.state}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={label(T.reason)}>{app.reason ?? '-'}</Descriptions.Item>
          </Descriptions>
        ) : (
          label(T.noStatus)
        )}
      </Card>
      {seesLedger && id > 0 && (
        <Card size="small" title={label(T.ledger)} data-testid="account-status-ledger">
          <ResourceList def={accountLedger} fixed={{ accountId: id }} />
        </Card>
      )}
    </Space>
  );
}

export const RechargeApplications = () => <ApplicationsList kind="recharge" />;
export const PaymentApplications = () => <ApplicationsList kind="payment" />;
export const HedgeApplications = () => <ApplicationsList kind="hedge" />;
export const GiftApplications = () => <ApplicationsList kind="gift" />;
export const ManualApplications = () => <ApplicationsList kind="manual" />;
export const RechargeApplyPage = () => <MoneyApplyForm kind="recharge" />;
export const PaymentApplyPage = () => <MoneyApplyForm kind="payment" />;
export const HedgeApplyPage = () => <MoneyApplyForm kind="hedge" />;

/** The applications list with the columns of credit control (what changed, until when, who decided). */
const creditRecords: ResourceDef = {
  ...finApplicationResource,
  routes: { ...finApplicationResource.routes, detail: CREDIT_DETAIL },
  list: {
    ...finApplicationResource.list,
    columns: [
      'code',
      'kind',
      'accountCode',
      'state',
      'deciderName',
      'amount',
      'changeTo',
      'until',
      'decidedAt',
      'previousAmount',
      'changeFrom',
      'customerName',
      'applicantName',
    ],
  },
};

/** The accounts list with the columns of credit control. */
const creditAccounts: ResourceDef = {
  ...accountResource,
  list: {
    ...accountResource.list,
    columns: [
      // the narrow screen keeps the first five: the credit figures come first
      'code',
      'creditLine',
      'tempCredit',
      'balance',
      'billing',
      'customerName',
      'currency',
      'tempCreditUntil',
      'deferredUntil',
      'billCycle',
      'state',
    ],
  },
};

/** `credit-customer/credit-control`: every account's credit as it stands; details list its changes. */
export function CreditControlScreen() {
  const navigate = useNavigate();
  const label = useLabel();
  return (
    <ResourceList
      def={creditAccounts}
      overrides={{
        rowActions: (row) => [
          {
            key: 'changes',
            label: label(T.creditChanges),
            onClick: () => navigate(`${CREDIT_DETAILS}?id=${row.id}`),
          },
        ],
      }}
    />
  );
}
const CREDIT_DETAILS = '/financial/credit-customer/credit-control/details';

/** `credit-customer/credit-record`: every credit-control application with who decided it. */
export function CreditRecordsScreen() {
  return <ResourceList def={creditRecords} fixed={{ kind: [...CREDIT_CONTROL_KINDS] }} />;
}

/**
 * `/businessInquiry/creditModifyRecord/consumer?id=`: one account and every change of its credit. A sales owner
 * reached by an overdue notice sees the account (decision 0151); the changes list needs its own key.
 */
export function CreditModifyRecordScreen() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const seesChanges = useCan(creditRecords.access.list);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ResourceDetail def={accountResource} id={id} />
      {seesChanges && <ResourceList def={creditRecords} fixed={{ kind: [...CREDIT_CONTROL_KINDS], accountId: id }} />}
    </Space>
  );
}

/** `/general/process/credit-apply/{prepay,postpay}/apply`: a new credit line, through approval. */
function CreditApplyForm({ kind }: { kind: CreditKind }) {
  const label = useLabel();
  const navigate = useNavigate();
  const [form] = Form.useForm<CreditApply>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: CreditApply) => {
    setBusy(true);
    try {
      const { id } = await financeApi.applyCredit(kind, v);
      navigate(`${CREDIT_DETAIL}?id=${id}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={label(T.credit[kind])} style={{ maxWidth: 720 }}>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="credit-form">
        <CreditFields kind={kind} />
        <Button type="primary" htmlType="submit" loading={busy}>
          {label(T.submit)}
        </Button>
      </Form>
    </Card>
  );
}
export const PrepayCreditApplyPage = () => <CreditApplyForm kind="prepay_credit" />;
export const PostpayCreditApplyPage = () => <CreditApplyForm kind="postpay_credit" />;

/** `/general/process/credit-apply/{temporary,deferral,method,bill-change}/apply`: a change through approval. */
function ChangeApplyForm({ kind }: { kind: ChangeKind }) {
  const label = useLabel();
  const navigate = useNavigate();
  const [form] = Form.useForm<ChangeApply[typeof kind]>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: ChangeApply[typeof kind]) => {
    setBusy(true);
    try {
      const { id } = await financeApi.applyChange(kind, v);
      navigate(`${CREDIT_DETAIL}?id=${id}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={label(T.credit[kind])} style={{ maxWidth: 720 }}>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="change-form">
        <ChangeFields kind={kind} />
        <Button type="primary" htmlType="submit" loading={busy} data-testid="change-submit">
          {label(T.submit)}
        </Button>
      </Form>
    </Card>
  );
}
export const TempCreditApplyPage = () => <ChangeApplyForm kind="temp_credit" />;
export const DeferralApplyPage = () => <ChangeApplyForm kind="deferral" />;
export const BillingChangeApplyPage = () => <ChangeApplyForm kind="billing_change" />;
export const CycleChangeApplyPage = () => <ChangeApplyForm kind="cycle_change" />;
