import type { Module } from '../../platform/module.js';
import { formRoutes } from './forms.routes.js';
import { myRoutes } from './my.routes.js';
import { operateRoutes } from './operate.routes.js';
import { processRoutes } from './process.routes.js';
import { mySummary } from './queries.js';
import { roleRoutes } from './roles.routes.js';
import { seedApprovalDemo } from './seed.js';
import { defineApprovalJobs, REMIND_JOB } from './timeouts.js';
import { defineApprovalWebhookJob } from './webhook.js';

export {
  type BusinessForm,
  type BusinessFormField,
  type BusinessProcess,
  type BusinessProcessSpec,
  copyToAdminNode,
  deptLeaderNode,
  ensureBusinessProcess,
  ensureBusinessProcesses,
  pendingTasksOf,
  processIdOf,
  processNode,
  processOfService,
} from './business.js';
export { agree, reject, type StartInput, startInstance, withdraw } from './engine.js';
export type { Outbox } from './engine-core.js';
export { type ApprovalHandler, type ApprovalOutcome, registerApprovalHandler } from './handlers.js';
export { approvalTrail, todoPage } from './queries.js';
export { runCommand } from './run.js';

/**
 * General approval: forms, workflow roles, versioned processes and the engine that runs requests
 * through them. Businesses start requests with `runCommand(p, (tx, out) => startInstance(tx, …, out))`
 * and react to outcomes with `registerApprovalHandler(serviceName, …)`.
 */
export const approvalModule: Module = {
  name: 'approval',
  async register(app, p) {
    p.summary.register('approval', async (auth) => mySummary(p.db, auth.userId));
    await formRoutes(app, p);
    await roleRoutes(app, p);
    await processRoutes(app, p);
    await operateRoutes(app, p);
    await myRoutes(app, p);
  },
  schedule: (p) => p.jobs.schedule(REMIND_JOB, '* * * * *'),
  seed: (ctx) => seedApprovalDemo(ctx.db),
  jobs: (p) => {
    defineApprovalJobs(p);
    defineApprovalWebhookJob(p);
  },
};
