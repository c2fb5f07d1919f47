import { CrmPerm } from '@portal/contracts/crm';
import type { Module } from '../../platform/module.js';
import { partiesPort } from '../../platform/parties.js';
import { mountResource } from '../../platform/resource/index.js';
import { agentsPort } from './agents.js';
import { applications, registerApplicationHandlers } from './applications.js';
import { CHURN_JOB, runChurnJob } from './churn/job.js';
import { contacts } from './contacts.js';
import { registerCrmCounterparts } from './counterparts.js';
import { customers } from './customers.js';
import { crmDataRoutes } from './data-routes.js';
import { subscribeDeals } from './deal.js';
import { flowRoutes } from './flows.routes.js';
import { opportunities } from './opportunities.js';
import { registerCrmOptions } from './options.js';
import { definePoolJob, mountPool, POOL_RETURN_JOB } from './pool/index.js';
import { seedPoolRules } from './pool/seed.js';
import { promotionRoutes } from './promotion/routes.js';
import { seedPromotion } from './promotion/seed.js';
import { signUps } from './promotion/signups.js';
import { defineCrmJobs, REMIND_JOB } from './reminders.js';
import { crmRoutes } from './routes.js';
import { crmCustomers } from './schema.js';
import { seedCrm } from './seed.js';
import { seedFlows } from './seed-flows.js';
import { stateDetailRoutes } from './state-details.js';
import { customerStatistics } from './statistics.js';
import { subscribeTouches } from './touch.js';

export {
  type CustomerLookup,
  type CustomerProfile,
  canOpenCustomer,
  customerProfile,
  customersReturningSoon,
  openableCustomer,
} from './assistant.js';
export { customerFacts, customerIdsOfAgent, customerIdsOfType, customerRef, customerRefs } from './customer-refs.js';
export { CUSTOMER_DEALT, markCustomerDealt } from './deal.js';
export { type PromoterSignUps, promoterSignUps } from './promotion/performance.js';
export { CUSTOMER_TOUCHED } from './touch.js';

/** CRM: customers, contacts, follow-ups (record history), opportunities, the duplicate check. */
export const crmModule: Module = {
  name: 'crm',
  ports: {
    customers: (db) =>
      partiesPort(db, crmCustomers, {
        id: crmCustomers.id,
        code: crmCustomers.code,
        name: crmCustomers.name,
        country: crmCustomers.country,
        ownerId: crmCustomers.ownerId,
      }),
    agents: agentsPort,
  },
  async register(app, p) {
    p.summary.register('crm', async (auth) => {
      if (!auth.perms.has(CrmPerm.CUSTOMERS)) return {} as Record<string, number>;
      const s = await customerStatistics(p.db, p.clock, auth);
      return { myCustomer: s.myCustomer, todayCustomer: s.todayCustomer, followUpDue: s.contactDueToday };
    });
    subscribeDeals(p);
    subscribeTouches(p);
    registerCrmCounterparts(p);
    registerCrmOptions(p);
    for (const b of [customers, contacts, opportunities, applications, signUps]) await mountResource(app, p, b);
    registerApplicationHandlers(p.clock);
    await crmRoutes(app, p);
    await flowRoutes(app, p);
    await crmDataRoutes(app, p);
    await promotionRoutes(app, p);
    await stateDetailRoutes(app, p);
    await mountPool(app, p);
  },
  jobs: (p) => {
    defineCrmJobs(p);
    definePoolJob(p);
    p.jobs.define(
      CHURN_JOB,
      async () => {
        const flagged = await runChurnJob(p);
        if (flagged.length) p.log.info({ flagged: flagged.length }, 'crm churn job');
      },
      { retryLimit: 2 },
    );
  },
  schedule: async (p) => {
    await p.jobs.schedule(REMIND_JOB, '*/5 * * * *').catch((err) => {
      p.log.debug({ err }, 'crm reminder schedule not set (job queue not started in this process)');
    });
    await p.jobs.schedule(POOL_RETURN_JOB, '23 * * * *').catch((err) => {
      p.log.debug({ err }, 'crm open-sea schedule not set (job queue not started in this process)');
    });
    // after the traffic room's daily consumption (00:37) has closed yesterday's figures
    await p.jobs.schedule(CHURN_JOB, '53 1 * * *').catch((err) => {
      p.log.debug({ err }, 'crm churn schedule not set (job queue not started in this process)');
    });
  },
  seed: async (ctx) => {
    await seedPoolRules(ctx);
    await seedCrm(ctx);
    await seedFlows(ctx);
    await seedPromotion(ctx);
  },
};
