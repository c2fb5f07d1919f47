import { envelope, idempotenceKey, resourceNode, resourceQuery, userInfo } from '@portal/contracts';
import { STAFF_PICK_PATH, staffPick, staffPickQuery } from '@portal/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http/envelope.js';
import { localeOf } from '../http/locale.js';
import { issueKey } from '../idempotence/service.js';
import type { Platform } from '../platform.js';
import { buttonsOf, menuTreeOf, userInfoOf } from './resources.js';
import { pickStaff } from './staff-pick.js';

export async function accessRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/sys/staff/overseas';

  r.get(
    `${base}/getUserInfo`,
    {
      schema: { tags: ['access'], summary: 'Signed-in user', response: { 200: envelope(userInfo) } },
      config: { access: 'authenticated' },
    },
    async (req) => {
      const userId = req.auth!.userId;
      const locale = localeOf(req.headers);
      // every screen asks on start; the answer changes only with the user's access (access.changed)
      return ok(await p.access.memo(userId, `userInfo:${locale}`, () => userInfoOf(p.db, userId, locale)));
    },
  );

  r.get(
    `${base}/getResourceByMenu`,
    {
      schema: {
        tags: ['access'],
        summary: 'Menu tree of the user',
        querystring: resourceQuery,
        response: { 200: envelope(z.array(resourceNode)) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await menuTreeOf(p.db, req.auth!.userId)),
  );

  r.get(
    `${base}/getResourceByBtn`,
    {
      schema: {
        tags: ['access'],
        summary: 'Button resources of the user',
        querystring: resourceQuery,
        response: { 200: envelope(z.array(resourceNode)) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await buttonsOf(p.db, req.auth!.userId)),
  );

  r.get(
    '/v2/sys/staff/common/request/idempotence',
    {
      schema: {
        tags: ['access'],
        summary: 'A fresh submission id for check-repeat calls',
        response: { 200: envelope(idempotenceKey) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok({ key: await issueKey(p.db, req.auth!.userId) }),
  );

  r.get(
    STAFF_PICK_PATH,
    {
      schema: {
        tags: ['access'],
        summary: 'Active staff to pick within the data scope: name or job number, optionally holders of a key',
        querystring: staffPickQuery,
        response: { 200: envelope(z.array(staffPick)) },
      },
      config: { access: 'authenticated', audit: false },
    },
    async (req) => ok(await pickStaff(p.db, req.auth!, req.query, localeOf(req.headers))),
  );
}
