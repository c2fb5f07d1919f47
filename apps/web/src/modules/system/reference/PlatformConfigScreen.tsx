import { type PlatformConfigSaveBody, platformConfig, RefPerm } from '@portal/contracts/reference';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../platform/access';
import { RefSelect } from '../../../platform/fields/RefSelect';
import { zodRule } from '../../../platform/form';
import { formatTime } from '../../../platform/format-time';
import { refApi, refKeys } from './api';

const s = platformConfig.shape;

/** /setModule/uplatform/uconfig: the messaging platform's settings (base currency, rate staleness, billing day, console). */
export function PlatformConfigScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan(RefPerm.PLATFORM_CONFIG);
  const [form] = Form.useForm<PlatformConfigSaveBody>();
  const { data } = useQuery({ queryKey: refKeys.config, queryFn: ({ signal }) => refApi.config(signal) });
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  const save = useMutation({
    mutationFn: (v: PlatformConfigSaveBody) => refApi.saveConfig({ ...v, version: data!.version }),
    onSuccess: async () => {
      message.success(t('ref.saved'));
      await queryClient.invalidateQueries({ queryKey: refKeys.all });
    },
  });
  if (!data) return <Skeleton active />;
  return (
    <Card size="small" style={{ maxWidth: 640 }}>
      <Form<PlatformConfigSaveBody>
        form={form}
        layout="vertical"
        disabled={!canEdit}
        onFinish={(v) => save.mutate(v)}
        data-testid="uconfig-form"
      >
        <Form.Item
          name="baseCurrency"
          label={t('ref.baseCurrency')}
          extra={t('ref.baseCurrencyHint')}
          rules={[zodRule(s.baseCurrency, t('ref.baseCurrency'))]}
        >
          <RefSelect kind="currency" style={{ width: 240 }} />
        </Form.Item>
        <Form.Item
          name="rateStaleDays"
          label={t('ref.rateStaleDays')}
          extra={t('ref.rateStaleDaysHint')}
          rules={[zodRule(s.rateStaleDays, t('ref.rateStaleDays'))]}
        >
          <InputNumber min={1} max={366} precision={0} />
        </Form.Item>
        <Form.Item
          name="billingTimeZone"
          label={t('ref.billingTimeZone')}
          extra={t('ref.billingTimeZoneHint')}
          rules={[zodRule(s.billingTimeZone, t('ref.billingTimeZone'))]}
        >
          <RefSelect kind="timezone" style={{ width: 320 }} />
        </Form.Item>
        <Form.Item name="consoleUrl" label={t('ref.consoleUrl')} rules={[zodRule(s.consoleUrl, t('ref.consoleUrl'))]}>
          <Input placeholder="https://" />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          {t('ref.lastChanged', { at: formatTime(data.updatedAt) })}
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('ref.save')}
        </Button>
      </Form>
    </Card>
  );
}
