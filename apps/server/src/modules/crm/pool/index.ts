import type { FastifyInstance } from 'fastify';
import { mountOwnership } from '../../../platform/ownership/index.js';
import type { Platform } from '../../../platform/platform.js';
import { mountResource } from '../../../platform/resource/index.js';
import { POOL_RETURN_JOB, runPoolJob } from './job.js';
import { customerOwners } from './ownership.js';
import { poolLoginPrompt } from './prompt.js';
import { ruleResources } from './rules.js';

export { POOL_RETURN_JOB } from './job.js';

/** The open sea: ownership routes of customers, the rule settings, the sign-in prompt (decision 0033). */
export async function mountPool(app: FastifyInstance, p: Platform) {
  await mountOwnership(app, p, customerOwners);
  for (const b of ruleResources) await mountResource(app, p, b);
  p.loginPrompts.register('crm.pool', (auth, locale) => poolLoginPrompt(p, auth, locale));
}

export function definePoolJob(p: Platform) {
  p.jobs.define(
    POOL_RETURN_JOB,
    async () => {
      const done = await runPoolJob(p);
      if (done.noticed || done.returned) p.log.info(done, 'crm open-sea job');
    },
    { retryLimit: 2 },
  );
}
