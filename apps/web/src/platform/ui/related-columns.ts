import type { ResourceDef } from '@portal/contracts/resource/define';

/**
 * The columns of a related list: the resource's list columns without those its filter fixes
 * (every row has the same value), those in `hide` (they only name the parent record) and those
 * the caller may not see (`visible`: the field permissions).
 */
export function relatedColumnKeys(
  def: ResourceDef,
  filter: Record<string, unknown>,
  hide: readonly string[],
  visible: (key: string) => boolean,
): string[] {
  return def.list.columns.filter((k) => !(k in filter) && !hide.includes(k) && visible(k));
}
