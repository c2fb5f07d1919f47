import { expireExportTasks, recoverExportTasks, runExportTask } from '../../platform/exports/tasks.js';
import { EXPORT_JOB } from '../../platform/exports/topics.js';
import { SegmentUploads } from '../../platform/files/segments.js';
import { filesOf } from '../../platform/files/service.js';
import type { Platform } from '../../platform/platform.js';

export const CLEANUP_JOB = 'downloads.cleanup';
/** every 5 minutes (spec 9: the download center's cleanup cadence) */
export const CLEANUP_CRON = '*/5 * * * *';

/**
 * The export job (no automatic retry: a failure is shown with its reason and retried by the
 * user) and the cleanup: expired export files, abandoned uploads, tasks of dead processes.
 */
export function defineDownloadJobs(p: Platform) {
  p.jobs.define<{ taskId: number; attempt: number }>(EXPORT_JOB, async (data) => runExportTask(p, data), {
    retryLimit: 0,
    expireInSeconds: 2 * 3600,
  });
  p.jobs.define(CLEANUP_JOB, async () => runCleanup(p), { retryLimit: 1 });
}

export async function runCleanup(p: Platform) {
  const files = await filesOf(p);
  const expired = await expireExportTasks(p);
  const uploads = await new SegmentUploads(files).removeStale();
  const recovered = await recoverExportTasks(p);
  if (expired || uploads || recovered) p.log.info({ expired, uploads, recovered }, 'download center cleaned');
}
