import { useMatches } from 'react-router';
import { deepestMeta, type RouteMeta } from '../route-meta';

/** Metadata (handle) of the deepest matched route. */
export function useRouteMeta(): RouteMeta | null {
  return deepestMeta(useMatches());
}
