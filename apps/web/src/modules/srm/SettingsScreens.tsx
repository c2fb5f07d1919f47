import {
  DUPLICATE_MODES,
  type DuplicateCheckSettings,
  duplicateCheckSettings,
  type SeaRules,
  SrmPerm,
  seaRules,
} from '@portal/contracts/srm';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  type FormInstance,
  InputNumber,
  Segmented,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../platform/access';
import { zodRule } from '../../platform/form';
import { srmApi, srmKeys } from './api';

/** A settings document as one vertical form: load, fill, save, refetch (one form pattern). */
export function useSettingsForm<V extends object>(
  key: readonly unknown[],
  load: (s?: AbortSignal) => Promise<V>,
  save: (v: V) => Promise<V>,
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<V>();
  const { data } = useQuery({ queryKey: key, queryFn: ({ signal }) => load(signal) });
  useEffect(() => {
    // biome-ignore lint/suspicious/noExplicitAny: antd's setFieldsValue takes the form's own partial
    if (data) form.setFieldsValue(data as any);
  }, [data, form]);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async () => {
      message.success(t('srm.settings.saved'));
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
  return { form, data, mutation };
}

/** One purchasing settings form: a card, the fields, and Save (read-only without the screen's edit key). */
export function SettingsForm<V extends object>({
  form,
  canEdit,
  mutation,
  testId,
  extra,
  maxWidth = 640,
  children,
}: {
  form: FormInstance<V>;
  canEdit: boolean;
  mutation: { mutate: (v: V) => void; isPending: boolean };
  testId: string;
  /** buttons beside Save (run the rules now) */
  extra?: ReactNode;
  /** px; wide rule rows (the level steps) ask for more than a form of single fields */
  maxWidth?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" style={{ maxWidth }}>
      <Form<V>
        form={form}
        layout="vertical"
        disabled={!canEdit}
        onFinish={(v) => mutation.mutate(v)}
        data-testid={testId}
      >
        {children}
        <Space>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('srm.settings.save')}
          </Button>
          {extra}
        </Space>
      </Form>
    </Card>
  );
}

const sea = seaRules.shape;
/** `/setModule/purchase/rules/seas`: limits, claim cap, cool-down, embargo and retention of the supplier sea. */
export function SeaRulesScreen() {
  const { t } = useTranslation();
  const canEdit = useCan(SrmPerm.SEA_RULES);
  const { form, data, mutation } = useSettingsForm<SeaRules>(srmKeys.seaRules, srmApi.seaRules, srmApi.saveSeaRules);
  if (!data) return <Skeleton active />;
  type NumKey = Exclude<keyof SeaRules, 'countAdmitted'>;
  const num = (name: NumKey, max: number, nullable = false) => (
    <Form.Item
      name={name}
      label={t(`srm.sea.${name}`)}
      extra={t(`srm.sea.${name}Hint`)}
      rules={[zodRule(sea[name], t(`srm.sea.${name}`))]}
    >
      <InputNumber
        min={nullable ? 1 : 0}
        max={max}
        precision={0}
        placeholder={nullable ? t('srm.sea.noLimit') : undefined}
        style={{ width: 200 }}
      />
    </Form.Item>
  );
  return (
    <Card size="small" style={{ maxWidth: 640 }}>
      <Form<SeaRules>
        form={form}
        layout="vertical"
        disabled={!canEdit}
        onFinish={(v) =>
          mutation.mutate({
            ...v,
            userLimit: v.userLimit ?? null,
            departmentLimit: v.departmentLimit ?? null,
            dailyClaimCap: v.dailyClaimCap ?? null,
          })
        }
        data-testid="sea-rules-form"
      >
        {num('userLimit', 100_000, true)}
        {num('departmentLimit', 100_000, true)}
        <Form.Item name="countAdmitted" label={t('srm.sea.countAdmitted')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {num('dailyClaimCap', 100_000, true)}
        {num('cooldownDays', 365)}
        {num('embargoDays', 365)}
        {num('retentionDays', 3650)}
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('srm.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}

const dup = duplicateCheckSettings.shape;
/** `/setModule/purchase-set/duplicate-check`: per criterion off, warn or block, and the name similarity. */
export function DuplicateCheckScreen() {
  const { t } = useTranslation();
  const canEdit = useCan(SrmPerm.DUPLICATE_CHECK);
  const { form, data, mutation } = useSettingsForm<DuplicateCheckSettings>(
    srmKeys.duplicateCheck,
    srmApi.duplicateCheck,
    srmApi.saveDuplicateCheck,
  );
  if (!data) return <Skeleton active />;
  const modes = DUPLICATE_MODES.map((m) => ({ value: m, label: t(`srm.dupSettings.mode.${m}`) }));
  return (
    <SettingsForm<DuplicateCheckSettings>
      form={form}
      canEdit={canEdit}
      mutation={mutation}
      testId="duplicate-check-form"
    >
      {(['name', 'domain', 'phone'] as const).map((k) => (
        <Form.Item
          key={k}
          name={k}
          label={t(`srm.dupSettings.${k}`)}
          rules={[zodRule(dup[k], t(`srm.dupSettings.${k}`))]}
        >
          <Segmented options={modes} />
        </Form.Item>
      ))}
      <Form.Item
        name="nameSimilarity"
        label={t('srm.dupSettings.nameSimilarity')}
        extra={t('srm.dupSettings.nameSimilarityHint')}
        rules={[zodRule(dup.nameSimilarity, t('srm.dupSettings.nameSimilarity'))]}
      >
        <InputNumber min={0.3} max={1} step={0.05} precision={2} />
      </Form.Item>
    </SettingsForm>
  );
}

/** `/setModule/purchase/payment-method`: the payment methods and how many suppliers use each; edited in the purchasing dictionary. */
export function PaymentMethodScreen() {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const q = useQuery({ queryKey: srmKeys.paymentMethods, queryFn: ({ signal }) => srmApi.paymentMethods(signal) });
  return (
    <Card
      size="small"
      title={t('srm.payment.title')}
      extra={<Link to="/setModule/purchase/dictionary">{t('srm.payment.edit')}</Link>}
    >
      <Table
        size="small"
        rowKey="value"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        data-testid="payment-methods"
        columns={[
          { key: 'value', dataIndex: 'value', title: t('srm.payment.code') },
          { key: 'name', title: t('srm.payment.name'), render: (_, r) => (en ? r.en : r.zh) },
          {
            key: 'enabled',
            title: t('srm.payment.enabled'),
            render: (_, r) =>
              r.enabled ? <Tag color="green">{t('srm.payment.on')}</Tag> : <Tag>{t('srm.payment.off')}</Tag>,
          },
          { key: 'suppliers', dataIndex: 'suppliers', title: t('srm.payment.suppliers'), align: 'right' },
        ]}
      />
    </Card>
  );
}
