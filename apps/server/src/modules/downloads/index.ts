import { recoverExportTasks } from '../../platform/exports/tasks.js';
import { fileRoutes } from '../../platform/files/routes.js';
import type { Module } from '../../platform/module.js';
import { CLEANUP_CRON, CLEANUP_JOB, defineDownloadJobs } from './jobs.js';
import { downloadRoutes } from './routes.js';

/**
 * Files and the download center: uploads, signed downloads, export tasks (list, download,
 * delete, retry), the export job and the scheduled cleanup. Tasks a dead process left running
 * are recovered when the app starts.
 */
export const downloadsModule: Module = {
  name: 'downloads',
  async register(app, p) {
    await fileRoutes(app, p);
    await downloadRoutes(app, p);
    await recoverExportTasks(p, { atStart: true });
    // schedules need the started queue (they are kept in the database, so one process suffices)
    await p.jobs.schedule(CLEANUP_JOB, CLEANUP_CRON).catch((err) => {
      p.log.debug({ err }, 'cleanup schedule not set (job queue not started in this process)');
    });
  },
  jobs: defineDownloadJobs,
};
