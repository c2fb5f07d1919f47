import type { Module } from '../../platform/module.js';
import { mountResource } from '../../platform/resource/index.js';
import { reportRoutes } from './routes.js';
import { defineReportJobs, reportSubscriptions, SUBSCRIPTIONS_JOB } from './subscriptions.js';

/**
 * Reports: the `/reportAnalysis` screens, one definition each (contracts `reports`), computed from
 * the traffic port's daily rollups and the finance ports — never another room's tables or raw records.
 */
export const reportsModule: Module = {
  name: 'reports',
  async register(app, p) {
    await reportRoutes(app, p);
    await mountResource(app, p, reportSubscriptions);
  },
  jobs: defineReportJobs,
  schedule: async (p) => {
    // hourly on the app clock: each subscription's period is sent once, the first run after it closed
    await p.jobs.schedule(SUBSCRIPTIONS_JOB, '7 * * * *').catch((err) => {
      p.log.debug({ err }, 'report subscriptions schedule not set (job queue not started in this process)');
    });
  },
};
