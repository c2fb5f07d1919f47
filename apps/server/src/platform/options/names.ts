import type { Locale } from '@portal/contracts';
import { OPTIONS_IDS_MAX, type OptionKind, type RecordOption } from '@portal/contracts/options';
import type { AuthContext } from '../auth/context.js';
import type { Platform } from '../platform.js';
import { optionsOf } from './registry.js';
import { optionScope } from './scope.js';

/**
 * Records of one kind named for `auth` as its pickers name them (the kind's provider, OPTIONS_IDS_MAX
 * ids a call): the one path a room names another room's records by. `within`:
 * - `picker`: the picker's scope; an id the caller's pickers would not offer is left out;
 * - `shown`: the ids are of rows the caller already reads under the asking view's own scope (a traffic
 *   view's groups, scoped by the rollup's owner at the time): each is named, as the view shows its figures.
 * A kind no mounted room keeps names nothing.
 */
export async function optionNames(
  p: Platform,
  auth: AuthContext,
  kind: OptionKind,
  ids: number[],
  o: { locale: Locale; within: 'picker' | 'shown' },
): Promise<Map<number, RecordOption>> {
  const out = new Map<number, RecordOption>();
  const provider = optionsOf(p).get(kind);
  if (!provider || ids.length === 0) return out;
  const scoped: AuthContext =
    o.within === 'shown' ? { ...auth, scope: { kind: 'all', departmentIds: [] } } : optionScope(auth, kind);
  const { locale } = o;
  for (let i = 0; i < ids.length; i += OPTIONS_IDS_MAX)
    for (const o of await provider.byIds(scoped, ids.slice(i, i + OPTIONS_IDS_MAX), locale)) out.set(o.id, o);
  return out;
}
