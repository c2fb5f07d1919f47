import type { ChannelCostRow } from '@portal/contracts/srm/channels';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { channelCost } from './api';

/** A channel's cost now to each network (or voice prefix) it covers, from its supplier quotes. */
export function CostPanel({ channelId }: { channelId: number }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['srm', 'channel-cost', channelId], queryFn: () => channelCost(channelId) });
  if (!q.data) return <Skeleton active />;
  if (!q.data.available) return <Alert type="info" showIcon title={t('srmChannel.cost.unavailable')} />;
  const voice = q.data.rows.some((r) => r.prefix !== null);
  return (
    <Table<ChannelCostRow>
      data-testid="channel-cost"
      size="small"
      rowKey={(r) => r.network ?? `p${r.prefix}`}
      pagination={false}
      scroll={{ x: 'max-content' }}
      title={() => <Typography.Text strong>{t('srmChannel.cost.title')}</Typography.Text>}
      locale={{ emptyText: t('srmChannel.cost.empty') }}
      dataSource={q.data.rows}
      columns={[
        voice
          ? { title: t('srmChannel.cost.prefix'), dataIndex: 'prefix' }
          : { title: t('srmChannel.cost.network'), dataIndex: 'network' },
        ...(voice ? [] : [{ title: t('srmChannel.cost.operator'), dataIndex: 'operatorName' }]),
        {
          title: t('srmChannel.cost.unitPrice'),
          key: 'unitPrice',
          align: 'right' as const,
          render: (_: unknown, r: ChannelCostRow) =>
            r.unitPrice === null ? (
              <Typography.Text type="secondary">{t('srmChannel.cost.none')}</Typography.Text>
            ) : (
              `${r.unitPrice} ${r.currency}`
            ),
        },
      ]}
    />
  );
}
