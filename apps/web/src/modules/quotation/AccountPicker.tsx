import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qmApi } from './api';

type Picked = number | number[];

/**
 * A customer account by its code, among the active accounts in the caller's data scope (the
 * quotation room's `/v2/qm/account/options`): searched on the server as one types; `mode="multiple"`
 * picks several (a quote group's members), each named by code.
 */
export function AccountPicker<V extends Picked = number>(
  props: Omit<SelectProps<V>, 'options' | 'showSearch' | 'filterOption'>,
) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const picked = (props.value ?? undefined) as Picked | undefined;
  const { data, isFetching } = useQuery({
    queryKey: ['qm', 'account-options', keyword, picked],
    queryFn: ({ signal }) => qmApi.accountOptions(keyword, picked, signal),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
  return (
    <Select<V>
      allowClear
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      loading={isFetching}
      placeholder={t('qm.accountPick')}
      popupMatchSelectWidth={false}
      style={{ width: props.mode === 'multiple' ? '100%' : 200 }}
      {...props}
      options={(data ?? []).map((a) => ({ value: a.id, label: `${a.code} · ${a.currency}` }))}
    />
  );
}
