import type { Module } from '../../platform/module.js';
import { mountOwnership } from '../../platform/ownership/index.js';
import { mountResource } from '../../platform/resource/index.js';
import { srmChannels } from './channels/index.js';
import { supplierContacts } from './contacts.js';
import { supplierOwners } from './ownership.js';
import { suppliers } from './suppliers.js';

/**
 * SRM: suppliers (this half: records, contacts, sea and ownership, admission, duplicate check,
 * purchasing rules) and channels (modules/srm/channels, built alongside).
 */
export const srmModule: Module = {
  name: 'srm',
  async register(app, p) {
    for (const b of [suppliers, supplierContacts]) await mountResource(app, p, b);
    await mountOwnership(app, p, supplierOwners);
    await srmChannels.register(app, p);
  },
  jobs: (p) => srmChannels.jobs(p),
  schedule: (p) => srmChannels.schedule(p),
  seed: (ctx) => srmChannels.seed(ctx),
};
