import type { ExportTaskRow } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/feedback';
import { downloadKeys, downloadsApi, saveSignedUrl } from './api';

/** Download, preview, retry and delete of one task (the caller's own). */
export function TaskActions({ row, onPreview }: { row: ExportTaskRow; onPreview: (url: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const act = async (fn: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await fn();
      if (done) toast().success(done);
      await qc.invalidateQueries({ queryKey: downloadKeys.tasks });
    } catch {
      // the http client showed the message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space size={0} wrap>
      {row.state === 'done' && (
        <>
          <Button
            type="link"
            size="small"
            disabled={busy}
            data-testid={`task-download-${row.id}`}
            onClick={() => void act(async () => saveSignedUrl((await downloadsApi.url(row.id)).url, row.name))}
          >
            {t('downloads.download')}
          </Button>
          <Button
            type="link"
            size="small"
            disabled={busy}
            onClick={() => void act(async () => onPreview((await downloadsApi.url(row.id)).url))}
          >
            {t('downloads.preview')}
          </Button>
        </>
      )}
      {(row.state === 'failed' || row.state === 'expired') && (
        <Button
          type="link"
          size="small"
          disabled={busy}
          onClick={() => void act(() => downloadsApi.retry(row.id), t('downloads.retried'))}
        >
          {t('downloads.retry')}
        </Button>
      )}
      <Popconfirm
        title={t('downloads.deleteConfirm')}
        onConfirm={() => act(() => downloadsApi.remove(row.id), t('downloads.deleted'))}
      >
        <Button type="link" size="small" danger disabled={busy}>
          {t('downloads.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
