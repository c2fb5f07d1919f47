import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type ClueViewRules,
  type LevelRules,
  type ShareRules,
  SrmPerm,
  SUPPLIER_RULE_FIELDS,
  type SuffixRules,
  type SupplierRules,
  suffixRules,
  supplierResource,
} from '@portal/contracts/srm';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Skeleton,
  Space,
  Switch,
  Typography,
  theme,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../platform/access';
import { DictSelect } from '../../platform/dict/use-dict';
import { zodRule } from '../../platform/form';
import { useLabel } from '../../platform/resource/labels';
import { srmApi, srmKeys } from './api';
import { SettingsForm, useSettingsForm } from './SettingsScreens';

/**
 * A list of rows inside a settings form: each row's inputs, a remove button, and Add. With `boxTitle`
 * each row is a titled box whose labelled inputs sit in a grid of equal columns (as many as the
 * width holds), so every row breaks at the same places instead of wherever its inputs run out of room.
 */
function RuleRows({
  name,
  add,
  blank,
  row,
  boxTitle,
}: {
  name: string;
  add: string;
  blank: object;
  row: (field: number) => ReactNode;
  boxTitle?: (index: number) => ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Form.List name={name}>
      {(fields, ops) => (
        <>
          {fields.map((f, index) => {
            const remove = <Button type="text" icon={<DeleteOutlined />} onClick={() => ops.remove(f.name)} />;
            if (!boxTitle)
              return (
                <Space key={f.key} align="baseline" wrap>
                  {row(f.name)}
                  {remove}
                </Space>
              );
            return (
              <div
                key={f.key}
                data-testid={`${name}-row`}
                style={{
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderRadius: token.borderRadiusLG,
                  padding: `${token.paddingXS}px ${token.paddingSM}px 0`,
                  marginBottom: token.marginSM,
                }}
              >
                <Flex justify="space-between" align="center" style={{ marginBottom: token.marginXS }}>
                  <Typography.Text strong>{boxTitle(index)}</Typography.Text>
                  {remove}
                </Flex>
                <div
                  style={{
                    display: 'grid',
                    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
                    columnGap: 12,
                  }}
                >
                  {row(f.name)}
                </div>
              </div>
            );
          })}
          <Form.Item>
            <Button icon={<PlusOutlined />} onClick={() => ops.add(blank)}>
              {add}
            </Button>
          </Form.Item>
        </>
      )}
    </Form.List>
  );
}

const required = (message: string) => [{ required: true, message }];

/** `/setModule/purchase/rules/supplier`: the fields a new supplier of a type must have. */
export function SupplierRulesScreen() {
  const { t } = useTranslation();
  const label = useLabel();
  const canEdit = useCan(SrmPerm.SUPPLIER_RULES);
  const { form, data, mutation } = useSettingsForm<SupplierRules>(
    srmKeys.supplierRules,
    srmApi.supplierRules,
    srmApi.saveSupplierRules,
  );
  if (!data) return <Skeleton active />;
  const types = supplierResource.fields.type.options!.map((o) => ({ value: o.value, label: label(o.label) }));
  const fields = SUPPLIER_RULE_FIELDS.map((f) => ({ value: f, label: label(supplierResource.fields[f].label) }));
  return (
    <SettingsForm<SupplierRules>
      form={form}
      canEdit={canEdit}
      mutation={{ ...mutation, mutate: (v) => mutation.mutate({ byType: v.byType ?? [] }) }}
      testId="supplier-rules-form"
    >
      <Alert type="info" showIcon title={t('srm.rules.supplierHint')} style={{ marginBottom: 16 }} />
      <RuleRows
        name="byType"
        add={t('srm.rules.addType')}
        blank={{ fields: [] }}
        row={(i) => (
          <>
            <Form.Item name={[i, 'type']} rules={required(t('srm.rules.type'))}>
              <Select options={types} style={{ width: 160 }} placeholder={t('srm.rules.type')} />
            </Form.Item>
            <Form.Item name={[i, 'fields']} rules={required(t('srm.rules.fields'))}>
              <Select mode="multiple" options={fields} style={{ width: 360 }} placeholder={t('srm.rules.fields')} />
            </Form.Item>
          </>
        )}
      />
    </SettingsForm>
  );
}

/** `/setModule/purchase/rules/level`: the steps that set a supplier's level, nightly or now. */
export function LevelRulesScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canEdit = useCan(SrmPerm.LEVEL_RULES);
  const { form, data, mutation } = useSettingsForm<LevelRules>(
    srmKeys.levelRules,
    srmApi.levelRules,
    srmApi.saveLevelRules,
  );
  const apply = useMutation({
    mutationFn: srmApi.applyLevelRules,
    onSuccess: (r) => message.success(t('srm.rules.levelApplied', { count: r.moved })),
  });
  if (!data) return <Skeleton active />;
  return (
    <SettingsForm<LevelRules>
      form={form}
      canEdit={canEdit}
      mutation={{
        ...mutation,
        mutate: (v) =>
          mutation.mutate({
            steps: (v.steps ?? []).map((x) => ({
              ...x,
              minDeliveryRate: x.minDeliveryRate ?? null,
              minAsr: x.minAsr ?? null,
              minShare: x.minShare ?? null,
            })),
          }),
      }}
      testId="level-rules-form"
      maxWidth={1100}
      extra={
        <Button onClick={() => apply.mutate()} loading={apply.isPending} disabled={!canEdit || !data.steps.length}>
          {t('srm.rules.levelApply')}
        </Button>
      }
    >
      <Alert type="info" showIcon title={t('srm.rules.levelHint')} style={{ marginBottom: 16 }} />
      <RuleRows
        name="steps"
        boxTitle={(index) => t('srm.rules.stepN', { n: index + 1 })}
        add={t('srm.rules.addStep')}
        blank={{ minLiveChannels: 1, admittedOnly: false, minDeliveryRate: null, minAsr: null, minShare: null }}
        row={(i) => (
          <>
            <Form.Item name={[i, 'level']} label={t('srm.rules.level')} rules={required(t('srm.rules.level'))}>
              <DictSelect code="purchase.supplier_level" placeholder={t('srm.rules.level')} />
            </Form.Item>
            <Form.Item
              name={[i, 'minLiveChannels']}
              label={t('srm.rules.minLiveChannels')}
              rules={required(t('srm.rules.minLiveChannels'))}
            >
              <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name={[i, 'admittedOnly']} label={t('srm.rules.admission')} valuePropName="checked">
              <Switch checkedChildren={t('srm.rules.admittedOnly')} unCheckedChildren={t('srm.rules.anySupplier')} />
            </Form.Item>
            {(['minDeliveryRate', 'minAsr', 'minShare'] as const).map((k) => (
              <Form.Item key={k} name={[i, k]} label={t(`srm.rules.${k}`)}>
                <InputNumber
                  min={0}
                  max={100}
                  precision={2}
                  style={{ width: '100%' }}
                  suffix="%"
                  placeholder={t('srm.rules.anyRate')}
                />
              </Form.Item>
            ))}
          </>
        )}
      />
    </SettingsForm>
  );
}

/** `/setModule/purchase/rules/suffix`: mail domain suffixes that name a supplier. */
export function SuffixRulesScreen() {
  const { t } = useTranslation();
  const canEdit = useCan(SrmPerm.SUFFIX_RULES);
  const { form, data, mutation } = useSettingsForm<SuffixRules>(
    srmKeys.suffixRules,
    srmApi.suffixRules,
    srmApi.saveSuffixRules,
  );
  if (!data) return <Skeleton active />;
  const row = suffixRules.shape.rows.unwrap().shape;
  return (
    <SettingsForm<SuffixRules>
      form={form}
      canEdit={canEdit}
      mutation={{ ...mutation, mutate: (v) => mutation.mutate({ rows: v.rows ?? [] }) }}
      testId="suffix-rules-form"
    >
      <Alert type="info" showIcon title={t('srm.rules.suffixHint')} style={{ marginBottom: 16 }} />
      <RuleRows
        name="rows"
        add={t('srm.rules.addSuffix')}
        blank={{}}
        row={(i) => (
          <>
            <Form.Item name={[i, 'suffix']} rules={[zodRule(row.suffix, t('srm.rules.suffix'))]}>
              <Input style={{ width: 240 }} placeholder={t('srm.rules.suffixPlaceholder')} />
            </Form.Item>
            <Form.Item name={[i, 'supplierCode']} rules={[zodRule(row.supplierCode, t('srm.rules.supplierCode'))]}>
              <Input style={{ width: 160 }} placeholder={t('srm.rules.supplierCode')} />
            </Form.Item>
          </>
        )}
      />
    </SettingsForm>
  );
}

/** `/setModule/purchase/rules/cluevier`: whether the sea shows a sea supplier's contacts. */
export function ClueViewRulesScreen() {
  const { t } = useTranslation();
  const canEdit = useCan(SrmPerm.CLUE_VIEW_RULES);
  const { form, data, mutation } = useSettingsForm<ClueViewRules>(
    srmKeys.clueViewRules,
    srmApi.clueViewRules,
    srmApi.saveClueViewRules,
  );
  if (!data) return <Skeleton active />;
  return (
    <SettingsForm<ClueViewRules> form={form} canEdit={canEdit} mutation={mutation} testId="clue-view-rules-form">
      <Form.Item
        name="seaContacts"
        label={t('srm.rules.seaContacts')}
        extra={t('srm.rules.seaContactsHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
    </SettingsForm>
  );
}

/** `/setModule/purchase/rules/share`: most members per supplier and whether write access may be shared. */
export function ShareRulesScreen() {
  const { t } = useTranslation();
  const canEdit = useCan(SrmPerm.SHARE_RULES);
  const { form, data, mutation } = useSettingsForm<ShareRules>(
    srmKeys.shareRules,
    srmApi.shareRules,
    srmApi.saveShareRules,
  );
  if (!data) return <Skeleton active />;
  return (
    <SettingsForm<ShareRules>
      form={form}
      canEdit={canEdit}
      mutation={{ ...mutation, mutate: (v) => mutation.mutate({ ...v, maxMembers: v.maxMembers ?? null }) }}
      testId="share-rules-form"
    >
      <Form.Item name="maxMembers" label={t('srm.rules.maxMembers')} extra={t('srm.rules.maxMembersHint')}>
        <InputNumber min={1} max={100} precision={0} placeholder={t('srm.sea.noLimit')} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="allowWrite"
        label={t('srm.rules.allowWrite')}
        extra={t('srm.rules.allowWriteHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
    </SettingsForm>
  );
}
