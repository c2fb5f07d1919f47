import { envelope, idempotenceKey, resourceNode, resourceQuery, userInfo } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http/envelope.js';
import { issueKey } from '../idempotence/service.js';
import type { Platform } from '../platform.js';
import { buttonsOf, menuTreeOf, userInfoOf } from './resources.js';

export async function accessRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/sys/staff/overseas';

  r.get(
    `${base}/getUserInfo`,
    {
      schema: { tags: ['access'], summary: 'Signed-in user', response: { 200: envelope(userInfo) } },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await userInfoOf(p.db, req.auth!.userId)),
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
}
