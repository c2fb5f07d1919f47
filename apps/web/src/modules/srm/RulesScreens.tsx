import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type ClueSettings,
  clueSettings,
  type DomainRules,
  domainRules,
  type RetentionRules,
  SrmPerm,
} from '@portal/contracts/srm';
import { Alert, Button, Card, Form, InputNumber, Select, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../platform/access';
import { DictSelect } from '../../platform/dict/use-dict';
import { zodRule } from '../../platform/form';
import { srmApi, srmKeys } from './api';
import { SettingsForm, useSettingsForm } from './SettingsScreens';

/** `/setModule/purchase/rules/domain`: shared mail and hosting domains the duplicate check ignores. */
export function DomainRulesScreen() {
  const { t } = useTranslation();
  const canEdit = useCan(SrmPerm.DOMAIN_RULES);
  const { form, data, mutation } = useSettingsForm<DomainRules>(
    srmKeys.domainRules,
    srmApi.domainRules,
    srmApi.saveDomainRules,
  );
  if (!data) return <Skeleton active />;
  return (
    <SettingsForm<DomainRules> form={form} canEdit={canEdit} mutation={mutation} testId="domain-rules-form">
      <Form.Item
        name="ignoredDomains"
        label={t('srm.rules.ignoredDomains')}
        extra={t('srm.rules.ignoredDomainsHint')}
        rules={[zodRule(domainRules.shape.ignoredDomains, t('srm.rules.ignoredDomains'))]}
      >
        <Select mode="tags" tokenSeparators={[',', ' ', ';']} open={false} />
      </Form.Item>
    </SettingsForm>
  );
}

/** `/setModule/purchase/rules/retention`: idle days before return per supplier level. */
export function RetentionRulesScreen() {
  const { t } = useTranslation();
  const canEdit = useCan(SrmPerm.RETENTION_RULES);
  const { form, data, mutation } = useSettingsForm<RetentionRules>(
    srmKeys.retentionRules,
    srmApi.retentionRules,
    srmApi.saveRetentionRules,
  );
  if (!data) return <Skeleton active />;
  return (
    <Card size="small" style={{ maxWidth: 640 }}>
      <Alert type="info" showIcon title={t('srm.rules.retentionHint')} style={{ marginBottom: 16 }} />
      <Form<RetentionRules>
        form={form}
        layout="vertical"
        disabled={!canEdit}
        onFinish={(v) => mutation.mutate({ byLevel: v.byLevel ?? [] })}
        data-testid="retention-rules-form"
      >
        <Form.List name="byLevel">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item name={[f.name, 'level']} rules={[{ required: true, message: t('srm.rules.level') }]}>
                    <DictSelect
                      code="purchase.supplier_level"
                      style={{ width: 200 }}
                      placeholder={t('srm.rules.level')}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'days']} rules={[{ required: true, message: t('srm.rules.days') }]}>
                    <InputNumber min={0} max={3650} precision={0} addonAfter={t('srm.rules.days')} />
                  </Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Form.Item>
                <Button icon={<PlusOutlined />} onClick={() => add({ days: 90 })}>
                  {t('srm.rules.addLevel')}
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('srm.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** `/setModule/purchase-set/clue`: how recent a follow-up makes a supplier lead "followed". */
export function ClueSettingsScreen() {
  const { t } = useTranslation();
  const canEdit = useCan(SrmPerm.CLUE_SETTINGS);
  const { form, data, mutation } = useSettingsForm<ClueSettings>(
    srmKeys.clueSettings,
    srmApi.clueSettings,
    srmApi.saveClueSettings,
  );
  if (!data) return <Skeleton active />;
  return (
    <SettingsForm<ClueSettings> form={form} canEdit={canEdit} mutation={mutation} testId="clue-settings-form">
      <Form.Item
        name="followedWithinDays"
        label={t('srm.rules.followedWithinDays')}
        extra={t('srm.rules.followedWithinDaysHint')}
        rules={[zodRule(clueSettings.shape.followedWithinDays, t('srm.rules.followedWithinDays'))]}
      >
        <InputNumber min={0} max={3650} precision={0} addonAfter={t('srm.rules.days')} />
      </Form.Item>
    </SettingsForm>
  );
}
