import type { PageQuery } from '@portal/contracts';
import { actionPerm, type ResourceDef, resourcePath, SIGNED_IN } from '@portal/contracts/resource/define';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../user-store';
import { type Row, resourceApi, type Values } from './api';
import { resourceKeys } from './keys';
import { useVisibleFields } from './use-visible-fields';

/**
 * Everything a list of a resource needs but its look: the query key and fetcher SearchTable takes,
 * the visible columns and filters, what the caller may do, and the row calls (delete, commands),
 * each refetching the resource's lists and records when done. `fixed` filters every page (a tab of
 * a detail listing its own children).
 */
export function useResourceList(def: ResourceDef, opts: { fixed?: Values } = {}) {
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
  const remove = useMutation({ mutationFn: (r: Row) => api.remove(r.id, r.version), onSuccess: done });
  const command = useMutation({
    mutationFn: ({ name, id, input }: { name: string; id: number; input?: Values }) =>
      api.command(name, { ...input, id }),
    onSuccess: done,
  });
  const { fixed } = opts;
  const columns = useMemo(() => def.list.columns.filter(visible), [def, visible]);
  return {
    queryKey: resourceKeys.list(def.key),
    fetcher: (query: PageQuery & Values, signal: AbortSignal) => api.page({ ...query, ...fixed }, signal),
    columns,
    filters: Object.entries(def.list.filters).filter(([, f]) => (f.fields ?? [f.field!]).every(visible)),
    visible,
    exportPath: may(actionPerm(def, 'export')) ? resourcePath(def, 'export') : undefined,
    can: {
      create: may(def.access.create),
      update: may(def.access.update),
      delete: may(def.access.delete),
      command: (name: string) => may(def.commands?.[name]?.perm),
    },
    remove,
    command,
  };
}
export type ResourceList = ReturnType<typeof useResourceList>;
