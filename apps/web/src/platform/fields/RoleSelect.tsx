import type { RoleOption } from '@portal/contracts/system-settings';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { get } from '../http';

/** A role picker (`GET /v2/sys/staff/role/options`, any signed-in user), names in the reader's language. */
export function RoleSelect(props: SelectProps<number | number[]>) {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const { data, isPending } = useQuery({
    queryKey: ['fields', 'roles'],
    queryFn: ({ signal }) => get<RoleOption[]>('/v2/sys/staff/role/options', undefined, { signal, showMessage: false }),
    staleTime: 60_000,
  });
  return (
    <Select<number | number[]>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isPending}
      placeholder={t('fields.refPlaceholder.role')}
      options={(data ?? []).map((r) => ({ value: r.id, label: (en ? r.nameEn : r.name) || r.name }))}
      popupMatchSelectWidth={false}
      {...props}
    />
  );
}
