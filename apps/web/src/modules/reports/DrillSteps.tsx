import { DIM_TITLE, type SubscriptionFilter, subscriptionFilter } from '@portal/contracts/reports';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../../platform/resource/labels';

/** a subscription's stored drill-down (JSON `[{dim, value, label}]`); anything else reads as none */
export function stepsOf(value: unknown): SubscriptionFilter[] {
  try {
    const list = JSON.parse(typeof value === 'string' && value ? value : '[]');
    return Array.isArray(list) ? list.filter((s) => subscriptionFilter.safeParse(s).success) : [];
  } catch {
    return [];
  }
}

/** The drill-down a subscription is sent at, read like the report's breadcrumb ("Customer: Acme › Account: CA1"). */
export function DrillSteps({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const label = useLabel();
  const steps = stepsOf(value);
  if (!steps.length) return <Typography.Text type="secondary">{t('reports.drillTop')}</Typography.Text>;
  return <span>{steps.map((s) => `${label(DIM_TITLE[s.dim])}: ${s.label}`).join(' › ')}</span>;
}

/**
 * The subscription form's drill-down: shown, not typed (it comes from the report screen's drill),
 * and cleared back to the report's top level.
 */
export function DrillInput({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center" wrap data-testid="subscription-drill">
      <DrillSteps value={value} />
      {stepsOf(value).length > 0 && (
        <Typography.Link onClick={() => onChange?.('[]')}>{t('reports.drillClear')}</Typography.Link>
      )}
    </Flex>
  );
}
