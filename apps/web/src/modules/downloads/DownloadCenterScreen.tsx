import { EXPORT_TASK_STATES, type ExportTaskRow, exportTaskResource, type PageResult } from '@portal/contracts';
import { Drawer, Form, Input, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownloadFlag } from '../../platform/download-flag';
import { formatTime } from '../../platform/format-time';
import { useResourceList } from '../../platform/resource/use-resource-list';
import { FilePreview } from '../../platform/ui/FilePreview';
import { type ListColumn, SearchTable } from '../../platform/ui/SearchTable';
import { TaskActions } from './TaskActions';
import { TaskState } from './TaskState';

type Filters = { name?: string; state?: ExportTaskRow['state'] };

const sizeText = (n: number | null) =>
  n === null ? '' : n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;

/** /general/download (GeneralDownload): my export tasks, refreshed live as they change. */
export function DownloadCenterScreen() {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const list = useResourceList(exportTaskResource);
  useEffect(() => useDownloadFlag.getState().clear(), []);

  const columns = useMemo<ListColumn<ExportTaskRow>[]>(() => {
    const empty = t('common.empty');
    return [
      { key: 'name', dataIndex: 'name', title: t('downloads.name'), kind: 'title' },
      {
        key: 'createdAt',
        dataIndex: 'createdAt',
        title: t('downloads.createdAt'),
        kind: 'datetime',
        render: (v: string) => formatTime(v),
      },
      {
        key: 'rows',
        title: t('downloads.rows'),
        kind: 'number',
        render: (_: unknown, r) => (r.state === 'done' ? r.rowsWritten : r.totalNum).toLocaleString(),
      },
      {
        key: 'size',
        dataIndex: 'size',
        title: t('downloads.size'),
        kind: 'number',
        width: 90,
        secondary: true,
        render: (v: number | null) => sizeText(v) || empty,
      },
      { key: 'state', title: t('downloads.stateTitle'), width: 200, render: (_: unknown, r) => <TaskState row={r} /> },
      {
        key: 'expiresAt',
        dataIndex: 'expiresAt',
        title: t('downloads.expiresAt'),
        kind: 'datetime',
        secondary: true,
        render: (v: string | null) => formatTime(v, empty),
      },
      {
        key: 'action',
        title: t('common.action'),
        fixed: 'right',
        width: 180,
        render: (_: unknown, r) => <TaskActions row={r} onPreview={(url) => setPreview({ url, name: r.name })} />,
      },
    ];
  }, [t]);

  return (
    <>
      <SearchTable<ExportTaskRow, Filters>
        queryKey={list.queryKey}
        fetcher={(query, signal) => list.fetcher(query, signal) as Promise<PageResult<ExportTaskRow>>}
        columns={columns}
        rowKey="id"
        size="small"
        title={t('downloads.title')}
        filters={
          <>
            <Form.Item name="name" label={t('downloads.name')}>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="state" label={t('downloads.stateTitle')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 140 }}
                options={EXPORT_TASK_STATES.map((s) => ({ value: s, label: t(`downloads.state.${s}`) }))}
              />
            </Form.Item>
          </>
        }
      />
      <Drawer
        open={!!preview}
        onClose={() => setPreview(null)}
        title={preview?.name}
        width="min(960px, 100vw)"
        destroyOnHidden
      >
        {preview && <FilePreview url={preview.url} name={preview.name} />}
      </Drawer>
    </>
  );
}
