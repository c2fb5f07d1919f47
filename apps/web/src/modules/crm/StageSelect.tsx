import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { get } from '../../platform/http';

type Stage = { code: string; name: string; nameEn: string; winRate: number };

/** An opportunity stage of the caller's department group, with its win rate. */
export function StageSelect(props: SelectProps<string>) {
  const { i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const stages = useQuery({
    queryKey: ['crm.opportunity', 'stages'],
    queryFn: ({ signal }) => get<Stage[]>('/v2/crm/opportunity/stages', undefined, { signal }),
  });
  return (
    <Select
      loading={stages.isLoading}
      options={(stages.data ?? []).map((s) => ({ value: s.code, label: `${en ? s.nameEn : s.name} · ${s.winRate}%` }))}
      {...props}
    />
  );
}
