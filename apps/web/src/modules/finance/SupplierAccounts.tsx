import {
  SUPPLIER_APPLY_BASE,
  SUPPLIER_APPLY_KINDS,
  type SupplierApply,
  type SupplierProduct,
  supplierAccountResource,
  supplierApplicationResource,
  supplierApply,
  supplierEntryKindOptions,
  supplierEntryResource,
  supplierPerm,
} from '@portal/contracts/finance';
import type { ResourceDef } from '@portal/contracts/resource';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, InputNumber, Select, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { zodRule } from '../../platform/form';
import { post } from '../../platform/http';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { ResourceList } from '../../platform/resource/ResourceList';
import { FormModal } from '../../platform/ui/FormModal';
import { BadDebtApplyModal, type BadDebtTarget } from './BadDebtApplyModal';
import { T } from './texts';

const s = supplierApply.shape;
/** the form's amount is in the currency's major units; the API takes minor units */
type ApplyForm = Omit<SupplierApply, 'amount' | 'supplierAccountId'> & { amount: number };

/** An account's own entries: no account filter. */
const entriesOf = (product: SupplierProduct): ResourceDef => {
  const def = supplierEntryResource(product);
  const { supplierAccountId: _account, ...filters } = def.list.filters ?? {};
  return { ...def, list: { ...def.list, filters } };
};

/**
 * `account/supplier/{product}`: what we hold at or owe to each supplier of the product; the details
 * list the account's entries, and a row applies for a prepayment, payment or adjustment (posted
 * once finance approves it). A second tab lists the product's supplier applications (decision 0104).
 */
export function SupplierAccountsScreen({ product }: { product: SupplierProduct }) {
  const label = useLabel();
  const accounts = useMemo(() => supplierAccountResource(product), [product]);
  const entries = useMemo(() => entriesOf(product), [product]);
  const applications = useMemo(() => supplierApplicationResource(product), [product]);
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<{ id: number; code: string; currency: string } | null>(null);
  const [badDebt, setBadDebt] = useState<BadDebtTarget | null>(null);
  const accountList = (
    <ResourceList
      def={accounts}
      overrides={{
        tabs: {
          entries: (row) => (
            <div data-testid="supplier-entries">
              <ResourceList def={entries} fixed={{ supplierAccountId: row.id }} />
            </div>
          ),
        },
        rowActions: (row) => [
          {
            key: 'apply',
            label: label(T.supplierApply),
            perm: supplierPerm(product).APPLY,
            testId: 'supplier-apply',
            onClick: () => setTarget({ id: row.id as number, code: String(row.code), currency: String(row.currency) }),
          },
          // what the supplier owes us may be handed to bad debt (decision 0125)
          ...(Number(row.balance) > 0
            ? [
                {
                  key: 'bad-debt',
                  label: label(T.badDebt),
                  perm: supplierPerm(product).APPLY,
                  testId: 'supplier-bad-debt',
                  onClick: () =>
                    setBadDebt({
                      id: row.id as number,
                      code: String(row.code),
                      currency: String(row.currency),
                      balance: Number(row.balance),
                    }),
                },
              ]
            : []),
        ],
      }}
    />
  );
  return (
    <>
      <Tabs
        items={[
          { key: 'accounts', label: label(T.supplierAccountsTab), children: accountList },
          {
            key: 'applications',
            label: <span data-testid="supplier-applications-tab">{label(T.supplierApplicationsTab)}</span>,
            children: <ResourceList def={applications} />,
          },
        ]}
      />
      <FormModal<ApplyForm>
        open={!!target}
        title={`${label(T.supplierApply)} ${target?.code ?? ''}`}
        onClose={() => setTarget(null)}
        onSubmit={async (v) => {
          const res = await post(
            SUPPLIER_APPLY_BASE,
            { ...v, supplierAccountId: target!.id, amount: Math.round(v.amount * 100) },
            { checkRepeat: true },
          );
          void queryClient.invalidateQueries({ queryKey: resourceKeys.all(applications.key) });
          return res;
        }}
        successMessage={label(T.applied)}
        invalidate={resourceKeys.all(accounts.key)}
        initialValues={{ kind: 'prepayment' }}
        width={520}
      >
        <Alert type="info" showIcon message={label(T.supplierHint)} style={{ marginBottom: 12 }} />
        <Form.Item name="kind" label={label(T.supplierKind)} rules={[zodRule(s.kind, label(T.supplierKind))]}>
          <Select
            data-testid="supplier-kind"
            options={SUPPLIER_APPLY_KINDS.map((k) => ({
              value: k,
              label: label(supplierEntryKindOptions.find((o) => o.value === k)!.label),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={`${label(T.supplierAmount)} ${target?.currency ?? ''}`}
          rules={[{ required: true }]}
        >
          <InputNumber style={{ width: '100%' }} precision={2} data-testid="supplier-amount" />
        </Form.Item>
        <Form.Item name="reference" label={label(T.reference)} rules={[zodRule(s.reference, label(T.reference))]}>
          <Input />
        </Form.Item>
        <Form.Item name="reason" label={label(T.reason)} rules={[zodRule(s.reason, label(T.reason))]}>
          <Input.TextArea rows={3} data-testid="supplier-reason" />
        </Form.Item>
      </FormModal>
      <BadDebtApplyModal
        target={badDebt}
        invalidate={resourceKeys.all(applications.key)}
        onClose={() => setBadDebt(null)}
      />
    </>
  );
}

export const SmsSupplierAccounts = () => <SupplierAccountsScreen product="sms" />;
export const VosSupplierAccounts = () => <SupplierAccountsScreen product="vos" />;
export const EmailSupplierAccounts = () => <SupplierAccountsScreen product="email" />;
export const SocialSupplierAccounts = () => <SupplierAccountsScreen product="social" />;

// the bill check, statements and their tolerance travel in this chunk (no import() of their own: the shell's budget)
export { ReconConfigScreen, SoaScreen, SupplierBillsScreen } from './SupplierBills';
