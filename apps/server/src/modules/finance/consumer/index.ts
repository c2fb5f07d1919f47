import type { Module } from '../../../platform/module.js';
import { mountResource } from '../../../platform/resource/index.js';
import { IDENTITY_CRON, IDENTITY_JOB, identities, refreshIdentities } from './identity.js';
import { mainAccountEntries } from './main-account-entries.js';
import { seedMainAccounts } from './main-account-seed.js';
import { awsUsers, clients, contracts, verifications } from './resources.js';
import { seedConsumerRecords } from './seed.js';
import { uPlatformEntries, uPlatformRoutes } from './u-platform.js';
import { seedUPlatform } from './u-platform-seed.js';
import { voiceEntries } from './voice-entries.js';

/**
 * The rest of a consumer account's records (decision 0121): identity verifications and their review,
 * contracts, client applications, linked cloud sender users, the voice accounts' top-up records, and
 * the U platform's online payments (decision 0128).
 * A room after finance's accounts (its seed reads them).
 */
export const financeConsumerModule: Module = {
  name: 'finance-consumer',
  async register(app, p) {
    await mountResource(app, p, verifications);
    await mountResource(app, p, identities);
    await mountResource(app, p, contracts);
    await mountResource(app, p, clients);
    await mountResource(app, p, awsUsers);
    await mountResource(app, p, voiceEntries);
    await mountResource(app, p, uPlatformEntries);
    await mountResource(app, p, mainAccountEntries);
    await uPlatformRoutes(app, p);
  },
  jobs: (p) => {
    p.jobs.define(IDENTITY_JOB, async () => void (await refreshIdentities(p)), { retryLimit: 2 });
  },
  schedule: async (p) => {
    await p.jobs.schedule(IDENTITY_JOB, IDENTITY_CRON).catch((err) => {
      p.log.debug({ err, job: IDENTITY_JOB }, 'identity schedule not set (job queue not started in this process)');
    });
  },
  seed: async (ctx) => {
    await seedConsumerRecords(ctx);
    await seedUPlatform(ctx);
    await seedMainAccounts(ctx);
  },
};
