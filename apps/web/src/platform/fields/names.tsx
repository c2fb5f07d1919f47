import type { DeptOption } from '@portal/contracts/system-settings';
import { useQuery } from '@tanstack/react-query';
import { get } from '../http';
import { useLocalName } from '../local-name';

/** The department options every department field and picker shares (one cached call). */
export function useDepartmentOptions() {
  return useQuery({
    queryKey: ['fields', 'departments'],
    queryFn: ({ signal }) => get<DeptOption[]>('/v2/sys/staff/dept/options', undefined, { signal, showMessage: false }),
    staleTime: 60_000,
  });
}

/** A department's name in the reader's language. */
export function DepartmentName({ id }: { id: number }) {
  const { data } = useDepartmentOptions();
  const local = useLocalName();
  const d = data?.find((x) => x.id === id);
  return <>{d ? local(d) : `#${id}`}</>;
}
