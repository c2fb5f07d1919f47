import { PlusOutlined } from '@ant-design/icons';
import type { ProcessRow } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Select, Space, Switch, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchTable } from '../../platform/ui/SearchTable';
import { approvalApi, approvalKeys } from './api';
import { ProcessEditor } from './ProcessEditor';
import { VersionHistory } from './VersionHistory';

type Filters = { keyword?: string; serviceName?: string; enabled?: boolean };

/** /setModule/process/configer: processes; edit nodes and branches, publish, enable/disable, versions. */
export function ProcessConfigScreen() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [versionsOf, setVersionsOf] = useState<number | null>(null);
  const state = useMutation({
    mutationFn: (r: { id: number; enabled: boolean }) => approvalApi.processState(r.id, r.enabled),
    onSuccess: async (_d, r) => {
      message.success(r.enabled ? t('approval.cfg.enabledDone') : t('approval.cfg.disabledDone'));
      await queryClient.invalidateQueries({ queryKey: approvalKeys.root });
    },
  });
  const zh = i18n.language.startsWith('zh');
  const columns = useMemo<TableColumnsType<ProcessRow>>(
    () => [
      {
        key: 'name',
        title: t('approval.cfg.name'),
        render: (_: unknown, r) => (zh ? r.name : r.nameEn),
        ellipsis: true,
      },
      { key: 'code', dataIndex: 'code', title: t('approval.cfg.code'), width: 170 },
      { key: 'groupName', dataIndex: 'groupName', title: t('approval.cfg.group'), width: 100 },
      { key: 'serviceName', dataIndex: 'serviceName', title: t('approval.cfg.service'), width: 110 },
      { key: 'formName', dataIndex: 'formName', title: t('approval.cfg.form'), width: 120 },
      {
        key: 'version',
        dataIndex: 'version',
        title: t('approval.cfg.version'),
        width: 70,
        render: (v: number) => `v${v}`,
      },
      {
        key: 'enabled',
        dataIndex: 'enabled',
        title: t('approval.cfg.enabled'),
        width: 80,
        render: (v: boolean, r) => (
          <Switch
            size="small"
            checked={v}
            loading={state.isPending && state.variables?.id === r.id}
            onChange={(enabled) => state.mutate({ id: r.id, enabled })}
          />
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
        width: 130,
        fixed: 'right',
        render: (_: unknown, r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ id: r.id })} data-testid="process-edit">
              {t('mc.edit')}
            </Button>
            <Button type="link" size="small" onClick={() => setVersionsOf(r.id)}>
              {t('approval.cfg.versions')}
            </Button>
          </Space>
        ),
      },
    ],
    [t, zh, state],
  );
  return (
    <>
      <SearchTable<ProcessRow, Filters>
        queryKey={approvalKeys.processes}
        fetcher={(q, signal) => approvalApi.processPage(q, signal)}
        columns={columns}
        rowKey="id"
        size="small"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
            {t('approval.cfg.create')}
          </Button>
        }
        filters={
          <>
            <Form.Item name="keyword" label={t('approval.keyword')}>
              <Input allowClear maxLength={64} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="serviceName" label={t('approval.cfg.service')}>
              <Input allowClear maxLength={64} style={{ width: 140 }} />
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
      <ProcessEditor id={editing?.id ?? null} open={editing !== null} onClose={() => setEditing(null)} />
      <VersionHistory processId={versionsOf} onClose={() => setVersionsOf(null)} />
    </>
  );
}
