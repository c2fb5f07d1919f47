import { finApplicationResource, type ReinstateApply, reinstateApply } from '@portal/contracts/finance';
import { Form, Input } from 'antd';
import { zodRule } from '../../platform/form';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { FormModal } from '../../platform/ui/FormModal';
import { financeApi } from './api';
import { T } from './texts';

/** Applies to reinstate a suspended account (decision 0093): a reason, then finance's approval. */
export function ReinstateModal({
  account,
  onClose,
}: {
  account: { id: number; code: string } | null;
  onClose(): void;
}) {
  const label = useLabel();
  return (
    <FormModal<Pick<ReinstateApply, 'reason'>>
      open={!!account}
      title={`${label(T.reinstate)} ${account?.code ?? ''}`}
      onClose={onClose}
      onSubmit={(v) => financeApi.applyReinstate({ accountId: account!.id, reason: v.reason })}
      successMessage={label(T.applied)}
      invalidate={resourceKeys.all(finApplicationResource.key)}
      width={520}
    >
      <Form.Item
        name="reason"
        label={label(T.reason)}
        extra={label(T.reinstateHint)}
        rules={[zodRule(reinstateApply.shape.reason, label(T.reason))]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount data-testid="reinstate-reason" />
      </Form.Item>
    </FormModal>
  );
}
