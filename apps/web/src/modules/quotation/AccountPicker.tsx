import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qmApi } from './api';

/**
 * A customer account by its code, among the active accounts in the caller's data scope (the
 * quotation room's `/v2/qm/account/options`): searched on the server as one types.
 */
export function AccountPicker(props: Omit<SelectProps<number>, 'options' | 'showSearch' | 'filterOption'>) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['qm', 'account-options', keyword, props.value],
    queryFn: ({ signal }) => qmApi.accountOptions(keyword, props.value ?? undefined, signal),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
  return (
    <Select<number>
      allowClear
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      loading={isFetching}
      placeholder={t('qm.accountPick')}
      popupMatchSelectWidth={false}
      style={{ width: 200 }}
      {...props}
      options={(data ?? []).map((a) => ({ value: a.id, label: `${a.code} · ${a.currency}` }))}
    />
  );
}
