import type { MarketQuery, MarketRow } from '@portal/contracts/srm/channels';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Form, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Product = 'sms' | 'voice' | 'whatsapp' | 'email';
type ChannelTag = 'otp' | 'marketing' | 'premium';

import { RefSelect } from '../../../platform/fields/RefSelect';
import { marketChannels } from './api';

/** `marketChannel`: what sales can sell, per country and product, from the live channels. */
export function MarketScreen() {
  const { t } = useTranslation();
  const [q, setQ] = useState<MarketQuery>({});
  const list = useQuery({ queryKey: ['srm', 'market-channel', q], queryFn: () => marketChannels(q) });
  return (
    <Flex vertical gap={12} data-testid="market-channel">
      <Card size="small">
        <Form<MarketQuery>
          layout="inline"
          onValuesChange={(_, all) => setQ({ ...all, country: all.country || undefined })}
        >
          <Form.Item name="country" label={t('srmChannel.market.country')}>
            <RefSelect kind="country" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="product" label={t('srmChannel.market.product')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={(['sms', 'voice', 'whatsapp', 'email'] as const).map((p) => ({
                value: p,
                label: t(`srmChannel.market.products.${p}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="tag" label={t('srmChannel.market.tag')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={(['otp', 'marketing', 'premium'] as const).map((v) => ({
                value: v,
                label: t(`srmChannel.market.tags.${v}`),
              }))}
            />
          </Form.Item>
        </Form>
      </Card>
      <Alert type="info" showIcon title={t('srmChannel.market.qualityNote')} />
      <Table<MarketRow>
        size="small"
        loading={list.isLoading}
        rowKey={(r) => `${r.country}:${r.product}`}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 20, showSizeChanger: true }}
        columns={[
          { title: t('srmChannel.market.country'), dataIndex: 'country', width: 90 },
          {
            title: t('srmChannel.market.product'),
            dataIndex: 'product',
            render: (p: Product) => t(`srmChannel.market.products.${p}`),
          },
          { title: t('srmChannel.market.channels'), dataIndex: 'channels', align: 'right' },
          {
            title: t('srmChannel.market.networks'),
            align: 'right',
            render: (_, r) => `${r.networksCovered} / ${r.networksTotal}`,
          },
          { title: t('srmChannel.market.capacity'), dataIndex: 'capacity', align: 'right' },
          {
            title: t('srmChannel.market.tag'),
            dataIndex: 'tags',
            render: (v: ChannelTag[]) => v.map((x) => <Tag key={x}>{t(`srmChannel.market.tags.${x}`)}</Tag>),
          },
          {
            title: t('srmChannel.market.registration'),
            dataIndex: 'registration',
            render: (v: boolean) => (v ? t('srmChannel.market.yes') : t('srmChannel.market.no')),
          },
          {
            title: t('srmChannel.market.tier'),
            dataIndex: 'qualityTier',
            render: (v: string | null) => v ?? t('srmChannel.market.unrated'),
          },
        ]}
      />
    </Flex>
  );
}
