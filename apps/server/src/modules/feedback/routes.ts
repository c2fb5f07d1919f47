import { commitScoreBody, emptyData, envelope, needScore, needScoreQuery } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { commitScore, needScoreOf } from './scores.service.js';

export async function feedbackRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/sys/staff/feedback/needScore',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Should this menu item ask me for a rating?',
        querystring: needScoreQuery,
        response: { 200: envelope(needScore) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await needScoreOf(p.db, req.auth!.userId, req.query.resourceId)),
  );

  r.post(
    '/v2/sys/staff/feedback/commitScore',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Rate a menu item',
        body: commitScoreBody,
        response: { 200: envelope(emptyData) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => {
      await commitScore(p.db, req.auth!.userId, req.body);
      return ok(null);
    },
  );
}
