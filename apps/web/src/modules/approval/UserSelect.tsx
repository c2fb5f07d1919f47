import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalApi, approvalKeys } from './api';
import { pickLabel } from './user-pick';

type Props = Omit<SelectProps<number | number[]>, 'options' | 'onSearch' | 'showSearch' | 'filterOption'> & {
  /** users already chosen, so their names show before a search */
  known?: { id: number; name: string }[];
  /** offer only users who may act on to-dos (transmit target, node approvers, workflow role members) */
  approvers?: boolean;
};

/**
 * A staff picker searching active staff on the server (`GET /v2/workflow/select/user`: name or job
 * number, within the caller's data scope, at most 20). Open to every signed-in user, so approvers
 * without the staff-directory key can still transmit a task or fill a user field.
 */
export function UserSelect({ known = [], approvers = false, ...props }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const users = useQuery({
    queryKey: approvalKeys.users(deferred, approvers),
    queryFn: () => approvalApi.users(deferred, approvers),
    staleTime: 30_000,
  });
  const byId = new Map<number, string>(known.map((u) => [u.id, u.name]));
  for (const u of users.data ?? []) byId.set(u.id, pickLabel(u));
  return (
    <Select<number | number[]>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={users.isFetching}
      placeholder={t('approval.userSearch')}
      options={[...byId].map(([value, label]) => ({ value, label }))}
      {...props}
    />
  );
}
