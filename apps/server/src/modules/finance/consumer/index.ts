import type { Module } from '../../../platform/module.js';
import { mountResource } from '../../../platform/resource/index.js';
import { awsUsers, clients, contracts, verifications } from './resources.js';
import { seedConsumerRecords } from './seed.js';
import { voiceEntries } from './voice-entries.js';

/**
 * The rest of a consumer account's records (decision 0121): identity verifications and their review,
 * contracts, client applications, linked cloud sender users, and the voice accounts' top-up records.
 * A room after finance's accounts (its seed reads them).
 */
export const financeConsumerModule: Module = {
  name: 'finance-consumer',
  async register(app, p) {
    await mountResource(app, p, verifications);
    await mountResource(app, p, contracts);
    await mountResource(app, p, clients);
    await mountResource(app, p, awsUsers);
    await mountResource(app, p, voiceEntries);
  },
  seed: (ctx) => seedConsumerRecords(ctx),
};
