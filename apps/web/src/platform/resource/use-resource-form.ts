import { Errors } from '@portal/contracts';
import { type FormHint, formHintOf, type ResourceDef, resourceSchemas } from '@portal/contracts/resource';
import { useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api-error';
import { refusalText, reportError } from '../error-path';
import type { FieldSchema } from '../form-rule';
import { type Row, resourceApi, type Values, versionOf } from './api';
import { type FormItem, formBody } from './form-body';
import { resourceKeys } from './keys';
import { useFieldDescs, useLabel } from './labels';
import { useRecord } from './use-record';
import { useVisibleFields } from './use-visible-fields';

/**
 * A refused save's hint as the form shows it: the answer's `FormHint`, the words of the refusal, and
 * the field it concerns (the first suggested field the form shows), by which the form shows it.
 */
export type ShownHint = FormHint & { text: string | null; field?: string };

/**
 * A create or edit form of a resource: its sections of items (each with the derived zod schema of
 * the create or update body), the record's values when editing, and `submit`: create, or update
 * with the version read (a stale one asks to reload instead of overwriting someone's change).
 * A refused save that carries a `FormHint` puts its suggested values into `opts.form` and keeps
 * `hint` (the existing record it collided with) for the form to offer (decision 0076).
 */
export function useResourceForm(def: ResourceDef, opts: { id?: number | null; form?: FormInstance } = {}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const label = useLabel();
  const queryClient = useQueryClient();
  const descs = useFieldDescs(def);
  const visible = useVisibleFields(def);
  const editing = !!opts.id;
  const record = useRecord(def, opts.id);
  // the record as the form opened it: a live refresh must not move the version under the user's
  // edit (the save would silently overwrite the other change); "reload" starts from the new one
  const [opened, setOpened] = useState<{ id: number; row: Row }>();
  const [hint, setHint] = useState<ShownHint | null>(null);
  const snapshot = opened && opened.id === opts.id ? opened.row : undefined;
  useEffect(() => {
    if (editing && !snapshot && record.data && !record.isFetching) setOpened({ id: opts.id!, row: record.data as Row });
  }, [editing, snapshot, record.data, record.isFetching, opts.id]);
  const sections = useMemo(() => {
    const schemas = resourceSchemas(def);
    const shape = (editing ? schemas.update : schemas.create).shape as Record<string, FieldSchema>;
    return def.form.sections.map((s) => ({
      title: s.title && label(s.title),
      items: s.fields
        .filter((k) => visible(k) && !(editing && def.fields[k]!.secret))
        .map(
          (k): FormItem => ({
            key: k,
            field: descs[k]!,
            schema: shape[k] ?? schemas.create.shape[k]!,
            locked: editing && !shape[k],
          }),
        ),
    }));
  }, [def, editing, descs, visible, label]);

  const askReload = () =>
    modal.confirm({
      title: t('resource.conflictTitle'),
      content: t('resource.conflictText'),
      okText: t('resource.reload'),
      onOk: () => {
        setOpened(undefined);
        return queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.key) });
      },
    });

  const body = (values: Values) => formBody(sections, values, editing);

  /** the answer's suggestions go into the form's own unlocked fields only */
  const takeHint = (err: unknown) => {
    const h = isApiError(err) ? formHintOf(err.data) : null;
    if (!h) return setHint(null);
    const own = new Set(sections.flatMap((s) => s.items.filter((i) => !i.locked).map((i) => i.key)));
    const suggested = Object.entries(h.suggest ?? {}).filter(([k]) => own.has(k));
    setHint({ ...h, text: refusalText(err), field: suggested[0]?.[0] });
    if (suggested.length && opts.form) opts.form.setFieldsValue(Object.fromEntries(suggested));
  };

  const send = async (values: Values) => {
    const api = resourceApi(def);
    const row = snapshot;
    if (!editing) return api.save(body(values));
    if (!row) throw new Error('the record is still loading');
    try {
      return await api.update({ ...body(values), id: row.id, version: versionOf(def, row) });
    } catch (err) {
      if (isApiError(err) && err.code === Errors.CONFLICT.code) askReload();
      else reportError(err);
      throw err;
    }
  };

  const submit = async (values: Values) => {
    try {
      const answer = await send(values);
      setHint(null);
      return answer;
    } catch (err) {
      takeHint(err);
      throw err;
    }
  };

  return {
    sections,
    editing,
    record: snapshot,
    loading: editing && !snapshot,
    submit,
    hint,
    invalidate: resourceKeys.all(def.key),
  };
}
