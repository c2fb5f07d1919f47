import { PlusOutlined } from '@ant-design/icons';
import {
  accountResource,
  CREDIT_KINDS,
  type CreditApply,
  type CreditKind,
  entryResource,
  finApplicationResource,
  type MoneyApply,
  type MoneyKind,
} from '@portal/contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { ResourceDetail } from '../../platform/resource/ResourceDetail';
import { ResourceList } from '../../platform/resource/ResourceList';
import { FormModal } from '../../platform/ui/FormModal';
import { CreditFields, MoneyFields } from './AccountFields';
import { financeApi } from './api';
import { T } from './texts';

const DETAIL = '/financial/recharge-apply/recharge/detail';

/** `account/consumer/consumer`: the consumer accounts in my scope (finance: all). */
export function AccountsScreen() {
  return <ResourceList def={accountResource} />;
}

/** `recharge-record/platform`: the ledger entries of the accounts in my scope. */
export function RecordsScreen() {
  return <ResourceList def={entryResource} />;
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

const idParam = (params: URLSearchParams) => {
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/** `recharge-apply/{kind}/detail`: one application. */
export function ApplicationDetailScreen() {
  const [params] = useSearchParams();
  return <ResourceDetail def={finApplicationResource} id={idParam(params)} />;
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

/** `credit-customer/credit-record`: every credit-line application with who decided it. */
export function CreditRecordsScreen() {
  return <ResourceList def={finApplicationResource} fixed={{ kind: [...CREDIT_KINDS] }} />;
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
      navigate(`${DETAIL}?id=${id}`);
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
