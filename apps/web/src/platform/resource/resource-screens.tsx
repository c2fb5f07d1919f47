import type { ResourceDef } from '@portal/contracts/resource/define';
import { useSearchParams } from 'react-router';
import type { ResourceOverrides } from './overrides';
import { ResourceDetail } from './ResourceDetail';
import { ResourceList } from './ResourceList';

/**
 * The screens of a resource from its definition: `List` (search, table, row actions, new, export,
 * details with history in a drawer) and `Detail` (a page at the definition's detail route, `?id=`).
 * Labels come from the definition, so these screens need no locale entries.
 */
export function resourceScreens(def: ResourceDef, overrides: ResourceOverrides = {}) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per definition at module load, never while rendering
  function List() {
    return <ResourceList def={def} overrides={overrides} />;
  }
  // biome-ignore lint/correctness/noComponentHookFactories: as List
  function Detail() {
    const [params] = useSearchParams();
    const id = Number(params.get('id'));
    return <ResourceDetail def={def} id={Number.isInteger(id) && id > 0 ? id : 0} overrides={overrides} />;
  }
  return { List, Detail };
}
