import { NOTIFY_EVENTS, type NotifyEvent, type ProcessRow, processNotifyBody } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Input, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../platform/form';
import { useLocalName } from '../../platform/local-name';
import { FormModal } from '../../platform/ui/FormModal';
import { actionColumn } from '../../platform/ui/RowActions';
import { SearchTable } from '../../platform/ui/SearchTable';
import { approvalApi, approvalKeys } from './api';

interface Values {
  events: NotifyEvent[];
  webhookUrl?: string | null;
}

function NotifyDialog({ process, onClose }: { process: ProcessRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const current = useQuery({
    queryKey: approvalKeys.notify(process?.id ?? 0),
    queryFn: () => approvalApi.notify(process!.id),
    enabled: !!process,
  });
  return (
    <FormModal<Values>
      open={process !== null}
      title={t('approval.notify.title', { name: process ? localName(process) : '' })}
      onClose={onClose}
      onSubmit={(v) =>
        approvalApi.saveNotify({ processId: process!.id, events: v.events, webhookUrl: v.webhookUrl?.trim() || null })
      }
      successMessage={t('approval.notify.saved')}
      invalidate={approvalKeys.notify(process?.id ?? 0)}
      loading={current.isPending}
      initialValues={{ events: current.data?.events ?? [], webhookUrl: current.data?.webhookUrl ?? '' }}
    >
      <Form.Item name="events" label={t('approval.notify.events')}>
        <Checkbox.Group options={NOTIFY_EVENTS.map((e) => ({ value: e, label: t(`approval.notify.event.${e}`) }))} />
      </Form.Item>
      <Form.Item
        name="webhookUrl"
        label={t('approval.notify.webhook')}
        extra={t('approval.notify.webhookHint')}
        rules={[zodRule(processNotifyBody.shape.webhookUrl, t('approval.notify.webhook'))]}
      >
        <Input maxLength={500} placeholder="https://" />
      </Form.Item>
    </FormModal>
  );
}

/** /setModule/process/notify: per process, which events notify and the workplace-chat robot webhook. */
export function NotifyScreen() {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<ProcessRow | null>(null);
  const zh = i18n.language.startsWith('zh');
  const columns = useMemo<TableColumnsType<ProcessRow>>(
    () => [
      { key: 'name', title: t('approval.cfg.name'), render: (_: unknown, r) => (zh ? r.name : r.nameEn) },
      { key: 'groupName', dataIndex: 'groupName', title: t('approval.cfg.group'), width: 120 },
      { key: 'serviceName', dataIndex: 'serviceName', title: t('approval.cfg.service'), width: 120 },
      {
        key: 'enabled',
        dataIndex: 'enabled',
        title: t('approval.cfg.enabled'),
        width: 90,
        render: (v: boolean) => (
          <Tag color={v ? 'green' : 'default'}>{v ? t('approval.cfg.on') : t('approval.cfg.off')}</Tag>
        ),
      },
      actionColumn(
        t('common.action'),
        (r) => [{ key: 'configure', label: t('approval.notify.configure'), onClick: () => setEditing(r) }],
        100,
      ),
    ],
    [t, zh],
  );
  return (
    <>
      <SearchTable<ProcessRow, { keyword?: string }>
        queryKey={[...approvalKeys.processes, 'notify']}
        fetcher={(q, signal) => approvalApi.processPage(q, signal)}
        columns={columns}
        rowKey="id"
        size="small"
        filters={
          <Form.Item name="keyword" label={t('approval.keyword')}>
            <Input allowClear maxLength={64} style={{ width: 180 }} />
          </Form.Item>
        }
      />
      <NotifyDialog process={editing} onClose={() => setEditing(null)} />
    </>
  );
}
