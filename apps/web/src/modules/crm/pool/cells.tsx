import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../platform/format-time';
import { daysSince, daysUntil } from '../../../platform/server-clock';

/** days left at or below which the return is close */
const CLOSE_DAYS = 7;

/**
 * "12 days left" before a customer returns to the open sea, counted from the server's clock (the
 * one the pool job runs on), not the browser's; none for one that never returns.
 */
export function DaysLeft({ at }: { at: unknown }) {
  const { t } = useTranslation();
  if (typeof at !== 'string') return <Typography.Text type="secondary">{t('crmPool.neverReturns')}</Typography.Text>;
  const days = daysUntil(at);
  if (days <= 0) return <Tag color="red">{t('crmPool.dueNow')}</Tag>;
  return (
    <Tag color={days <= CLOSE_DAYS ? 'orange' : 'default'} title={formatTime(at)}>
      {t('crmPool.daysLeft', { count: days })}
    </Tag>
  );
}

/** "3 days ago": how long a customer has been in the open sea since its last return (server's clock). */
export function DaysSince({ at }: { at: unknown }) {
  const { t } = useTranslation();
  if (typeof at !== 'string') return <Typography.Text type="secondary">-</Typography.Text>;
  return <span title={formatTime(at)}>{t('crmPool.daysSince', { count: daysSince(at) })}</span>;
}
