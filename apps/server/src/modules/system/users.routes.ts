import {
  emptyData,
  envelope,
  Perm,
  pageResult,
  userCreateBody,
  userListQuery,
  userRow,
  userStatusBody,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportRoute } from '../../platform/exports/list-export.js';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { usersExport } from './users.export.js';
import { createUser, listUsers, setUserStatus } from './users.service.js';

export async function userRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v2/sys/staff/user/page',
    {
      schema: {
        tags: ['system'],
        summary: 'Staff users (paged, data scope applied)',
        body: userListQuery,
        response: { 200: envelope(pageResult(userRow)) },
      },
      config: { access: { perm: Perm.SYS_USER_LIST }, audit: false },
    },
    async (req) => ok(await listUsers(p.db, req.auth!, req.body)),
  );

  exportRoute(
    app,
    p,
    '/v2/sys/staff/user/export',
    usersExport,
    userListQuery,
    'Export staff users (same filters and data scope as the page): the file, or a download-center task',
  );

  r.post(
    '/v2/sys/staff/user/status',
    {
      schema: {
        tags: ['system'],
        summary: 'Enable or disable a staff user',
        body: userStatusBody,
        response: { 200: envelope(emptyData) },
      },
      config: { access: { perm: Perm.SYS_USER_EDIT }, checkRepeat: true },
    },
    async (req) => {
      await setUserStatus(p.authDeps, req.auth!, req.body.id, req.body.status);
      return ok(null);
    },
  );

  r.post(
    '/v2/sys/staff/user/save',
    {
      schema: {
        tags: ['system'],
        summary: 'Create a staff user',
        body: userCreateBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: { access: { perm: Perm.SYS_USER_EDIT }, checkRepeat: true },
    },
    async (req) => ok(await createUser(p.db, req.auth!, req.body)),
  );
}
