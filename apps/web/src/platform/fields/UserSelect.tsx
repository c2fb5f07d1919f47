import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldApi, fieldKeys } from './api';
import { pickLabel } from './user-pick';

type Props = Omit<SelectProps<number | number[]>, 'options' | 'onSearch' | 'showSearch' | 'filterOption'> & {
  /** users already chosen, so their names show before a search */
  known?: { id: number; name: string }[];
  /** offer only holders of this permission key (approval: those who may act on to-dos) */
  holds?: string;
};

/**
 * A staff picker searching active staff on the server (`GET /v2/sys/staff/user/pick`: name or job
 * number, within the caller's data scope, at most 20). Open to every signed-in user, so approvers
 * without the staff-directory key can still transmit a task or fill a user field.
 */
export function UserSelect({ known = [], holds, ...props }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const users = useQuery({
    queryKey: fieldKeys.staff(deferred, holds),
    queryFn: () => fieldApi.staff(deferred, holds),
    staleTime: 30_000,
  });
  const byId = new Map<number, string>(known.map((u) => [u.id, u.name]));
  for (const u of users.data ?? []) byId.set(u.id, pickLabel(u));
  return (
    <Select<number | number[]>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={users.isFetching}
      placeholder={t('fields.userSearch')}
      options={[...byId].map(([value, label]) => ({ value, label }))}
      {...props}
    />
  );
}
