import type { ResourceDef } from '@portal/contracts/resource/define';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { resourceApi } from '../../../platform/resource/api';
import { fieldColumn } from '../../../platform/resource/columns';
import { resourceKeys } from '../../../platform/resource/keys';
import { useFieldDescs } from '../../../platform/resource/labels';

const SIZE = 50;

/** The records of another resource that belong to a channel (its coverage, its sender ids). */
export function RelatedTable({ def, filter }: { def: ResourceDef; filter: Record<string, unknown> }) {
  const descs = useFieldDescs(def);
  const api = resourceApi(def);
  const q = useQuery({
    queryKey: [...resourceKeys.all(def.key), 'related', filter],
    queryFn: ({ signal }) => api.page({ ...filter, size: SIZE }, signal),
  });
  const columns = def.list.columns
    .filter((k) => !(k in filter) && descs[k])
    .map((k) => fieldColumn(k, descs[k]!, { sortable: false }));
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
