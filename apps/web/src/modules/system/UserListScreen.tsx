import { Perm, USER_STATUSES, type UserListQuery, type UserRow, userListQuery } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Select, Space, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../platform/access';
import { zodRule } from '../../platform/form';
import { actionColumn } from '../../platform/ui/RowActions';
import { SearchTable } from '../../platform/ui/SearchTable';
import { systemApi, userKeys } from './api';

type Filters = Pick<UserListQuery, 'keyword' | 'status'>;

const tags = (values: string[], empty: string) =>
  values.length ? (
    <Space size={[4, 4]} wrap>
      {values.map((v) => (
        <Tag key={v}>{v}</Tag>
      ))}
    </Space>
  ) : (
    empty
  );

/** /setModule/authManage/user: staff accounts, filtered and paged on the server. */
export function UserListScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan(Perm.SYS_USER_EDIT);
  /** enable / disable one user (check-repeat call), then refetch the list */
  const status = useMutation({
    mutationFn: (r: { id: number; next: UserRow['status'] }) => systemApi.setUserStatus(r.id, r.next),
    onSuccess: async () => {
      message.success(t('systemUser.statusChanged'));
      await queryClient.invalidateQueries({ queryKey: userKeys.list });
    },
  });

  const columns = useMemo<TableColumnsType<UserRow>>(() => {
    const empty = t('common.empty');
    const cols: TableColumnsType<UserRow> = [
      { key: 'username', dataIndex: 'username', title: t('systemUser.username'), sorter: true, fixed: 'left' },
      { key: 'name', dataIndex: 'name', title: t('systemUser.name'), sorter: true },
      { key: 'jobNumber', dataIndex: 'jobNumber', title: t('systemUser.jobNumber') },
      { key: 'email', dataIndex: 'email', title: t('systemUser.email'), render: (v: string | null) => v || empty },
      {
        key: 'departments',
        dataIndex: 'deptNames',
        title: t('systemUser.departments'),
        render: (v: string[]) => tags(v, empty),
      },
      { key: 'roles', dataIndex: 'roleNames', title: t('systemUser.roles'), render: (v: string[]) => tags(v, empty) },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('systemUser.status'),
        render: (v: UserRow['status']) =>
          v === 'active' ? (
            <Tag color="success">{t('systemUser.statusActive')}</Tag>
          ) : (
            <Tag>{t('systemUser.statusDisabled')}</Tag>
          ),
      },
      {
        key: 'createdAt',
        dataIndex: 'createdAt',
        title: t('systemUser.createdAt'),
        sorter: true,
        render: (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : empty),
      },
    ];
    if (canEdit) {
      cols.push(
        actionColumn<UserRow>(t('common.action'), (row) => {
          const next = row.status === 'active' ? 'disabled' : 'active';
          return [
            {
              key: 'status',
              perm: Perm.SYS_USER_EDIT,
              label: t(next === 'disabled' ? 'systemUser.disable' : 'systemUser.enable'),
              danger: next === 'disabled',
              confirm: t(next === 'disabled' ? 'systemUser.confirmDisable' : 'systemUser.confirmEnable', {
                name: row.name,
              }),
              loading: status.isPending && status.variables?.id === row.id,
              onClick: () => status.mutateAsync({ id: row.id, next }).catch(() => undefined),
            },
          ];
        }),
      );
    }
    return cols;
  }, [t, canEdit, status]);

  return (
    <SearchTable<UserRow, Filters>
      queryKey={userKeys.list}
      fetcher={(query, signal) => systemApi.userPage(query, signal)}
      columns={columns}
      rowKey="id"
      exportPath="/v2/sys/staff/user/export"
      filters={
        <>
          <Form.Item
            name="keyword"
            label={t('systemUser.keyword')}
            rules={[zodRule(userListQuery.shape.keyword, t('systemUser.keyword'))]}
          >
            <Input allowClear placeholder={t('systemUser.keywordPlaceholder')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="status" label={t('systemUser.status')}>
            <Select
              allowClear
              placeholder={t('common.all')}
              style={{ width: 140 }}
              options={USER_STATUSES.map((s) => ({
                value: s,
                label: t(s === 'active' ? 'systemUser.statusActive' : 'systemUser.statusDisabled'),
              }))}
            />
          </Form.Item>
        </>
      }
    />
  );
}
