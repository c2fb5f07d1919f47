import type { ChannelQuality } from '@portal/contracts/srm/channels';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Empty, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { channelQuality } from './api';

const TIER_COLOR = { A: 'green', B: 'gold', C: 'red' } as const;

export function TierTag({ tier }: { tier: ChannelQuality['tier'] }) {
  const { t } = useTranslation();
  return tier ? <Tag color={TIER_COLOR[tier]}>{tier}</Tag> : <Tag>{t('srmChannel.quality.unrated')}</Tag>;
}

const pct = (v: string | null) => (v === null ? '-' : `${v}%`);
/** ms to seconds with one decimal */
export const seconds = (ms: number | null) => (ms === null ? '-' : (ms / 1000).toFixed(1));

/** A channel's quality tab: the last days' delivery figures from the traffic rollups, total and per network. */
export function QualityPanel({ channelId }: { channelId: number }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['srm', 'channel-quality', channelId], queryFn: () => channelQuality(channelId) });
  if (!q.data) return <Skeleton active />;
  const d = q.data;
  if (!d.available) return <Alert type="info" showIcon title={t('srmChannel.quality.unavailable')} />;
  const voice = d.total?.product === 'voice';
  return (
    <Flex vertical gap={12} data-testid="channel-quality">
      <Typography.Text strong>{t('srmChannel.quality.title', { from: d.from, to: d.to })}</Typography.Text>
      {d.total ? (
        <>
          <Descriptions size="small" bordered column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={voice ? t('srmChannel.quality.sampleVoice') : t('srmChannel.quality.sampleSms')}>
              {d.total.sample.toLocaleString()}
            </Descriptions.Item>
            {voice ? (
              <>
                <Descriptions.Item label={t('srmChannel.quality.asr')}>{pct(d.total.asr)}</Descriptions.Item>
                <Descriptions.Item label={t('srmChannel.quality.acd')}>{d.total.acdSec ?? '-'}</Descriptions.Item>
                <Descriptions.Item label={t('srmChannel.quality.pdd')}>{d.total.pddMs ?? '-'}</Descriptions.Item>
              </>
            ) : (
              <>
                <Descriptions.Item label={t('srmChannel.quality.deliveryRate')}>
                  {pct(d.total.deliveryRate)}
                </Descriptions.Item>
                <Descriptions.Item label={t('srmChannel.quality.deliveryTime')}>
                  <span data-testid="quality-delivery-time">{seconds(d.total.deliveryMs)}</span>
                </Descriptions.Item>
              </>
            )}
            <Descriptions.Item label={t('srmChannel.quality.tier')}>
              <TierTag tier={d.total.tier} />
            </Descriptions.Item>
          </Descriptions>
          <Table<ChannelQuality>
            size="small"
            rowKey={(r) => r.network ?? ''}
            pagination={false}
            scroll={{ x: 'max-content' }}
            title={() => t('srmChannel.quality.byNetwork')}
            dataSource={d.networks}
            columns={[
              { title: t('srmChannel.quality.network'), dataIndex: 'network', render: (v: string) => v || '-' },
              { title: t('srmChannel.quality.sample'), dataIndex: 'sample', align: 'right' },
              voice
                ? { title: t('srmChannel.quality.asr'), dataIndex: 'asr', align: 'right', render: pct }
                : {
                    title: t('srmChannel.quality.deliveryRate'),
                    dataIndex: 'deliveryRate',
                    align: 'right',
                    render: pct,
                  },
              ...(voice
                ? []
                : [
                    {
                      title: t('srmChannel.quality.deliveryTime'),
                      dataIndex: 'deliveryMs',
                      align: 'right' as const,
                      render: seconds,
                    },
                  ]),
              {
                title: t('srmChannel.quality.tier'),
                dataIndex: 'tier',
                render: (v: ChannelQuality['tier']) => <TierTag tier={v} />,
              },
            ]}
          />
        </>
      ) : (
        <Empty description={t('srmChannel.quality.none')} />
      )}
      <Typography.Text type="secondary">{t('srmChannel.quality.note')}</Typography.Text>
    </Flex>
  );
}
