import { envelope } from '@portal/contracts';
import {
  ENTITY_SETTLE_GENERATE_PATH,
  EntitySettlePerm,
  entitySettleGenerate,
  entitySettleGenerated,
} from '@portal/contracts/finance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/envelope.js';
import type { Platform } from '../../../platform/platform.js';
import { generateEntitySettlement } from './generate.js';

/** Generate (or rebuild) one ended month's entity settlement from the traffic rollups (decision 0119). */
export async function entitySettleRoutes(app: FastifyInstance, p: Platform) {
  app.withTypeProvider<ZodTypeProvider>().post(
    ENTITY_SETTLE_GENERATE_PATH,
    {
      schema: {
        tags: ['finance'],
        summary:
          'Generate one month of the entity settlement from the traffic rollups; idempotent, confirmed rows are kept',
        body: entitySettleGenerate,
        response: { 200: envelope(entitySettleGenerated) },
      },
      config: { access: { perm: EntitySettlePerm.GENERATE } },
    },
    async (req) => ok(await generateEntitySettlement(p.db, req.body.period, p.clock.now())),
  );
}
