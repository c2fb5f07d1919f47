import type { FastifyInstance } from 'fastify';
import type { Module } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { mountResource } from '../../platform/resource/index.js';
import { auditLogRoutes } from './audit-log.routes.js';
import { departmentRoutes } from './departments.routes.js';
import { menuRoutes } from './menu.routes.js';
import { pickerRoutes } from './pickers.routes.js';
import { referenceResources } from './reference/resources.js';
import { referenceRoutes } from './reference/routes.js';
import { seedReference } from './reference/seed.js';
import { roleRoutes } from './roles.routes.js';
import { users } from './users.js';

/** System settings room: staff users, roles, menus, departments, system log, reference data. */
export const systemModule: Module = {
  name: 'system',
  register: async (app: FastifyInstance, p: Platform) => {
    await mountResource(app, p, users);
    await menuRoutes(app, p);
    await roleRoutes(app, p);
    await departmentRoutes(app, p);
    await auditLogRoutes(app, p);
    await pickerRoutes(app, p);
    await referenceRoutes(app, p);
    for (const b of referenceResources) await mountResource(app, p, b);
  },
  seed: (ctx) => seedReference(ctx.db),
};
