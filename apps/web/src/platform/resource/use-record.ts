import type { ResourceDef } from '@portal/contracts/resource/define';
import { useQuery } from '@tanstack/react-query';
import { resourceApi } from './api';
import { resourceKeys } from './keys';

/** One record of a resource (the detail call); nothing is fetched while `id` is missing. */
export function useRecord(def: ResourceDef, id: number | null | undefined) {
  return useQuery({
    queryKey: resourceKeys.record(def.key, id ?? 0),
    queryFn: ({ signal }) => resourceApi(def).detail(id!, signal),
    enabled: !!id,
  });
}
