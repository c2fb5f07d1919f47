import { applyReason, finApplicationResource } from '@portal/contracts/finance';
import type { Label } from '@portal/contracts/resource/define';
import { Alert, Form, Input } from 'antd';
import { zodRule } from '../../platform/form';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { FormModal } from '../../platform/ui/FormModal';
import { T } from './texts';

/**
 * An application that asks only for its reason, made for one record (a bill's write-off, an account's
 * reinstatement): the reason, then finance's approval.
 */
export function ReasonApplyModal({
  target,
  title,
  hint,
  testId,
  apply,
  onClose,
}: {
  target: { id: number; code: string } | null;
  title: Label;
  hint: Label;
  testId: string;
  apply(id: number, reason: string): Promise<unknown>;
  onClose(): void;
}) {
  const label = useLabel();
  return (
    <FormModal<{ reason: string }>
      open={!!target}
      title={`${label(title)} ${target?.code ?? ''}`}
      onClose={onClose}
      onSubmit={(v) => apply(target!.id, v.reason)}
      successMessage={label(T.applied)}
      invalidate={resourceKeys.all(finApplicationResource.key)}
      width={520}
    >
      {/* the hint above the field: under it, a long one ran into the character count */}
      <Alert type="info" showIcon message={label(hint)} style={{ marginBottom: 12 }} />
      <Form.Item name="reason" label={label(T.reason)} rules={[zodRule(applyReason, label(T.reason))]}>
        <Input.TextArea rows={3} maxLength={500} showCount data-testid={testId} />
      </Form.Item>
    </FormModal>
  );
}
