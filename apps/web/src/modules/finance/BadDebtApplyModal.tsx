import { SUPPLIER_BAD_DEBT_API, supplierBadDebtApply, supplierBadDebtResource } from '@portal/contracts/finance';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, InputNumber } from 'antd';
import { zodRule } from '../../platform/form';
import { post } from '../../platform/http';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { FormModal } from '../../platform/ui/FormModal';
import { T } from './texts';

export interface BadDebtTarget {
  id: number;
  code: string;
  currency: string;
  /** minor units: what the supplier owes us, the most that can be written off */
  balance: number;
}

/**
 * Hands a supplier account's balance to bad debt (decision 0125): the amount (at most the balance,
 * by default all of it) and why; written off once finance approves.
 */
export function BadDebtApplyModal({
  target,
  invalidate,
  onClose,
}: {
  target: BadDebtTarget | null;
  invalidate: readonly unknown[];
  onClose(): void;
}) {
  const label = useLabel();
  const qc = useQueryClient();
  return (
    <FormModal<{ amount: number; reason: string }>
      open={!!target}
      title={`${label(T.badDebt)} ${target?.code ?? ''}`}
      onClose={onClose}
      onSubmit={async (v) => {
        const res = await post(
          `${SUPPLIER_BAD_DEBT_API}/apply`,
          { supplierAccountId: target!.id, amount: Math.round(v.amount * 100), reason: v.reason },
          { checkRepeat: true },
        );
        void qc.invalidateQueries({ queryKey: resourceKeys.all(supplierBadDebtResource.key) });
        return res;
      }}
      successMessage={label(T.applied)}
      invalidate={invalidate}
      initialValues={{ amount: (target?.balance ?? 0) / 100 }}
      width={520}
    >
      <Alert type="warning" showIcon message={label(T.badDebtHint)} style={{ marginBottom: 12 }} />
      <Form.Item
        name="amount"
        label={`${label(T.badDebtAmount)} ${target?.currency ?? ''}`}
        rules={[{ required: true }]}
      >
        <InputNumber
          style={{ width: '100%' }}
          precision={2}
          min={0.01}
          max={(target?.balance ?? 0) / 100}
          data-testid="bad-debt-amount"
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label={label(T.reason)}
        rules={[zodRule(supplierBadDebtApply.shape.reason, label(T.reason))]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount data-testid="bad-debt-reason" />
      </Form.Item>
    </FormModal>
  );
}
