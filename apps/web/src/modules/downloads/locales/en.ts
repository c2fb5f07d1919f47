import type { Messages } from '../../../platform/locales/types';
import type { zhCN } from './zh-CN';

/** Texts of the download center module in English. */
export const en: Messages<typeof zhCN> = {
  downloads: {
    title: 'My exports',
    name: 'File name',
    createdAt: 'Created',
    rows: 'Rows',
    size: 'Size',
    stateTitle: 'State',
    expiresAt: 'Expires',
    state: {
      queued: 'Queued',
      running: 'Exporting',
      done: 'Done',
      failed: 'Failed',
      expired: 'Expired',
      stalled: 'Stalled',
    },
    download: 'Download',
    preview: 'Preview',
    retry: 'Retry',
    retried: 'The export started again',
    deleteConfirm: 'Delete this export task and its file?',
    deleted: 'Deleted',
  },
};
