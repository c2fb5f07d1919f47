import { channelResource, type LookupResult } from '@portal/contracts/srm/channels';
import { useMutation } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, Input, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { lookupDestination } from './api';

const F = channelResource.fields;
const optionOf = (
  options: readonly { value: string; label: { zh: string; en: string }; color?: string }[],
  v: string,
) => options.find((o) => o.value === v);

/** `mcc-mnc-query`: a number or a network, its country and networks, and the channels covering it. */
export function LookupScreen() {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const ask = useMutation({ mutationFn: lookupDestination });
  const r: LookupResult | undefined = ask.data;
  const l = (label: { zh: string; en: string }) => (en ? label.en : label.zh);
  return (
    <Flex vertical gap={12} data-testid="mcc-mnc-query">
      <Input.Search
        allowClear
        enterButton={t('srmChannel.lookup.search')}
        placeholder={t('srmChannel.lookup.placeholder')}
        loading={ask.isPending}
        onSearch={(q) => q.trim() && ask.mutate(q.trim())}
        style={{ maxWidth: 560 }}
        data-testid="lookup-input"
      />
      {r && (
        <>
          <Card size="small">
            <Descriptions size="small" column={{ xs: 1, md: 3 }}>
              <Descriptions.Item label={t('srmChannel.lookup.country')}>{r.country ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('srmChannel.lookup.numberType')}>{r.numberType ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('srmChannel.lookup.e164')}>{r.e164 ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('srmChannel.lookup.networks')} span={3}>
                <Flex wrap gap={4}>
                  {r.networks.map((n) => (
                    <Tag key={n.mccmnc}>
                      {n.mccmnc} {en ? n.nameEn : n.name}
                    </Tag>
                  ))}
                </Flex>
              </Descriptions.Item>
            </Descriptions>
            {r.kind === 'number' && <Alert type="info" showIcon title={t('srmChannel.lookup.numberNote')} />}
          </Card>
          <Card size="small" title={t('srmChannel.lookup.channels')}>
            <Table
              size="small"
              rowKey="id"
              dataSource={r.channels}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('srmChannel.lookup.none') }}
              data-testid="lookup-channels"
              columns={[
                { title: l(F.code.label), dataIndex: 'code' },
                { title: t('srmChannel.resolve.channel'), dataIndex: 'name' },
                { title: l(F.supplierName.label), dataIndex: 'supplierName' },
                {
                  title: l(F.product.label),
                  dataIndex: 'product',
                  render: (v: string) => {
                    const o = optionOf(F.product.options, v);
                    return o ? l(o.label) : v;
                  },
                },
                {
                  title: l(F.state.label),
                  dataIndex: 'state',
                  render: (v: string) => {
                    const o = optionOf(F.state.options, v);
                    return <Tag color={o?.color}>{o ? l(o.label) : v}</Tag>;
                  },
                },
                {
                  title: t('srmChannel.lookup.covered'),
                  dataIndex: 'networks',
                  render: (v: string[]) => v.join(', '),
                },
              ]}
            />
          </Card>
        </>
      )}
    </Flex>
  );
}
