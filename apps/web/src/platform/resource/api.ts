import type { PageResult, RecordNames } from '@portal/contracts';
import {
  commandPath,
  type ResourceDef,
  type ResourceRow,
  resourcePath,
  versionKeyOf,
} from '@portal/contracts/resource/define';
import { post } from '../http';

/** A record of any resource, with the names of the people and departments its fields hold (decision 0068). */
export type Row = ResourceRow<ResourceDef> & { names?: RecordNames };
export type Values = Record<string, unknown>;

const once = { checkRepeat: true } as const;

/** A row's optimistic version, under the definition's version key. */
export const versionOf = (def: ResourceDef, row: Row): number =>
  (row as unknown as Values)[versionKeyOf(def)] as number;

/**
 * Every call of a resource, built from its definition (paths per verb, `checkRepeat` on writes;
 * the version sent under the definition's version key).
 */
export function resourceApi(def: ResourceDef) {
  const vk = versionKeyOf(def);
  return {
    page: (query: Values, signal?: AbortSignal) => post<PageResult<Row>>(resourcePath(def, 'page'), query, { signal }),
    detail: (id: number, signal?: AbortSignal) => post<Row>(resourcePath(def, 'detail'), { id }, { signal }),
    save: (body: Values) => post<{ id: number }>(resourcePath(def, 'save'), body, once),
    /** a stale version answers CONFLICT, shown by the caller (no toast of its own) */
    update: ({ version, ...body }: Values & { id: number; version: number }) =>
      post<{ id: number }>(resourcePath(def, 'update'), { ...body, [vk]: version }, { ...once, showMessage: false }),
    remove: (id: number, version: number) => post<null>(resourcePath(def, 'delete'), { id, [vk]: version }, once),
    command: (name: string, body: Values & { id: number }) => post<null>(commandPath(def, name), body, once),
    /** the fields the caller may see (field-level permission) */
    visibleFields: (signal?: AbortSignal) =>
      post<{ fields: string[] }>('/v2/sys/staff/resource/field/get', { resource: def.key }, { signal }),
  };
}
