import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

const KINDS = ['account-query', 'withdrawal-record', 'notice', 'content-rewrite'] as const;

/**
 * `tvs/*`: the portal of the SIM-farm partners who host our devices (docs/domain.md, "TVS"). Their
 * accounts, earnings and withdrawals come from traffic and finance: said here until those rooms exist.
 */
export function TvsScreen() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const kind = KINDS.find((k) => pathname.endsWith(k)) ?? 'account-query';
  return (
    <Card size="small" title={t(`srm.tvs.${kind}`)}>
      <Typography.Paragraph>{t('srm.tvs.what')}</Typography.Paragraph>
      <Alert type="info" showIcon title={t('srm.tvs.waits')} data-testid="tvs-waits" />
    </Card>
  );
}
