import type { ExportAccepted, ExportFormat } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../download';
import { markDownloadCreated } from '../download-flag';
import { toast } from '../feedback';
import { estimateKey } from './export-message';

/**
 * Exports a list with its current filters through the list's export call (spec 7: the generic blob
 * export, 5-minute timeout). A small export downloads at once; a large one becomes a download-center
 * task: the estimate message shows (spec 9) and the header's download-center dot appears (spec 4).
 */
export function useListExport(path: string) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  const run = async (filters: object, format: ExportFormat = 'xlsx') => {
    setRunning(true);
    try {
      const result = await download(path, { body: { ...filters, format }, kind: 'export' });
      if (result?.kind !== 'json') return result;
      const accepted = result.data as ExportAccepted;
      if (accepted.syncFlag) {
        markDownloadCreated();
        const { key, minutes } = estimateKey(accepted.totalNum);
        toast().success({
          content: t(key, { total: accepted.totalNum.toLocaleString(), minutes }),
          duration: 6,
        });
      }
      return result;
    } finally {
      setRunning(false);
    }
  };
  return { run, running };
}
