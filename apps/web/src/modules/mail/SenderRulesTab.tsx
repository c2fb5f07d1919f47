import { isSenderRuleValue, mailSenderRuleResource, SENDER_RULE_KINDS } from '@portal/contracts/mail';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceKeys } from '../../platform/resource/keys';
import type { ResourceOverrides } from '../../platform/resource/overrides';
import { ResourceList } from '../../platform/resource/ResourceList';
import { useRowCall } from '../../platform/ui/RowActions';
import { mailApi } from './api';

/** Mailbox settings → white / blacklist: an address or @domain; learned entries come from spam moves. */
export function SenderRulesTab() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ kind: 'white' | 'black'; value: string }>();
  const keys = [resourceKeys.all(mailSenderRuleResource.key)];
  const remove = useRowCall((ids: number[]) => mailApi.deleteRules(ids), keys);
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      rowActions: (r) => [
        {
          key: 'delete',
          label: t('mail.set.delete'),
          danger: true,
          confirm: t('mail.rules.deleteConfirm'),
          onClick: () => remove.mutateAsync([r.id]),
        },
      ],
    }),
    [t, remove],
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form
        form={form}
        layout="inline"
        initialValues={{ kind: 'black' }}
        onFinish={async (v) => {
          await mailApi.saveRule(v);
          form.resetFields(['value']);
          await qc.invalidateQueries({ queryKey: keys[0]! });
        }}
      >
        <Form.Item name="kind">
          <Select
            style={{ width: 120 }}
            options={SENDER_RULE_KINDS.map((k) => ({ value: k, label: t(`mail.rules.${k}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="value"
          rules={[
            {
              validator: (_, v: string | undefined) =>
                v && isSenderRuleValue(v.trim().toLowerCase())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('mail.rules.invalid'))),
            },
          ]}
        >
          <Input data-testid="rule-value" placeholder={t('mail.rules.hint')} style={{ width: 280 }} maxLength={254} />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="rule-add">
          {t('mail.rules.add')}
        </Button>
      </Form>
      <ResourceList def={mailSenderRuleResource} overrides={overrides} />
    </Space>
  );
}
