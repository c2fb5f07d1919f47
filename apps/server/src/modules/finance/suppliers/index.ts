import { SUPPLIER_PRODUCTS } from '@portal/contracts/finance';
import type { Module } from '../../../platform/module.js';
import { mountResource } from '../../../platform/resource/index.js';
import { registerSupplierHandlers } from './applications.js';
import { supplierBadDebts } from './bad-debt.js';
import { seedSupplierBadDebt } from './bad-debt-seed.js';
import { mountBillImport } from './bill-import.js';
import { billMailRoutes } from './bill-mail.js';
import { seedSupplierBills } from './bill-seed.js';
import { reconConfig, soas, supplierBillLines, supplierBills } from './bills.js';
import { supplierControls } from './control.js';
import { seedSupplierControls } from './control-seed.js';
import { seedSupplierControlSet, supplierControlSet } from './control-set.js';
import { defineSupplierCostJob, SUPPLIER_COST_JOB } from './cost-feed.js';
import { defineSupplierOverdueJob, SUPPLIER_OVERDUE_JOB, supplierOverdue } from './overdue.js';
import { seedSupplierOverdue } from './overdue-seed.js';
import { supplierAccounts, supplierApplications, supplierEntries } from './resources.js';
import { supplierRoutes } from './routes.js';
import { seedSupplierAccounts, seedSupplierCosts } from './seed.js';

export { blockedSuppliers, overdueExemptSuppliers } from './control.js';
export { supplierControlSettingOn } from './control-set.js';
export { postSupplierEntry, type SupplierEntryInput, supplierDrift } from './ledger.js';
export { runSupplierOverdue, SUPPLIER_OVERDUE_JOB } from './overdue.js';

/**
 * Finance's supplier side (decision 0096): supplier accounts over an insert-only supplier ledger,
 * money moved by approved applications. A room of its own after SRM: its seed reads SRM's suppliers
 * and channels, which are seeded after finance's customer side. The daily cost feed (decision 0104)
 * posts traffic's rated cost on the accounts after traffic's consumption run.
 */
export const financeSupplierModule: Module = {
  name: 'finance-suppliers',
  async register(app, p) {
    registerSupplierHandlers(p);
    for (const product of SUPPLIER_PRODUCTS) {
      await mountResource(app, p, supplierEntries[product]);
      await mountResource(app, p, supplierApplications[product]);
      await mountResource(app, p, supplierAccounts[product]);
    }
    await supplierRoutes(app, p);
    // the bill check and statements of account (decision 0107)
    for (const b of [reconConfig, supplierBillLines, supplierBills, soas]) await mountResource(app, p, b);
    await mountBillImport(app, p);
    await billMailRoutes(app, p);
    // supplier control lists (decision 0114)
    for (const b of Object.values(supplierControls)) await mountResource(app, p, b);
    await mountResource(app, p, supplierControlSet);
    // bills paid and the supplier-overdue list (decision 0120)
    await mountResource(app, p, supplierOverdue);
    // bad debt (decision 0125): the write-off applications; applied for by supplierRoutes
    await mountResource(app, p, supplierBadDebts);
  },
  jobs: (p) => {
    defineSupplierCostJob(p);
    defineSupplierOverdueJob(p);
  },
  schedule: async (p) => {
    await p.jobs.schedule(SUPPLIER_COST_JOB, '50 0 * * *').catch((err) => {
      p.log.debug({ err }, 'finance supplier cost schedule not set (job queue not started in this process)');
    });
    // after the day's cost feed; the day is the app clock's
    await p.jobs.schedule(SUPPLIER_OVERDUE_JOB, '20 1 * * *').catch((err) => {
      p.log.debug({ err }, 'finance supplier overdue schedule not set (job queue not started in this process)');
    });
  },
  seed: async (ctx) => {
    await seedSupplierAccounts(ctx);
    await seedSupplierCosts(ctx);
    await seedSupplierBills(ctx);
    await seedSupplierControls(ctx);
    await seedSupplierControlSet(ctx.db);
    await seedSupplierOverdue(ctx);
    await seedSupplierBadDebt(ctx);
  },
};
