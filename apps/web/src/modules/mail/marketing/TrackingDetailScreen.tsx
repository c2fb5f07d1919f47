import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { marketingApi, marketingKeys, STAGE_COLORS } from './api';

const at = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '-');

/** /crm/email-tracking/details?id: one copy of a marketing mail — its stages and every recorded event. */
export function TrackingDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useSearchParams()[0].get('id'));
  const q = useQuery({
    queryKey: marketingKeys.tracking(id),
    queryFn: () => marketingApi.tracking(id),
    enabled: id > 0,
  });
  if (!(id > 0)) return <Empty />;
  if (!q.data) return <Spin />;
  const { copy: c, events } = q.data;
  return (
    <Card
      size="small"
      title={
        <Typography.Link
          onClick={() =>
            navigate(
              `/crm/marketing-email/details?${new URLSearchParams({ id: String(q.data.campaignId), subject: q.data.subject })}`,
            )
          }
        >
          {q.data.subject}
        </Typography.Link>
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 2 }} data-testid="tracking-copy">
        <Descriptions.Item label={t('mail.receivers')}>{c.name ? `${c.name} <${c.email}>` : c.email}</Descriptions.Item>
        <Descriptions.Item label={t('mail.counterpart.customer')}>{c.customerName || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('mail.mkt.events.sent')}>{at(c.sentAt)}</Descriptions.Item>
        <Descriptions.Item label={t('mail.mkt.events.delivered')}>{at(c.deliveredAt)}</Descriptions.Item>
        <Descriptions.Item label={t('mail.mkt.events.opened')}>
          {at(c.openedAt)} {c.opens > 0 && `(${c.opens})`}
        </Descriptions.Item>
        <Descriptions.Item label={t('mail.mkt.events.clicked')}>
          {at(c.clickedAt)} {c.clicks > 0 && `(${c.clicks})`}
        </Descriptions.Item>
        <Descriptions.Item label={t('mail.mkt.events.replied')}>{at(c.repliedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('mail.mkt.events.bounced')}>{at(c.bouncedAt)}</Descriptions.Item>
        {c.error && <Descriptions.Item label={t('mail.mkt.error')}>{c.error}</Descriptions.Item>}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('mail.mkt.timeline')}
      </Typography.Title>
      <Timeline
        data-testid="tracking-events"
        items={events.map((e) => ({
          color: STAGE_COLORS[e.kind],
          children: (
            <>
              <Tag color={STAGE_COLORS[e.kind]}>{t(`mail.mkt.events.${e.kind}`)}</Tag> {at(e.at)}
              {e.url && <div style={{ wordBreak: 'break-all' }}>{e.url}</div>}
              {e.detail && e.detail !== 'local' && <div style={{ color: '#888' }}>{e.detail}</div>}
            </>
          ),
        }))}
      />
    </Card>
  );
}
