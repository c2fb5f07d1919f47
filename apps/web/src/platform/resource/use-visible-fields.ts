import type { ResourceDef } from '@portal/contracts/resource/define';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { resourceApi } from './api';
import { resourceKeys } from './keys';

/**
 * Field-level permission: whether the caller may see a field. Asked once per resource, and only of
 * resources declaring a field key; until the answer is there, guarded fields stay hidden.
 */
export function useVisibleFields(def: ResourceDef): (field: string) => boolean {
  const guarded = useMemo(() => Object.values(def.fields).some((f) => f.perm), [def]);
  const { data } = useQuery({
    queryKey: resourceKeys.fields(def.key),
    queryFn: ({ signal }) => resourceApi(def).visibleFields(signal),
    enabled: guarded,
    staleTime: 5 * 60_000,
  });
  return useMemo(() => {
    const allowed = new Set(data?.fields ?? []);
    return (field: string) => field === 'id' || !def.fields[field]?.perm || allowed.has(field);
  }, [data, def]);
}
