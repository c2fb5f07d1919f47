import type { PageQuery, PageResult } from '@portal/contracts';
import { actionPerm, type ResourceDef, resourcePath, SIGNED_IN } from '@portal/contracts/resource/define';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '../http';
import { useUser } from '../user-store';
import { type Row, resourceApi, type Values, versionOf } from './api';
import { resourceKeys } from './keys';
import { useVisibleFields } from './use-visible-fields';

/**
 * Everything a list of a resource needs but its look: the query key and fetcher SearchTable takes,
 * the visible columns and filters, what the caller may do, and the row calls (delete, commands),
 * each refetching the resource's lists and records when done. `fixed` filters every page (a tab of
 * a detail listing its own children); `pagePath` reads another page of the same rows (the pool of an
 * owned resource), which offers no create, export, edit, delete or command of the resource.
 */
export function useResourceList(def: ResourceDef, opts: { fixed?: Values; pagePath?: string } = {}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const keys = useUser((s) => s.keys);
  const visible = useVisibleFields(def);
  const api = useMemo(() => resourceApi(def), [def]);
  const may = (perm: string | undefined) => !!perm && (perm === SIGNED_IN || keys.has(perm));
  const done = async () => {
    message.success(t('resource.done'));
    await queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.key) });
  };
  const remove = useMutation({ mutationFn: (r: Row) => api.remove(r.id, versionOf(def, r)), onSuccess: done });
  const command = useMutation({
    mutationFn: ({ name, id, input }: { name: string; id: number; input?: Values }) =>
      api.command(name, { ...input, id }),
    onSuccess: done,
  });
  const { fixed, pagePath } = opts;
  const columns = useMemo(() => def.list.columns.filter(visible), [def, visible]);
  return {
    queryKey: pagePath ? [...resourceKeys.list(def.key), pagePath] : resourceKeys.list(def.key),
    fetcher: (query: PageQuery & Values, signal: AbortSignal) =>
      pagePath
        ? post<PageResult<Row>>(pagePath, { ...query, ...fixed }, { signal })
        : api.page({ ...query, ...fixed }, signal),
    columns,
    filters: Object.entries(def.list.filters).filter(([, f]) => (f.fields ?? [f.field!]).every(visible)),
    visible,
    exportPath: !pagePath && may(actionPerm(def, 'export')) ? resourcePath(def, 'export') : undefined,
    // rows of another page (the pool) are nobody's: only that page's own actions (bulk overrides) apply
    can: {
      create: !pagePath && may(def.access.create),
      update: !pagePath && may(def.access.update),
      delete: !pagePath && may(def.access.delete),
      command: (name: string) => !pagePath && may(def.commands?.[name]?.perm),
    },
    remove,
    command,
  };
}
export type ResourceList = ReturnType<typeof useResourceList>;
