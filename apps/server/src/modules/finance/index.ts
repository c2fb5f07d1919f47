import type { Module } from '../../platform/module.js';
import { mountResource } from '../../platform/resource/index.js';
import { accounts, applications, entries } from './accounts.js';
import { registerFinanceHandlers } from './applications.js';
import { AUTO_MAIL_JOB, autoMailRoutes, defineAutoMailJob } from './auto-mail.js';
import { runBills } from './bills.js';
import { CREDIT_EXPIRY_JOB, defineCreditJobs } from './credit.js';
import { customerMailRoutes } from './customer-mail.js';
import { registerFinanceOptions } from './options.js';
import { BILL_JOB, OVERDUE_JOB, runOverdue, today } from './overdue.js';
import { accountsPort, ledgerPort } from './ports.js';
import { defineReconJob, RECON_JOB } from './recon.js';
import { financeRoutes } from './routes.js';
import { seedFinance } from './seed.js';
import { billCycles, bills, creditRules, creditWhitelist, financeNotify } from './settings.js';
import { defineSnapshotJob, SNAPSHOT_JOB, snapshots } from './snapshots.js';
import { runStatements, statementRoutes, statements } from './statements.js';

/**
 * Finance (decision 0041): consumer accounts opened by approval, the insert-only ledger whose
 * balances the database keeps and checks, money applications posted by their approval handler,
 * the daily reconciliation, the end-of-day account snapshots.
 */
export const financeModule: Module = {
  name: 'finance',
  async register(app, p) {
    registerFinanceHandlers(p);
    registerFinanceOptions(p);
    for (const b of [
      accounts,
      applications,
      entries,
      snapshots,
      bills,
      statements,
      creditRules,
      creditWhitelist,
      financeNotify,
      billCycles,
    ])
      await mountResource(app, p, b);
    await financeRoutes(app, p);
    await statementRoutes(app, p);
    await customerMailRoutes(app, p);
    await autoMailRoutes(app, p);
  },
  jobs: (p) => {
    defineReconJob(p);
    defineCreditJobs(p);
    defineSnapshotJob(p);
    defineAutoMailJob(p);
    // bills close at the app clock's day; the ladder runs after them (decision 0064)
    // the prepaid accounts' monthly statements with the bills (decision 0111)
    p.jobs.define(
      BILL_JOB,
      async () => {
        await runBills(p.db, today(p), p.clock.now());
        await runStatements(p.db, today(p), p.clock.now());
      },
      { retryLimit: 2 },
    );
    p.jobs.define(OVERDUE_JOB, async () => void (await runOverdue(p, today(p))), { retryLimit: 2 });
  },
  schedule: async (p) => {
    for (const [job, cron] of [
      [RECON_JOB, '40 0 * * *'],
      [CREDIT_EXPIRY_JOB, '5 0 * * *'],
      [SNAPSHOT_JOB, '10 0 * * *'],
      [BILL_JOB, '20 0 * * *'],
      [OVERDUE_JOB, '0 1 * * *'],
      // after the bill run: the flagged accounts' new bills and statements mailed (decision 0142)
      [AUTO_MAIL_JOB, '30 1 * * *'],
    ] as const)
      await p.jobs.schedule(job, cron).catch((err) => {
        p.log.debug({ err, job }, 'finance schedule not set (job queue not started in this process)');
      });
  },
  seed: (ctx) => seedFinance(ctx),
  ports: { accounts: accountsPort, ledger: ledgerPort },
};
