import type { Module } from '../../../platform/module.js';
import { mountResource } from '../../../platform/resource/index.js';
import { workspaceKeys, workspaces } from './resources.js';
import { workspaceRoutes } from './routes.js';
import { seedWorkspaces } from './seed.js';

export { verifyWorkspaceKey } from './keys.js';

/**
 * Customer workspaces and their API keys (decision 0116): workspaces billed to consumer accounts, keys
 * shown once and kept hashed, rotated with a grace period, revoked, limited to IP allow-lists, and the
 * messaging platform's key check. A room after finance's accounts (its seed reads them).
 */
export const financeWorkspaceModule: Module = {
  name: 'finance-workspaces',
  async register(app, p) {
    await mountResource(app, p, workspaces);
    await mountResource(app, p, workspaceKeys);
    await workspaceRoutes(app, p);
  },
  seed: (ctx) => seedWorkspaces(ctx),
};
