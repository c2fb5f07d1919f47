import type { MarketingStats } from '@portal/contracts/mail';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STAGE_COLORS } from './api';

const STAGES = ['sent', 'delivered', 'opened', 'clicked', 'replied', 'bounced'] as const;

/** how many copies reached each stage, as tags */
export function StageCounts({ stats }: { stats: MarketingStats }) {
  const { t } = useTranslation();
  return (
    <Space size={[4, 4]} wrap data-testid="mkt-stats">
      {STAGES.map((s) => (
        <Tag key={s} color={stats[s] ? STAGE_COLORS[s] : 'default'}>
          {t(`mail.mkt.events.${s}`)} {stats[s]}
        </Tag>
      ))}
      {stats.failed > 0 && (
        <Tag color="red">
          {t('mail.mkt.events.failed')} {stats.failed}
        </Tag>
      )}
    </Space>
  );
}
