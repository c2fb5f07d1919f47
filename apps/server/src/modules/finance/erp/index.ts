import type { Module } from '../../../platform/module.js';
import { mountResource } from '../../../platform/resource/index.js';
import { erpDocuments, erpMappings, erpMaterials } from './resources.js';
import { erpRoutes } from './routes.js';
import { seedErp } from './seed.js';

/**
 * Kingdee ERP (decision 0118): the material list, the documents produced from the customer and
 * supplier ledgers (numbered per type and day, draft → approved), the mapping of our codes to
 * Kingdee's and the export in its import layout. After the supplier side: it reads both ledgers.
 */
export const financeErpModule: Module = {
  name: 'finance-erp',
  async register(app, p) {
    for (const b of Object.values(erpDocuments)) await mountResource(app, p, b);
    await mountResource(app, p, erpMappings);
    await mountResource(app, p, erpMaterials);
    await erpRoutes(app, p);
  },
  seed: (ctx) => seedErp(ctx),
};
