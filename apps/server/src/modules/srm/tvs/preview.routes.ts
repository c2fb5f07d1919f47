import { envelope } from '@portal/contracts';
import { SrmPerm, TVS_REWRITE_PREVIEW_PATH, tvsRewriteOutcome, tvsRewritePreview } from '@portal/contracts/srm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/envelope.js';
import type { Platform } from '../../../platform/platform.js';
import { partnerOf } from './partner.js';
import { rewriteContent } from './rewrites.js';

/** `tvs/content-rewrite`'s try-out: a sample text through the rules of a partner and country. */
export async function tvsPreviewRoutes(app: FastifyInstance, p: Platform) {
  app.withTypeProvider<ZodTypeProvider>().post(
    TVS_REWRITE_PREVIEW_PATH,
    {
      schema: {
        tags: ['srm'],
        summary: 'Content rewriting: what a text becomes through the rules of a partner and a country',
        body: tvsRewritePreview,
        response: { 200: envelope(tvsRewriteOutcome) },
      },
      config: { access: { perm: SrmPerm.TVS_REWRITES }, audit: false },
    },
    async (req) => {
      if (req.body.supplierId) await p.db.transaction((tx) => partnerOf(tx, req.body.supplierId!));
      return ok(await rewriteContent(p.db, req.body));
    },
  );
}
