import { PlusOutlined } from '@ant-design/icons';
import type { WfRoleRow } from '@portal/contracts';
import { Button, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionColumn, switchColumn } from '../../platform/ui/RowActions';
import { type ListColumn, SearchTable } from '../../platform/ui/SearchTable';
import { approvalApi, approvalKeys } from './api';
import { RoleEditor } from './RoleEditor';
import { EnabledFilter, KeywordFilter, updatedAtColumn, useSettingsCall } from './settings-parts';

type Filters = { keyword?: string; enabled?: boolean };

/** /setModule/process/roles: workflow roles (财务总监 …) and their members; nodes name roles, not people. */
export function RolesScreen() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ role: WfRoleRow | null } | null>(null);
  const state = useSettingsCall((r: { id: number; enabled: boolean }) => approvalApi.roleState(r.id, r.enabled));
  const remove = useSettingsCall(approvalApi.deleteRole, () => t('approval.roles.deleted'));
  const columns = useMemo<ListColumn<WfRoleRow>[]>(
    () => [
      { key: 'name', dataIndex: 'name', title: t('approval.roles.name'), kind: 'name' },
      { key: 'code', dataIndex: 'code', title: t('approval.roles.code'), kind: 'code' },
      {
        key: 'members',
        kind: 'tags',
        dataIndex: 'members',
        title: t('approval.roles.members'),
        render: (m: WfRoleRow['members']) =>
          m.length ? (
            <Space size={[4, 4]} wrap>
              {m.map((u) => (
                <Tag key={u.id}>{u.name}</Tag>
              ))}
            </Space>
          ) : (
            '-'
          ),
      },
      {
        key: 'description',
        dataIndex: 'description',
        title: t('approval.roles.description'),
        kind: 'textarea',
        secondary: true,
        render: (v: string | null) => v ?? '-',
      },
      switchColumn<WfRoleRow>({
        key: 'enabled',
        title: t('approval.cfg.enabled'),
        width: 80,
        checked: (r) => r.enabled,
        onChange: (r, enabled) => state.mutate({ id: r.id, enabled }),
      }),
      updatedAtColumn<WfRoleRow>(t),
      actionColumn<WfRoleRow>(
        t('common.action'),
        (r) => [
          { key: 'edit', label: t('common.edit'), onClick: () => setEditing({ role: r }) },
          {
            key: 'delete',
            label: t('common.delete'),
            danger: true,
            confirm: t('approval.roles.deleteConfirm', { name: r.name }),
            onClick: () => remove.mutate(r.id),
          },
        ],
        120,
      ),
    ],
    [t, state, remove],
  );
  return (
    <>
      <SearchTable<WfRoleRow, Filters>
        queryKey={approvalKeys.roles}
        fetcher={(q, signal) => approvalApi.rolePage(q, signal)}
        columns={columns}
        rowKey="id"
        size="small"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ role: null })}>
            {t('approval.roles.create')}
          </Button>
        }
        filters={
          <>
            <KeywordFilter />
            <EnabledFilter />
          </>
        }
      />
      <RoleEditor role={editing?.role ?? null} open={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}
