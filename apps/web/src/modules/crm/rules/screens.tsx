import {
  bukaAllowResource,
  churnRuleResource,
  freeMailDomainResource,
  levelRuleResource,
  retentionRuleResource,
} from '@portal/contracts/crm';
import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../../platform/resource/ResourceList';

/** `/setModule/crm/rules/retention`: days before a customer returns to the open sea, per level. */
export function RetentionRulesScreen() {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('crmPool.retentionHelp')} />
      <ResourceList def={retentionRuleResource} />
    </Space>
  );
}

/** `/setModule/crm/rules/level`: owned-customer and lock limits, claim cap, cool-down and embargo. */
export function LevelRulesScreen() {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('crmPool.levelHelp')} />
      <ResourceList def={levelRuleResource} />
    </Space>
  );
}

/** `/setModule/crm/rules/churn`: evaluated daily by the `crm.churn` job (decision 0048). */
export function ChurnRulesScreen() {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('crmPool.churnHelp')} data-testid="churn-help" />
      <ResourceList def={churnRuleResource} />
    </Space>
  );
}

/** `/setModule/crm/rules/domain`: free-mail domains the duplicate check ignores. */
export function DomainRulesScreen() {
  return <ResourceList def={freeMailDomainResource} />;
}

/** `/setModule/crm/rules/allow-buka`: staff who take their own customers back without the cool-down. */
export function BukaAllowScreen() {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('crmPool.bukaHelp')} />
      <ResourceList def={bukaAllowResource} />
    </Space>
  );
}
