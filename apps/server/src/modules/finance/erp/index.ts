import type { Module } from '../../../platform/module.js';
import { mountResource } from '../../../platform/resource/index.js';
import { defineErpJobs, ERP_PRODUCE_JOB } from './daily.js';
import { erpPartyRoutes } from './parties.js';
import { erpDocuments, erpMappings, erpMaterials } from './resources.js';
import { erpRoutes } from './routes.js';
import { seedErp } from './seed.js';

/**
 * Kingdee ERP (decision 0118): the material list, the documents produced from the customer and
 * supplier ledgers and bills (numbered per type and day, draft → approved; a daily job, decision 0127),
 * the mapping of our codes to Kingdee's and the export in its import layout. After the supplier side: it reads both ledgers.
 */
export const financeErpModule: Module = {
  name: 'finance-erp',
  async register(app, p) {
    for (const b of Object.values(erpDocuments)) await mountResource(app, p, b);
    await mountResource(app, p, erpMappings);
    await mountResource(app, p, erpMaterials);
    await erpRoutes(app, p);
    await erpPartyRoutes(app, p);
  },
  jobs: (p) => defineErpJobs(p),
  schedule: async (p) => {
    // after the ledgers' own nightly jobs (consumption, bills) have run
    await p.jobs.schedule(ERP_PRODUCE_JOB, '40 3 * * *').catch((err) => {
      p.log.debug({ err }, 'finance ERP production schedule not set (job queue not started in this process)');
    });
  },
  seed: (ctx) => seedErp(ctx),
};
