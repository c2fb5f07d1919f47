import type { ResourceDef } from '@portal/contracts/resource/define';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { resourceApi } from '../resource/api';
import { fieldColumn } from '../resource/columns';
import { resourceKeys } from '../resource/keys';
import { useFieldDescs } from '../resource/labels';
import { relatedColumnKeys } from './related-columns';

const SIZE = 50;

/**
 * The records of another resource that belong to the record a detail page shows (a customer's
 * contacts, a supplier's admissions, a channel's coverage): the first 50 by the resource's own page
 * call with `filter`, its list columns without the filtered ones and without `hide` (the columns
 * that only name the parent, e.g. `customerName`), never sortable. Field permissions apply as in
 * the list.
 */
export function RelatedTable({
  def,
  filter,
  hide = [],
}: {
  def: ResourceDef;
  filter: Record<string, unknown>;
  hide?: readonly string[];
}) {
  const descs = useFieldDescs(def);
  const api = resourceApi(def);
  const q = useQuery({
    queryKey: [...resourceKeys.all(def.key), 'related', filter],
    queryFn: ({ signal }) => api.page({ ...filter, size: SIZE }, signal),
  });
  const columns = relatedColumnKeys(def, filter, hide, (k) => !!descs[k]).map((k) =>
    fieldColumn(k, descs[k]!, { sortable: false }),
  );
  return (
    <Table
      size="small"
      rowKey="id"
      loading={q.isLoading}
      dataSource={q.data?.records ?? []}
      columns={columns}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid={`related-${def.key}`}
    />
  );
}
