import { type ExportTaskRow, exportTaskResource } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/feedback';
import { resourceKeys } from '../../platform/resource/keys';
import { RowActions } from '../../platform/ui/RowActions';
import { downloadsApi, saveSignedUrl } from './api';
import { canRetry } from './task-rules';

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
      await qc.invalidateQueries({ queryKey: resourceKeys.all(exportTaskResource.key) });
    } catch {
      // the http client showed the message
    } finally {
      setBusy(false);
    }
  };
  const done = row.state === 'done';
  const stale = canRetry(row);
  return (
    <RowActions
      actions={[
        ...(done
          ? [
              {
                key: 'download',
                label: t('downloads.download'),
                disabled: busy,
                testId: `task-download-${row.id}`,
                onClick: () => act(async () => saveSignedUrl((await downloadsApi.url(row.id)).url, row.name)),
              },
              {
                key: 'preview',
                label: t('downloads.preview'),
                disabled: busy,
                onClick: () => act(async () => onPreview((await downloadsApi.url(row.id)).url)),
              },
            ]
          : []),
        ...(stale
          ? [
              {
                key: 'retry',
                label: t('downloads.retry'),
                disabled: busy,
                testId: `task-retry-${row.id}`,
                onClick: () => act(() => downloadsApi.retry(row.id), t('downloads.retried')),
              },
            ]
          : []),
        {
          key: 'delete',
          label: t('common.delete'),
          danger: true,
          disabled: busy,
          confirm: t('downloads.deleteConfirm'),
          onClick: () => act(() => downloadsApi.remove(row.id), t('downloads.deleted')),
        },
      ]}
    />
  );
}
