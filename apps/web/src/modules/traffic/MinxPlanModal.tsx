import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { resourceSchemas } from '@portal/contracts/resource';
import { MINX_MAX_STEPS, MINX_STEP_KINDS, type MinxStep, minxPlanResource, minxStep } from '@portal/contracts/traffic';
import { Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordSelect } from '../../platform/fields/RecordSelect';
import { zodRule } from '../../platform/form';
import { FormModal } from '../../platform/ui/FormModal';
import { type MinxPlanRow, minxApi, minxKeys } from './minx-api';

type Values = { accountId: number; name: string; steps: MinxStep[] };

/** A new plan (account, name, steps) or an existing one's name and steps; the server checks the steps' rules. */
export function MinxPlanModal({ open, plan, onClose }: { open: boolean; plan?: MinxPlanRow; onClose: () => void }) {
  const { t } = useTranslation();
  const f = resourceSchemas(minxPlanResource).create.shape;
  const s = minxStep.shape;
  return (
    <FormModal<Values>
      open={open}
      onClose={onClose}
      title={plan ? t('traffic.minx.editPlan') : t('traffic.minx.newPlan')}
      successMessage={t('traffic.minx.saved')}
      invalidate={minxKeys.plans}
      width={520}
      initialValues={
        plan
          ? { accountId: plan.accountId, name: plan.name, steps: plan.steps }
          : { steps: [{ kind: 'voice', waitMinutes: 15 }] }
      }
      onSubmit={(v) =>
        plan
          ? minxApi.update({ id: plan.id, version: plan.version, name: v.name, steps: v.steps })
          : minxApi.create({ accountId: v.accountId, name: v.name, steps: v.steps })
      }
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('traffic.minx.note')}
      </Typography.Paragraph>
      <Form.Item
        name="accountId"
        label={t('traffic.account')}
        required
        rules={[zodRule(f.accountId, t('traffic.account'))]}
      >
        <RecordSelect kind="account" style={{ width: 240 }} disabled={!!plan} />
      </Form.Item>
      <Form.Item name="name" label={t('traffic.minx.name')} required rules={[zodRule(f.name, t('traffic.minx.name'))]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.List name="steps">
        {(fields, ops) => (
          <>
            {fields.map((field, i) => (
              <Space key={field.key} align="baseline" wrap data-testid="minx-step">
                <Typography.Text strong style={{ width: 64, display: 'inline-block' }}>
                  {t('traffic.minx.step', { n: i + 1 })}
                </Typography.Text>
                <Form.Item name={[field.name, 'kind']} rules={[zodRule(s.kind, t('traffic.minx.steps'))]}>
                  <Select
                    style={{ width: 130 }}
                    options={MINX_STEP_KINDS.map((k) => ({ value: k, label: t(`traffic.minx.kinds.${k}`) }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'waitMinutes']}
                  tooltip={t('traffic.minx.waitHint')}
                  rules={[zodRule(s.waitMinutes, t('traffic.minx.waitMinutes'))]}
                >
                  <InputNumber
                    min={1}
                    precision={0}
                    addonAfter={t('traffic.minx.wait', { n: '' }).trim()}
                    style={{ width: 140 }}
                  />
                </Form.Item>
                {fields.length > 1 && (
                  <Button
                    type="text"
                    aria-label="remove"
                    icon={<DeleteOutlined />}
                    onClick={() => ops.remove(field.name)}
                  />
                )}
              </Space>
            ))}
            {fields.length < MINX_MAX_STEPS && (
              <Form.Item>
                <Button icon={<PlusOutlined />} onClick={() => ops.add({ kind: 'whatsapp', waitMinutes: 30 })}>
                  {t('traffic.minx.addStep')}
                </Button>
              </Form.Item>
            )}
          </>
        )}
      </Form.List>
    </FormModal>
  );
}
