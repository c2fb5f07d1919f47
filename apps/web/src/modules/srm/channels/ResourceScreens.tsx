import { supplierResource } from '@portal/contracts/srm';
import { channelResourceResource, type ResourceVendor } from '@portal/contracts/srm/channels';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { get } from '../../../platform/http';
import { useLabel } from '../../../platform/resource/labels';
import { ResourceList } from '../../../platform/resource/ResourceList';
import { resourceScreens } from '../../../platform/resource/resource-screens';

const POOL = '/businessOperations/channel-resource-mgr/resource-pool';

/** `channel-resource-mgr/resource-manage`: every channel resource, with New, edit, allocate, release, retire. */
export const ResourceManageScreen = resourceScreens(channelResourceResource).List;

/** `channel-resource-mgr/resource-pool`: the unallocated resources, allocated from here to a customer's account. */
export function ResourcePoolScreen() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Alert type="info" showIcon title={t('srmChannel.resources.poolHint')} />
      <ResourceList def={channelResourceResource} fixed={{ state: 'pool' }} />
    </Flex>
  );
}

/** `channel-resource-mgr/channel-resource-mer`: the vendors and how many of their resources are pooled, allocated, retired. */
export function ResourceVendorScreen() {
  const { t } = useTranslation();
  const label = useLabel();
  const q = useQuery({
    queryKey: ['srm', 'resource-vendors'],
    queryFn: ({ signal }) => get<ResourceVendor[]>('/v2/srm/channel-resource/vendors', undefined, { signal }),
  });
  const typeLabel = (v: string) => {
    const o = supplierResource.fields.type.options!.find((x) => x.value === v);
    return o ? label(o.label) : v;
  };
  const num = (key: keyof ResourceVendor, title: string) => ({
    key,
    dataIndex: key,
    title,
    align: 'right' as const,
    sorter: (a: ResourceVendor, b: ResourceVendor) => Number(a[key]) - Number(b[key]),
  });
  return (
    <Card
      size="small"
      title={t('srmChannel.resources.vendors')}
      extra={<Link to={POOL}>{t('srmChannel.resources.toPool')}</Link>}
    >
      <Table<ResourceVendor>
        size="small"
        rowKey="supplierId"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
        data-testid="resource-vendors"
        columns={[
          { key: 'code', dataIndex: 'code', title: t('srmChannel.resources.code') },
          { key: 'name', dataIndex: 'name', title: t('srmChannel.resources.name') },
          { key: 'type', title: t('srmChannel.resources.type'), render: (_, r) => typeLabel(r.type) },
          { key: 'country', dataIndex: 'country', title: t('srmChannel.resources.country') },
          {
            key: 'admitted',
            title: t('srmChannel.resources.admitted'),
            render: (_, r) =>
              r.admitted ? (
                <Tag color="green">{t('srmChannel.resources.yes')}</Tag>
              ) : (
                <Tag>{t('srmChannel.resources.no')}</Tag>
              ),
          },
          num('total', t('srmChannel.resources.total')),
          num('inPool', t('srmChannel.resources.inPool')),
          num('allocated', t('srmChannel.resources.allocated')),
          num('retired', t('srmChannel.resources.retired')),
          num('capacity', t('srmChannel.resources.capacity')),
        ]}
      />
    </Card>
  );
}
