import type { OptionKind } from '@portal/contracts/options';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { optionLabel, recordKeys, recordOf, searchRecords, viewLabel } from './records';

type Value = number | number[];
type Props = Omit<SelectProps<Value>, 'options' | 'showSearch' | 'filterOption'> & { kind: OptionKind };

const STALE = 60_000;
const idsOf = (v: unknown): number[] =>
  (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).filter((x): x is number => typeof x === 'number');

/** The chosen records of a kind, named through the batched look-up (cached per id). */
function useChosen(kind: OptionKind, ids: number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: recordKeys.one(kind, id),
      queryFn: () => recordOf(kind, id),
      staleTime: STALE,
    })),
  });
}

/**
 * A customer / agent / supplier / account picker searching the server by code or name (at most 20,
 * within the caller's data scope), single or multiple; ids already in the form show by code and
 * name. The search runs once the list is opened.
 */
export function RecordSelect({ kind, value, ...props }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const found = useQuery({
    queryKey: recordKeys.search(kind, deferred),
    queryFn: ({ signal }) => searchRecords(kind, deferred, signal),
    staleTime: 30_000,
    enabled: open,
  });
  const ids = idsOf(value);
  const chosen = useChosen(kind, ids);
  const labels = new Map<number, string>();
  ids.forEach((id, i) => {
    const o = chosen[i]?.data;
    labels.set(id, o ? optionLabel(o) : `#${id}`);
  });
  for (const o of found.data ?? []) labels.set(o.id, optionLabel(o));
  return (
    <Select<Value>
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={found.isFetching}
      placeholder={t(`fields.refPlaceholder.${kind}`)}
      notFoundContent={found.isFetching ? undefined : t('fields.recordNone')}
      popupMatchSelectWidth={false}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setKeyword('');
      }}
      value={value}
      options={[...labels].map(([v, label]) => ({ value: v, label }))}
      {...props}
    />
  );
}

/** A record's name where a value is read (a list cell, a detail): `#id` until named or when out of scope. */
export function RecordName({ kind, id }: { kind: OptionKind; id: number }) {
  const { data } = useQuery({
    queryKey: recordKeys.one(kind, id),
    queryFn: () => recordOf(kind, id),
    staleTime: STALE,
  });
  return <>{data ? viewLabel(kind, data) : `#${id}`}</>;
}
