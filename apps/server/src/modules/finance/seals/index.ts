import type { Module } from '../../../platform/module.js';
import { mountResource } from '../../../platform/resource/index.js';
import { registerSealHandler } from './apply.js';
import { runSealReminders, SEAL_REMINDER_JOB } from './reminders.js';
import { contractArchives, sealApplications, seals } from './resources.js';
import { sealRoutes } from './routes.js';
import { seedSeals } from './seed.js';

/**
 * Contract archive and seals (decision 0117): the seals and their keepers, applications to seal a
 * contract through the approval engine, and the archive of sealed contracts with the return of
 * their originals, and the expiry reminders of seals and archived contracts (decision 0128). A room after CRM, SRM and the approval engine (its seed reads their people).
 */
export const financeSealModule: Module = {
  name: 'finance-seals',
  async register(app, p) {
    registerSealHandler(p);
    await mountResource(app, p, seals);
    await mountResource(app, p, sealApplications);
    await mountResource(app, p, contractArchives);
    await sealRoutes(app, p);
  },
  jobs: (p) => p.jobs.define(SEAL_REMINDER_JOB, async () => void (await runSealReminders(p)), { retryLimit: 2 }),
  schedule: async (p) => {
    await p.jobs.schedule(SEAL_REMINDER_JOB, '30 1 * * *').catch((err) => {
      p.log.debug({ err }, 'seal reminders not scheduled (job queue not started in this process)');
    });
  },
  seed: (ctx) => seedSeals(ctx),
};
