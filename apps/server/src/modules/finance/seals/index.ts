import type { Module } from '../../../platform/module.js';
import { mountResource } from '../../../platform/resource/index.js';
import { registerSealHandler } from './apply.js';
import { contractArchives, sealApplications, seals } from './resources.js';
import { sealRoutes } from './routes.js';
import { seedSeals } from './seed.js';

/**
 * Contract archive and seals (decision 0117): the seals and their keepers, applications to seal a
 * contract through the approval engine, and the archive of sealed contracts with the return of
 * their originals. A room after CRM, SRM and the approval engine (its seed reads their people).
 */
export const financeSealModule: Module = {
  name: 'finance-seals',
  async register(app, p) {
    registerSealHandler(p);
    await mountResource(app, p, seals);
    await mountResource(app, p, sealApplications);
    await mountResource(app, p, contractArchives);
    await sealRoutes(app, p);
  },
  seed: (ctx) => seedSeals(ctx),
};
