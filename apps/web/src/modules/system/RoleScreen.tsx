import { PlusOutlined } from '@ant-design/icons';
import { Perm } from '@portal/contracts';
import { type DataScope, type RoleListQuery, type RoleRow, roleListQuery } from '@portal/contracts/system-settings';
import { Button, Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../platform/access';
import { zodRule } from '../../platform/form';
import { formatTime } from '../../platform/format-time';
import { useLocalName } from '../../platform/local-name';
import { actionColumn, useRowCall } from '../../platform/ui/RowActions';
import { SearchTable } from '../../platform/ui/SearchTable';
import { RoleDrawer } from './RoleDrawer';
import { RoleForm } from './RoleForm';
import { scopeLabel } from './scope-label';
import { settingsApi, settingsKeys } from './settings-api';

type Filters = Pick<RoleListQuery, 'keyword' | 'enabled'>;

/** /setModule/authManage/permissions: roles with their data scope; a drawer holds grants, members and history. */
export function RoleScreen() {
  const { t } = useTranslation();
  const name = useLocalName();
  const [editing, setEditing] = useState<{ id?: number }>();
  const [opened, setOpened] = useState<RoleRow>();
  const remove = useRowCall(
    (id: number) => settingsApi.deleteRole(id),
    [settingsKeys.roles],
    () => t('systemSettings.deleted'),
  );

  const columns = useMemo<TableColumnsType<RoleRow>>(
    () => [
      { key: 'code', dataIndex: 'code', title: t('systemRole.code'), sorter: true, width: 140 },
      { key: 'name', title: t('systemRole.name'), sorter: true, render: (_, r) => name(r) },
      {
        key: 'dataScope',
        dataIndex: 'dataScope',
        title: t('systemRole.dataScope'),
        render: (v: DataScope) => <Tag>{t(scopeLabel(v))}</Tag>,
      },
      { key: 'memberCount', dataIndex: 'memberCount', title: t('systemRole.members'), width: 90, align: 'right' },
      {
        key: 'enabled',
        dataIndex: 'enabled',
        title: t('systemRole.enabled'),
        width: 90,
        render: (v: boolean) =>
          v ? <Tag color="success">{t('systemSettings.yes')}</Tag> : <Tag>{t('systemSettings.no')}</Tag>,
      },
      {
        key: 'createdAt',
        dataIndex: 'createdAt',
        title: t('systemUser.createdAt'),
        sorter: true,
        responsive: ['lg'],
        render: (v: string) => formatTime(v),
      },
      actionColumn<RoleRow>(t('common.action'), (row) => [
        { key: 'open', label: t('systemRole.open'), onClick: () => setOpened(row), testId: `role-open-${row.code}` },
        {
          key: 'edit',
          label: t('systemSettings.edit'),
          perm: Perm.SYS_ROLE_EDIT,
          onClick: () => setEditing({ id: row.id }),
        },
        {
          key: 'delete',
          label: t('systemSettings.delete'),
          perm: Perm.SYS_ROLE_EDIT,
          danger: true,
          confirm: t('systemSettings.confirmDelete', { name: name(row) }),
          loading: remove.isPending && remove.variables === row.id,
          onClick: () => remove.mutateAsync(row.id),
        },
      ]),
    ],
    [t, name, remove],
  );

  return (
    <>
      <SearchTable<RoleRow, Filters>
        queryKey={settingsKeys.roles}
        fetcher={(query, signal) => settingsApi.rolePage(query, signal)}
        columns={columns}
        rowKey="id"
        size="small"
        exportPath="/v2/sys/staff/role/export"
        toolbar={
          <Can perm={Perm.SYS_ROLE_EDIT}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('systemRole.create')}
            </Button>
          </Can>
        }
        filters={
          <>
            <Form.Item
              name="keyword"
              label={t('systemUser.keyword')}
              rules={[zodRule(roleListQuery.shape.keyword, t('systemUser.keyword'))]}
            >
              <Input allowClear placeholder={t('systemRole.keywordPlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="enabled" label={t('systemRole.enabled')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 120 }}
                options={[
                  { value: true, label: t('systemSettings.yes') },
                  { value: false, label: t('systemSettings.no') },
                ]}
              />
            </Form.Item>
          </>
        }
      />
      {editing && <RoleForm id={editing.id} onClose={() => setEditing(undefined)} />}
      {opened && <RoleDrawer role={opened} onClose={() => setOpened(undefined)} />}
    </>
  );
}
