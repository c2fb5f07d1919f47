import { SUPPLIER_PRODUCTS } from '@portal/contracts/finance';
import type { Module } from '../../../platform/module.js';
import { mountResource } from '../../../platform/resource/index.js';
import { registerSupplierHandlers } from './applications.js';
import { supplierAccounts, supplierEntries } from './resources.js';
import { supplierRoutes } from './routes.js';
import { seedSupplierAccounts } from './seed.js';

export { postSupplierEntry, type SupplierEntryInput, supplierDrift } from './ledger.js';

/**
 * Finance's supplier side (decision 0096): supplier accounts over an insert-only supplier ledger,
 * money moved by approved applications. A room of its own after SRM: its seed reads SRM's suppliers
 * and channels, which are seeded after finance's customer side.
 */
export const financeSupplierModule: Module = {
  name: 'finance-suppliers',
  async register(app, p) {
    registerSupplierHandlers(p);
    for (const product of SUPPLIER_PRODUCTS) {
      await mountResource(app, p, supplierEntries[product]);
      await mountResource(app, p, supplierAccounts[product]);
    }
    await supplierRoutes(app, p);
  },
  seed: (ctx) => seedSupplierAccounts(ctx),
};
