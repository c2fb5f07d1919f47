import { Perm } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../platform/access';
import { approvalApi, approvalKeys } from './api';

type Props = Omit<SelectProps<number | number[]>, 'options' | 'onSearch' | 'showSearch' | 'filterOption'> & {
  /** users already chosen, so their names show before a search */
  known?: { id: number; name: string }[];
};

/**
 * A staff picker searching the staff directory on the server (active users, by name or login).
 * The directory needs the user-list key; without it only the `known` users can be chosen.
 */
export function UserSelect({ known = [], ...props }: Props) {
  const { t } = useTranslation();
  const canSearch = useCan(Perm.SYS_USER_LIST);
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const users = useQuery({
    queryKey: approvalKeys.users(deferred),
    queryFn: () => approvalApi.users(deferred),
    enabled: canSearch,
    staleTime: 30_000,
  });
  const byId = new Map<number, string>(known.map((u) => [u.id, u.name]));
  for (const u of users.data?.records ?? []) byId.set(u.id, `${u.name} (${u.username})`);
  return (
    <Select<number | number[]>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={users.isFetching}
      placeholder={canSearch ? t('approval.userSearch') : t('approval.userDirectoryHidden')}
      notFoundContent={canSearch ? undefined : t('approval.userDirectoryHidden')}
      options={[...byId].map(([value, label]) => ({ value, label }))}
      {...props}
    />
  );
}
