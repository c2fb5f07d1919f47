import { supplierResource } from '@portal/contracts/srm';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { resourceApi } from '../../platform/resource/api';
import { resourceKeys } from '../../platform/resource/keys';

/** My private suppliers: the ones a change request (source, transfer, entity) may be for. */
export function OwnSupplierSelect(props: {
  value?: number;
  onChange?: (v: number) => void;
  id?: string;
  'data-testid'?: string;
}) {
  const q = useQuery({
    queryKey: [...resourceKeys.all(supplierResource.key), 'own-private'],
    queryFn: ({ signal }) => resourceApi(supplierResource).page({ state: 'private', size: 200 }, signal),
  });
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={q.isLoading}
      options={(q.data?.records ?? []).map((r) => ({ value: r.id, label: `${r.code} ${r.name}` }))}
      {...props}
    />
  );
}
