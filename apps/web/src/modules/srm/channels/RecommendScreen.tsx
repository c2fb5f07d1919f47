import {
  type RecommendQuery,
  type RecommendResult,
  type RecommendRow,
  recommendQuery,
} from '@portal/contracts/srm/channels';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../../platform/fields/RefSelect';
import { zodRule } from '../../../platform/form';
import { recommendChannels } from './api';
import { seconds, TierTag } from './QualityPanel';

const q = recommendQuery.shape;

/** `channelRecommend`: channels for a destination ranked by cost or quality, with the margin against an account's price. */
export function RecommendScreen() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RecommendQuery>();
  const ask = useMutation({ mutationFn: recommendChannels });
  const r: RecommendResult | undefined = ask.data;
  const money = (v: string | null) => (v === null ? '-' : `${v}${r?.currency ? ` ${r.currency}` : ''}`);
  return (
    <Flex vertical gap={12} data-testid="channel-recommend">
      <Card size="small">
        <Form<RecommendQuery>
          form={form}
          layout="inline"
          initialValues={{ product: 'sms', includeTesting: false, rankBy: 'cost' }}
          onFinish={(v) =>
            ask.mutate({
              ...v,
              network: v.network?.trim() || undefined,
              accountCode: v.accountCode?.trim() || undefined,
            })
          }
        >
          <Form.Item name="product" label={t('srmChannel.recommend.product')}>
            <Select
              style={{ width: 140 }}
              options={(['sms', 'whatsapp'] as const).map((p) => ({
                value: p,
                label: t(`srmChannel.recommend.products.${p}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="country"
            label={t('srmChannel.recommend.country')}
            rules={[zodRule(q.country, t('srmChannel.recommend.country'))]}
          >
            <RefSelect kind="country" style={{ width: 200 }} data-testid="recommend-country" />
          </Form.Item>
          <Form.Item
            name="network"
            label={t('srmChannel.recommend.network')}
            rules={[zodRule(q.network, t('srmChannel.recommend.network'))]}
          >
            <Input allowClear style={{ width: 160 }} placeholder={t('srmChannel.recommend.networkHint')} />
          </Form.Item>
          <Form.Item name="accountCode" label={t('srmChannel.recommend.account')}>
            <Input allowClear style={{ width: 160 }} placeholder={t('srmChannel.recommend.accountHint')} />
          </Form.Item>
          <Form.Item name="rankBy" label={t('srmChannel.recommend.rankBy')}>
            <Select
              style={{ width: 140 }}
              data-testid="recommend-rank-by"
              options={(['cost', 'quality'] as const).map((v) => ({
                value: v,
                label: t(`srmChannel.recommend.rankBys.${v}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="includeTesting" label={t('srmChannel.recommend.includeTesting')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={ask.isPending}>
            {t('srmChannel.recommend.search')}
          </Button>
        </Form>
      </Card>
      <Alert type="info" showIcon title={t('srmChannel.recommend.qualityNote')} />
      {r?.quality === 'unavailable' && <Alert type="warning" showIcon title={t('srmChannel.recommend.qualityOff')} />}
      {r && (
        <Table<RecommendRow>
          size="small"
          rowKey="channelId"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={r.rows}
          title={() =>
            r.account
              ? t('srmChannel.recommend.priceOf', { code: r.account.code, price: money(r.price) })
              : t('srmChannel.recommend.noAccount')
          }
          columns={[
            { title: '#', dataIndex: 'rank', width: 48 },
            { title: t('srmChannel.recommend.channel'), render: (_, x) => `${x.code} ${x.name}` },
            { title: t('srmChannel.recommend.supplier'), dataIndex: 'supplierName' },
            {
              title: t('srmChannel.recommend.state'),
              dataIndex: 'state',
              render: (s: 'live' | 'testing') => <Tag>{t(`srmChannel.recommend.states.${s}`)}</Tag>,
            },
            { title: t('srmChannel.recommend.capacity'), dataIndex: 'capacity', align: 'right' },
            { title: t('srmChannel.recommend.networks'), dataIndex: 'networks', render: (n: string[]) => n.join(', ') },
            { title: t('srmChannel.recommend.cost'), dataIndex: 'cost', align: 'right', render: money },
            { title: t('srmChannel.recommend.margin'), dataIndex: 'margin', align: 'right', render: money },
            {
              title: t('srmChannel.recommend.marginPct'),
              dataIndex: 'marginPct',
              align: 'right',
              render: (v: string | null) => (v === null ? '-' : `${v}%`),
            },
            {
              title: t('srmChannel.recommend.quality'),
              dataIndex: 'quality',
              align: 'right',
              render: (v: RecommendRow['quality']) =>
                v ? (
                  <Space size={4}>
                    {v.deliveryRate === null ? '-' : `${v.deliveryRate}%`}
                    {v.deliveryMs !== null && (
                      <Typography.Text type="secondary">{seconds(v.deliveryMs)} s</Typography.Text>
                    )}
                    <TierTag tier={v.tier} />
                  </Space>
                ) : (
                  <Typography.Text type="secondary">{t('srmChannel.recommend.noTraffic')}</Typography.Text>
                ),
            },
            {
              title: t('srmChannel.recommend.tie'),
              dataIndex: 'tieBreak',
              render: (v: RecommendRow['tieBreak']) =>
                v && (
                  <Tooltip title={t(`srmChannel.recommend.ties.${v}`)}>
                    <Tag color="gold">{t('srmChannel.recommend.tieTag')}</Tag>
                  </Tooltip>
                ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
