import { ReloadOutlined } from '@ant-design/icons';
import type { GatewayOnline } from '@portal/contracts/srm/channels';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Flex, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../platform/format-time';
import { gatewaysOnline } from './api';

const time = (iso: string | null) => formatTime(iso);

/** `vos/online/landing` and `docking`: the enabled gateways, online or not, and their load now. */
export function OnlineScreen({ side }: { side: 'landing' | 'docking' }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['srm', 'vos-online', side],
    queryFn: () => gatewaysOnline(side),
    refetchInterval: 60_000,
  });
  const d = q.data;
  const up = d?.rows.filter((r) => r.online).length ?? 0;
  return (
    <Flex vertical gap={8} data-testid={`vos-online-${side}`}>
      {d && !d.available && <Alert type="warning" showIcon title={t('srmChannel.online.unavailable')} />}
      <Table<GatewayOnline>
        size="small"
        rowKey="id"
        loading={q.isLoading}
        dataSource={d?.rows ?? []}
        pagination={{ pageSize: 50, showSizeChanger: true }}
        scroll={{ x: 'max-content' }}
        title={() => (
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Space wrap>
              <Typography.Text strong>
                {t('srmChannel.online.count', { up, total: d?.rows.length ?? 0 })}
              </Typography.Text>
              <Typography.Text type="secondary">
                {d ? t('srmChannel.online.window', { from: time(d.from), to: time(d.to) }) : null}
              </Typography.Text>
            </Space>
            <Button size="small" icon={<ReloadOutlined />} onClick={() => q.refetch()} loading={q.isFetching}>
              {t('srmChannel.online.refresh')}
            </Button>
          </Flex>
        )}
        columns={[
          {
            title: t('srmChannel.online.state'),
            dataIndex: 'online',
            width: 96,
            render: (v: boolean) => (
              <Badge status={v ? 'success' : 'default'} text={t(`srmChannel.online.${v ? 'up' : 'down'}`)} />
            ),
          },
          { title: t('srmChannel.online.name'), dataIndex: 'name' },
          {
            title: t(`srmChannel.online.party.${side}`),
            dataIndex: 'partyName',
            render: (v: string | null) => v ?? '-',
          },
          {
            title: t('srmChannel.online.address'),
            render: (_, r) => `${r.ips.join(', ')} : ${r.port}`,
          },
          { title: t('srmChannel.online.attempts'), dataIndex: 'attempts', align: 'right' },
          {
            title: t('srmChannel.online.asr'),
            dataIndex: 'asr',
            align: 'right',
            render: (v: string | null) => (v === null ? '-' : `${v}%`),
          },
          { title: t('srmChannel.online.erlangs'), dataIndex: 'erlangs', align: 'right' },
          { title: t('srmChannel.online.capacity'), dataIndex: 'capacity', align: 'right' },
          {
            title: t('srmChannel.online.load'),
            dataIndex: 'loadPct',
            align: 'right',
            render: (v: string | null) => (v === null ? '-' : `${v}%`),
          },
          { title: t('srmChannel.online.lastCall'), dataIndex: 'lastCallAt', render: time },
        ]}
      />
      <Typography.Text type="secondary">{t('srmChannel.online.note')}</Typography.Text>
    </Flex>
  );
}
