import { PlusOutlined } from '@ant-design/icons';
import type { ProcessRow } from '@portal/contracts';
import { Button, Form, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionColumn, switchColumn } from '../../platform/ui/RowActions';
import { type ListColumn, SearchTable } from '../../platform/ui/SearchTable';
import { approvalApi, approvalKeys } from './api';
import { ProcessEditor } from './ProcessEditor';
import { EnabledFilter, KeywordFilter, updatedAtColumn, useSettingsCall } from './settings-parts';
import { VersionHistory } from './VersionHistory';

type Filters = { keyword?: string; serviceName?: string; enabled?: boolean };

/** /setModule/process/configer: processes; edit nodes and branches, publish, enable/disable, versions. */
export function ProcessConfigScreen() {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [versionsOf, setVersionsOf] = useState<number | null>(null);
  const state = useSettingsCall(
    (r: { id: number; enabled: boolean }) => approvalApi.processState(r.id, r.enabled),
    (r) => (r.enabled ? t('approval.cfg.enabledDone') : t('approval.cfg.disabledDone')),
  );
  const zh = i18n.language.startsWith('zh');
  const columns = useMemo<ListColumn<ProcessRow>[]>(
    () => [
      {
        key: 'name',
        title: t('approval.cfg.name'),
        render: (_: unknown, r) => (zh ? r.name : r.nameEn),
        kind: 'name',
        width: 160,
      },
      { key: 'code', dataIndex: 'code', title: t('approval.cfg.code'), kind: 'code', width: 150 },
      { key: 'groupName', dataIndex: 'groupName', title: t('approval.cfg.group'), kind: 'dict', secondary: true },
      { key: 'serviceName', dataIndex: 'serviceName', title: t('approval.cfg.service'), kind: 'dict', secondary: true },
      { key: 'formName', dataIndex: 'formName', title: t('approval.cfg.form'), kind: 'name', width: 120 },
      {
        key: 'version',
        dataIndex: 'version',
        title: t('approval.cfg.version'),
        width: 70,
        render: (v: number) => `v${v}`,
      },
      switchColumn<ProcessRow>({
        key: 'enabled',
        title: t('approval.cfg.enabled'),
        width: 80,
        checked: (r) => r.enabled,
        loading: (r) => state.isPending && state.variables?.id === r.id,
        onChange: (r, enabled) => state.mutate({ id: r.id, enabled }),
      }),
      updatedAtColumn<ProcessRow>(t),
      actionColumn<ProcessRow>(
        t('common.action'),
        (r) => [
          { key: 'edit', label: t('common.edit'), testId: 'process-edit', onClick: () => setEditing({ id: r.id }) },
          { key: 'versions', label: t('approval.cfg.versions'), onClick: () => setVersionsOf(r.id) },
        ],
        130,
      ),
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
            <KeywordFilter />
            <Form.Item name="serviceName" label={t('approval.cfg.service')}>
              <Input allowClear maxLength={64} style={{ width: 140 }} />
            </Form.Item>
            <EnabledFilter />
          </>
        }
      />
      <ProcessEditor id={editing?.id ?? null} open={editing !== null} onClose={() => setEditing(null)} />
      <VersionHistory processId={versionsOf} onClose={() => setVersionsOf(null)} />
    </>
  );
}
