import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { customerOptions } from './api';

/** One of the caller's own customers, searched by name, alias or code as they type. */
export function CustomerPicker(props: SelectProps<number>) {
  const [keyword, setKeyword] = useState('');
  const options = useQuery({
    queryKey: ['crm.customer', 'picker', keyword],
    queryFn: ({ signal }) => customerOptions(keyword, signal),
  });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={options.isFetching}
      options={options.data ?? []}
      allowClear
      {...props}
    />
  );
}
