import type { Module } from '../../platform/module.js';
import { mountResource } from '../../platform/resource/index.js';
import { accounts, applications, entries, financeScope } from './accounts.js';
import { registerFinanceHandlers } from './applications.js';
import { accountsPort, ledgerPort } from './ports.js';
import { defineReconJob, RECON_JOB } from './recon.js';
import { financeRoutes } from './routes.js';
import { seedFinance } from './seed.js';

/**
 * Finance (decision 0041): consumer accounts opened by approval, the insert-only ledger whose
 * balances the database keeps and checks, money applications posted by their approval handler,
 * the daily reconciliation.
 */
export const financeModule: Module = {
  name: 'finance',
  async register(app, p) {
    // finance staff see every account on the finance calls, whatever their role's data scope
    app.addHook('preHandler', async (req) => {
      if (req.auth && req.url.startsWith('/v2/fc/')) req.auth = financeScope(req.auth);
    });
    registerFinanceHandlers(p);
    for (const b of [accounts, applications, entries]) await mountResource(app, p, b);
    await financeRoutes(app, p);
  },
  jobs: (p) => defineReconJob(p),
  schedule: async (p) => {
    await p.jobs.schedule(RECON_JOB, '40 0 * * *').catch((err) => {
      p.log.debug({ err }, 'finance reconciliation schedule not set (job queue not started in this process)');
    });
  },
  seed: (ctx) => seedFinance(ctx),
  ports: { accounts: accountsPort, ledger: ledgerPort },
};
