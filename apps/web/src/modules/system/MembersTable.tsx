import type { PageQuery, PageResult } from '@portal/contracts';
import type { MemberRow } from '@portal/contracts/system-settings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  queryKey: readonly unknown[];
  fetcher: (page: Partial<PageQuery>, signal: AbortSignal) => Promise<PageResult<MemberRow>>;
  /** a last column (remove a member) */
  action?: (row: MemberRow) => ReactNode;
  rowSelection?: { selected: number[]; onChange: (ids: number[]) => void };
}

/** The members of a role or a department (within the reader's data scope), paged on the server. */
export function MembersTable(props: Props) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, size: 10 });
  const { data, isFetching } = useQuery({
    queryKey: [...props.queryKey, page],
    queryFn: ({ signal }) => props.fetcher(page, signal),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<MemberRow> = [
    { key: 'name', dataIndex: 'name', title: t('systemUser.name') },
    { key: 'username', dataIndex: 'username', title: t('systemUser.username') },
    { key: 'jobNumber', dataIndex: 'jobNumber', title: t('systemUser.jobNumber'), responsive: ['md'] },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('systemUser.status'),
      render: (v: MemberRow['status']) =>
        v === 'active' ? (
          <Tag color="success">{t('systemUser.statusActive')}</Tag>
        ) : (
          <Tag>{t('systemUser.statusDisabled')}</Tag>
        ),
    },
  ];
  if (props.action) columns.push({ key: 'action', title: t('common.action'), render: (_, r) => props.action!(r) });
  return (
    <Table<MemberRow>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={data?.records ?? []}
      loading={isFetching}
      data-testid="members-table"
      pagination={{
        current: page.page,
        pageSize: page.size,
        total: data?.total ?? 0,
        size: 'small',
        showTotal: (total) => t('common.total', { total }),
        onChange: (p, size) => setPage({ page: size === page.size ? p : 1, size }),
      }}
    />
  );
}
