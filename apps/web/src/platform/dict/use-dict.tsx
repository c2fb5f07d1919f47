import type { DictItem } from '@portal/contracts/dict';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictApi, dictKeys } from './api';

/** A dictionary's items for display and pickers (disabled ones included: old records show them). */
export function useDict(code: string): DictItem[] {
  const { data } = useQuery({
    queryKey: dictKeys.read(code),
    queryFn: ({ signal }) => dictApi.read([code], signal),
    staleTime: 5 * 60_000,
  });
  return data?.[code] ?? [];
}

/** The item's label in the reader's language. */
export function useDictLabel() {
  const { i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  return (item: DictItem) => (en ? item.labelEn : item.label);
}

/** A value of a dictionary as a coloured tag; an unknown value shows as itself. */
export function DictTag({ code, value }: { code: string; value: string | null | undefined }) {
  const items = useDict(code);
  const labelOf = useDictLabel();
  if (value == null || value === '') return null;
  const item = items.find((i) => i.value === value);
  if (!item) return <Tag>{value}</Tag>;
  return <Tag color={item.color === 'default' ? undefined : item.color}>{labelOf(item)}</Tag>;
}

/** Picks enabled values of a dictionary (a value already held stays shown even when disabled). */
export function DictSelect({ code, value, ...props }: { code: string } & SelectProps<string>) {
  const items = useDict(code);
  const labelOf = useDictLabel();
  const options = items
    .filter((i) => i.enabled || i.value === value)
    .map((i) => ({ value: i.value, label: labelOf(i), disabled: !i.enabled }));
  return <Select allowClear showSearch optionFilterProp="label" {...props} value={value} options={options} />;
}
