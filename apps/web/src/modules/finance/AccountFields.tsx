import {
  ACCOUNT_PRODUCTS,
  accountApply,
  accountResource,
  BILL_CYCLES,
  BILLING_METHODS,
  type ChangeKind,
  type CreditKind,
  changeApply,
  creditApply,
  finApplicationResource,
  type MoneyKind,
  moneyApply,
  productOptions,
  REFUNDABLE_KINDS,
  refundApply,
} from '@portal/contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { dateItemProps } from '../../platform/fields/field';
import { zodRule } from '../../platform/form';
import { resourceApi } from '../../platform/resource/api';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { T } from './texts';

const a = accountApply.shape;
const m = moneyApply.shape;
const option = (v: string, l: { zh: string; en: string } | undefined, label: ReturnType<typeof useLabel>) => ({
  value: v,
  label: l ? label(l) : v,
});

/** The opening's fields (the customer is given by the page it is opened from). */
export function OpenAccountFields() {
  const label = useLabel();
  const f = accountResource.fields;
  return (
    <>
      <Form.Item name="products" label={label(T.products)} rules={[zodRule(a.products, label(T.products))]}>
        <Select
          mode="multiple"
          options={ACCOUNT_PRODUCTS.map((p) => option(p, productOptions.find((o) => o.value === p)?.label, label))}
          data-testid="account-products"
        />
      </Form.Item>
      <Form.Item name="currency" label={label(T.currency)} rules={[zodRule(a.currency, label(T.currency))]}>
        <Select options={['USD', 'CNY', 'EUR', 'HKD', 'SGD'].map((c) => ({ value: c, label: c }))} />
      </Form.Item>
      <Form.Item name="billing" label={label(T.billing)} rules={[zodRule(a.billing, label(T.billing))]}>
        <Select
          options={BILLING_METHODS.map((b) => option(b, f.billing.options?.find((o) => o.value === b)?.label, label))}
          data-testid="account-billing"
        />
      </Form.Item>
      <Form.Item name="creditLine" label={label(T.creditLine)} rules={[zodRule(a.creditLine, label(T.creditLine))]}>
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item name="billCycle" label={label(T.billCycle)} rules={[zodRule(a.billCycle, label(T.billCycle))]}>
        <Select
          options={BILL_CYCLES.map((b) => option(b, f.billCycle.options?.find((o) => o.value === b)?.label, label))}
        />
      </Form.Item>
      <Form.Item name="reason" label={label(T.reason)} rules={[zodRule(a.reason, label(T.reason))]}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
    </>
  );
}

/** Active accounts in my scope: the ones money may move into. */
export function AccountSelect(props: {
  value?: number;
  onChange?: (v: number) => void;
  id?: string;
  billing?: 'prepaid' | 'postpaid';
}) {
  const { billing, ...rest } = props;
  const q = useQuery({
    queryKey: [...resourceKeys.all(accountResource.key), 'active', billing],
    queryFn: ({ signal }) =>
      resourceApi(accountResource).page({ state: 'active', size: 200, ...(billing ? { billing } : {}) }, signal),
  });
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={q.isLoading}
      options={(q.data?.records ?? []).map((r) => ({
        value: r.id,
        label: `${r.code} ${r.customerName ?? ''} (${r.currency} ${r.balance})`,
      }))}
      data-testid="money-account"
      {...rest}
    />
  );
}

/** A money application's fields: account, amount, bank reference, reason. */
export function MoneyFields({ kind }: { kind: MoneyKind }) {
  const label = useLabel();
  return (
    <>
      <Form.Item name="accountId" label={label(T.account)} rules={[zodRule(m.accountId, label(T.account))]}>
        <AccountSelect />
      </Form.Item>
      <Form.Item name="amount" label={label(T.amount)} rules={[zodRule(m.amount, label(T.amount))]}>
        <Input inputMode="decimal" data-testid="money-amount" />
      </Form.Item>
      {kind !== 'gift' && (
        <Form.Item name="reference" label={label(T.reference)} rules={[zodRule(m.reference, label(T.reference))]}>
          <Input maxLength={64} data-testid="money-reference" />
        </Form.Item>
      )}
      <Form.Item name="reason" label={label(T.reason)} rules={[zodRule(m.reason, label(T.reason))]}>
        <Input.TextArea rows={3} maxLength={500} showCount data-testid="money-reason" />
      </Form.Item>
    </>
  );
}

const c = creditApply.shape;

/** A credit application's fields: an account of the kind's billing method, the new line, reason. */
export function CreditFields({ kind }: { kind: CreditKind }) {
  const label = useLabel();
  return (
    <>
      <Form.Item name="accountId" label={label(T.account)} rules={[zodRule(c.accountId, label(T.account))]}>
        <AccountSelect billing={kind === 'prepay_credit' ? 'prepaid' : 'postpaid'} />
      </Form.Item>
      <Form.Item
        name="creditLine"
        label={label(T.newCreditLine)}
        rules={[zodRule(c.creditLine, label(T.newCreditLine))]}
      >
        <Input inputMode="decimal" data-testid="credit-line" />
      </Form.Item>
      <Form.Item name="reason" label={label(T.reason)} rules={[zodRule(c.reason, label(T.reason))]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </>
  );
}

/**
 * A credit-control change's fields: any active account in my scope, then what the kind asks for
 * (temporary credit and its last day, a deferral's last day, the new billing method or cycle).
 */
export function ChangeFields({ kind }: { kind: ChangeKind }) {
  const label = useLabel();
  const f = accountResource.fields;
  const shape = changeApply[kind].shape as Record<string, Parameters<typeof zodRule>[0]>;
  const rule = (name: string, l: { zh: string; en: string }) => [zodRule(shape[name]!, label(l))];
  const untilLabel = kind === 'temp_credit' ? T.tempUntil : T.deferUntil;
  return (
    <>
      <Form.Item name="accountId" label={label(T.account)} rules={rule('accountId', T.account)}>
        <AccountSelect />
      </Form.Item>
      {kind === 'temp_credit' && (
        <Form.Item name="amount" label={label(T.tempAmount)} rules={rule('amount', T.tempAmount)}>
          <Input inputMode="decimal" data-testid="change-amount" />
        </Form.Item>
      )}
      {(kind === 'temp_credit' || kind === 'deferral') && (
        <Form.Item name="until" label={label(untilLabel)} rules={rule('until', untilLabel)} {...dateItemProps('date')}>
          <DatePicker
            disabledDate={(d) => !d.isAfter(dayjs(), 'day') || d.isAfter(dayjs().add(90, 'day'), 'day')}
            data-testid="change-until"
          />
        </Form.Item>
      )}
      {kind === 'billing_change' && (
        <Form.Item name="billing" label={label(T.newBilling)} rules={rule('billing', T.newBilling)}>
          <Select
            options={BILLING_METHODS.map((b) => option(b, f.billing.options?.find((o) => o.value === b)?.label, label))}
          />
        </Form.Item>
      )}
      {kind === 'cycle_change' && (
        <Form.Item name="billCycle" label={label(T.newCycle)} rules={rule('billCycle', T.newCycle)}>
          <Select
            options={BILL_CYCLES.map((b) => option(b, f.billCycle.options?.find((o) => o.value === b)?.label, label))}
          />
        </Form.Item>
      )}
      <Form.Item name="reason" label={label(T.reason)} rules={rule('reason', T.reason)}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </>
  );
}

const r = refundApply.shape;

/** The approved recharges and payments of an account, with what is left to refund of each. */
function SourceSelect(props: { accountId?: number; value?: number; onChange?: (v: number) => void; id?: string }) {
  const { accountId, ...rest } = props;
  const label = useLabel();
  const q = useQuery({
    queryKey: [...resourceKeys.all(finApplicationResource.key), 'refundable', accountId],
    queryFn: ({ signal }) =>
      resourceApi(finApplicationResource).page(
        { accountId, kind: [...REFUNDABLE_KINDS], state: 'approved', size: 200 },
        signal,
      ),
    enabled: !!accountId,
  });
  return (
    <Select
      disabled={!accountId}
      loading={q.isLoading && !!accountId}
      options={(q.data?.records ?? []).map((a) => ({
        value: a.id,
        label: `${a.code} ${a.amount} ${a.currency} (${label(T.refundLeft)} ${a.refundable ?? a.amount})`,
      }))}
      data-testid="refund-source"
      {...rest}
    />
  );
}

/** A refund's fields: the account, the recharge or payment refunded, amount, bank reference, reason. */
export function RefundFields() {
  const label = useLabel();
  const accountId = Form.useWatch('accountId') as number | undefined;
  return (
    <>
      <Form.Item name="accountId" label={label(T.account)} rules={[zodRule(r.accountId, label(T.account))]}>
        <AccountSelect />
      </Form.Item>
      <Form.Item name="sourceId" label={label(T.refundSource)} rules={[zodRule(r.sourceId, label(T.refundSource))]}>
        <SourceSelect accountId={accountId} />
      </Form.Item>
      <Form.Item name="amount" label={label(T.amount)} rules={[zodRule(r.amount, label(T.amount))]}>
        <Input inputMode="decimal" data-testid="refund-amount" />
      </Form.Item>
      <Form.Item
        name="reference"
        label={label(T.refundReference)}
        rules={[zodRule(r.reference, label(T.refundReference))]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="reason" label={label(T.reason)} rules={[zodRule(r.reason, label(T.reason))]}>
        <Input.TextArea rows={3} maxLength={500} showCount data-testid="refund-reason" />
      </Form.Item>
    </>
  );
}
