import { LIVE_RESOURCES_MAIL, type MarketingCopy, type MarketingDetail } from '@portal/contracts/mail';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Progress, Space, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatTime } from '../../../platform/format-time';
import { useLiveRefresh } from '../../../platform/live/use-live-refresh';
import { mailDocument } from '../mail-html';
import { marketingApi, marketingKeys, STAGE_COLORS, STATUS_COLORS } from './api';
import { ResumeButton } from './ResumeButton';
import { StageCounts } from './StageCounts';

/** while its copies go out, re-read every few seconds too (the live refresh reaches the author only) */
const SENDING_POLL_MS = 3000;
/** copies done (sent or failed) out of all, in percent */
const doneShare = (d: MarketingDetail) =>
  d.stats.recipients ? Math.floor(((d.stats.sent + d.stats.failed) / d.stats.recipients) * 100) : 0;
const at = (v: string | null) => formatTime(v);
const STAGES = ['delivered', 'opened', 'clicked', 'replied', 'bounced'] as const;
const STAGE_AT = {
  delivered: 'deliveredAt',
  opened: 'openedAt',
  clicked: 'clickedAt',
  replied: 'repliedAt',
  bounced: 'bouncedAt',
} as const;

/** /crm/marketing-email/details?id: a marketing mail, how far each copy got, its links' clicks. */
export function MarketingDetailScreen() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = Number(useSearchParams()[0].get('id'));
  const q = useQuery({
    queryKey: marketingKeys.detail(id),
    queryFn: () => marketingApi.detail(id),
    enabled: id > 0,
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? SENDING_POLL_MS : false),
  });
  useLiveRefresh(LIVE_RESOURCES_MAIL.campaigns, marketingKeys.detail(id));
  if (!(id > 0)) return <Empty />;
  if (!q.data) return <Spin />;
  const d = q.data;
  const track = (c: MarketingCopy) =>
    navigate(`/crm/email-tracking/details?${new URLSearchParams({ id: String(c.id) })}`);
  const done = async (key: 'mail.mkt.sending' | 'mail.done') => {
    message.success(t(key));
    await qc.invalidateQueries({ queryKey: marketingKeys.list });
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      {d.resumable && <Alert type="warning" showIcon message={t('mail.mkt.stuck')} data-testid="mkt-stuck" />}
      <Space wrap>
        <ResumeButton row={d} />
        {d.mine && d.status === 'draft' && (
          <>
            <Button onClick={() => navigate(`/crm/marketing-email/edit?id=${d.id}`)}>{t('mail.mkt.edit')}</Button>
            <Button
              type="primary"
              data-testid="mkt-detail-send"
              onClick={() =>
                modal.confirm({
                  title: t('mail.mkt.sendConfirm', { count: d.recipients.length }),
                  onOk: async () => {
                    await marketingApi.send(d.id);
                    await q.refetch();
                    await done('mail.mkt.sending');
                  },
                })
              }
            >
              {t('mail.mkt.send')}
            </Button>
          </>
        )}
        {d.mine && d.status !== 'sending' && (
          <Button
            danger
            onClick={() =>
              modal.confirm({
                title: t('mail.mkt.deleteConfirm'),
                onOk: async () => {
                  await marketingApi.remove(d.id);
                  await done('mail.done');
                  navigate('/crm/marketing-email');
                },
              })
            }
          >
            {t('mail.mkt.delete')}
          </Button>
        )}
      </Space>
      <Card size="small" title={d.subject}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('mail.mkt.status')}>
            <Tag color={STATUS_COLORS[d.status]}>{t(`mail.mkt.statuses.${d.status}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('mail.mkt.author')}>{d.userName}</Descriptions.Item>
          <Descriptions.Item label={t('mail.mailbox')}>
            {d.mailbox}
            <Typography.Link
              style={{ marginInlineStart: 8 }}
              onClick={() => navigate(`/crm/email-binding/edit?id=${d.accountId}`)}
            >
              {t('mail.mkt.editBinding')}
            </Typography.Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('mail.mkt.sentAt')}>{at(d.sentAt)}</Descriptions.Item>
          <Descriptions.Item label={t('mail.mkt.recipients')}>{d.recipients.length}</Descriptions.Item>
          {d.status === 'sending' && (
            <Descriptions.Item label={t('mail.mkt.progress')} span={2}>
              <Progress
                data-testid="mkt-progress"
                percent={doneShare(d)}
                format={() => `${d.stats.sent + d.stats.failed} / ${d.stats.recipients}`}
                style={{ maxWidth: 360, margin: 0 }}
              />
            </Descriptions.Item>
          )}
          {d.status !== 'draft' && (
            <Descriptions.Item label={t('mail.mkt.tracking')} span={2}>
              <StageCounts stats={d.stats} />
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      {d.status !== 'draft' ? (
        <Card size="small" title={t('mail.mkt.copies')}>
          <Table<MarketingCopy>
            data-testid="mkt-copies"
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={d.copies}
            columns={[
              {
                key: 'to',
                title: t('mail.receivers'),
                render: (_, c) => (
                  <Typography.Link onClick={() => track(c)}>
                    {c.name ? `${c.name} <${c.email}>` : c.email}
                  </Typography.Link>
                ),
              },
              { key: 'customer', dataIndex: 'customerName', title: t('mail.counterpart.customer') },
              {
                key: 'stages',
                title: t('mail.mkt.tracking'),
                render: (_, c) => (
                  <Space size={[4, 4]} wrap>
                    {c.sentAt ? (
                      <Tag color={STAGE_COLORS.sent}>{t('mail.mkt.events.sent')}</Tag>
                    ) : c.error ? (
                      <Tag color="red">{t('mail.mkt.events.failed')}</Tag>
                    ) : (
                      <Tag>{t('mail.mkt.queued')}</Tag>
                    )}
                    {STAGES.filter((s) => c[STAGE_AT[s]]).map((s) => (
                      <Tag key={s} color={STAGE_COLORS[s]}>
                        {t(`mail.mkt.events.${s}`)}
                        {s === 'opened' && c.opens > 1 ? ` ×${c.opens}` : ''}
                        {s === 'clicked' && c.clicks > 1 ? ` ×${c.clicks}` : ''}
                      </Tag>
                    ))}
                  </Space>
                ),
              },
              { key: 'sentAt', title: t('mail.mkt.sentAt'), render: (_, c) => at(c.sentAt) },
              {
                key: 'act',
                title: '',
                render: (_, c) => (
                  <Typography.Link data-testid={`mkt-track-${c.id}`} onClick={() => track(c)}>
                    {t('mail.mkt.trackingDetails')}
                  </Typography.Link>
                ),
              },
            ]}
          />
          {d.links.length > 0 && (
            <Table
              style={{ marginTop: 12 }}
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={d.links}
              columns={[
                { key: 'url', dataIndex: 'url', title: t('mail.mkt.link'), ellipsis: true },
                { key: 'clicks', dataIndex: 'clicks', title: t('mail.mkt.clicks'), width: 100 },
              ]}
            />
          )}
        </Card>
      ) : (
        <Card size="small" title={t('mail.mkt.recipients')} data-testid="mkt-recipients-card">
          {d.recipients.map((r) => (
            <Tag key={r.email}>{r.name ? `${r.name} <${r.email}>` : r.email}</Tag>
          ))}
        </Card>
      )}
      <Card size="small" title={t('mail.content')}>
        <iframe
          title={t('mail.content')}
          sandbox=""
          srcDoc={mailDocument(d.content, false)}
          style={{ width: '100%', border: 0, minHeight: 240 }}
        />
      </Card>
    </Space>
  );
}
