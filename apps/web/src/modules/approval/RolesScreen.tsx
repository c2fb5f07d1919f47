import { PlusOutlined } from '@ant-design/icons';
import type { WfRoleRow } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Popconfirm, Select, Space, Switch, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchTable } from '../../platform/ui/SearchTable';
import { approvalApi, approvalKeys } from './api';
import { RoleEditor } from './RoleEditor';

type Filters = { keyword?: string; enabled?: boolean };

/** /setModule/process/roles: workflow roles (财务总监 …) and their members; nodes name roles, not people. */
export function RolesScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ role: WfRoleRow | null } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: approvalKeys.root });
  const state = useMutation({
    mutationFn: (r: { id: number; enabled: boolean }) => approvalApi.roleState(r.id, r.enabled),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => approvalApi.deleteRole(id),
    onSuccess: async () => {
      message.success(t('approval.roles.deleted'));
      await refresh();
    },
  });
  const columns = useMemo<TableColumnsType<WfRoleRow>>(
    () => [
      { key: 'name', dataIndex: 'name', title: t('approval.roles.name'), width: 140 },
      { key: 'code', dataIndex: 'code', title: t('approval.roles.code'), width: 150 },
      {
        key: 'members',
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
        ellipsis: true,
        render: (v: string | null) => v ?? '-',
      },
      {
        key: 'enabled',
        dataIndex: 'enabled',
        title: t('approval.cfg.enabled'),
        width: 80,
        render: (v: boolean, r) => (
          <Switch size="small" checked={v} onChange={(enabled) => state.mutate({ id: r.id, enabled })} />
        ),
      },
      {
        key: 'updatedAt',
        dataIndex: 'updatedAt',
        title: t('approval.cfg.updatedAt'),
        width: 140,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      {
        key: 'action',
        title: t('common.action'),
        width: 120,
        fixed: 'right',
        render: (_: unknown, r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ role: r })}>
              {t('mc.edit')}
            </Button>
            <Popconfirm
              title={t('approval.roles.deleteConfirm', { name: r.name })}
              onConfirm={() => remove.mutate(r.id)}
            >
              <Button type="link" size="small" danger>
                {t('mc.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
      },
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
            <Form.Item name="keyword" label={t('approval.keyword')}>
              <Input allowClear maxLength={64} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="enabled" label={t('approval.cfg.enabled')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 110 }}
                options={[
                  { value: true, label: t('approval.cfg.on') },
                  { value: false, label: t('approval.cfg.off') },
                ]}
              />
            </Form.Item>
          </>
        }
      />
      <RoleEditor role={editing?.role ?? null} open={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}
