import type { Module } from '../../../platform/module.js';
import { mountResource } from '../../../platform/resource/index.js';
import { entityAccounts } from './accounts.js';
import { generateEntitySettlement } from './generate.js';
import { entitySettleRoutes } from './routes.js';
import { seedEntitySettlement } from './seed.js';
import { entityProofreadData, entityProofreadings, entityReports } from './settlements.js';
import { vosBalances } from './vos.js';

export const ENTITY_SETTLE_JOB = 'finance.entity-settle';

/** The month before the one of `now` (YYYY-MM). */
export const previousPeriod = (now: Date) => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
};

/**
 * Entity settlement and the VOS balance report (decision 0119): settlement accounts between our
 * contracting entities, the monthly report generated from traffic's rollups (a job on the 2nd, and
 * the report screen's generate action), both sides' proofreading, the lines behind it, and the voice
 * accounts' daily balances. After traffic and SRM: its seed reads their demo rows.
 */
export const financeEntityModule: Module = {
  name: 'finance-entity',
  async register(app, p) {
    for (const b of [entityAccounts, entityReports, entityProofreadings, entityProofreadData, vosBalances])
      await mountResource(app, p, b);
    await entitySettleRoutes(app, p);
  },
  jobs: (p) => {
    p.jobs.define(
      ENTITY_SETTLE_JOB,
      async () => void (await generateEntitySettlement(p.db, previousPeriod(p.clock.now()), p.clock.now())),
      { retryLimit: 2 },
    );
  },
  schedule: async (p) => {
    await p.jobs.schedule(ENTITY_SETTLE_JOB, '30 2 2 * *').catch((err) => {
      p.log.debug({ err }, 'finance entity settlement schedule not set (job queue not started in this process)');
    });
  },
  seed: (ctx) => seedEntitySettlement(ctx),
};
