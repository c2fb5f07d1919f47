import { envelope, instanceRow, myPageQuery, mySummary, pageResult } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { appliedPage, copiedPage, handledPage, mySummary as summaryOf, todoPage } from './queries.js';

const P = '/v2/workflow/my';
const tags = ['workflow'];

/** Spec 7 "My": the summary and the four personal lists, paged and filtered on the server. */
export async function myRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pageOf = envelope(pageResult(instanceRow));

  r.post(
    `${P}/summary`,
    {
      schema: { tags, summary: 'My approval figures', response: { 200: envelope(mySummary) } },
      config: { access: 'authenticated', audit: false },
    },
    async (req) => ok(await summaryOf(p.db, req.auth!.userId)),
  );
  const lists = [
    ['toDoPage', 'My to-dos', 'general:my-agent', todoPage],
    ['applyPage', 'My requests', 'general:my-initiate', appliedPage],
    ['handlePage', 'Handled by me', 'general:my-handle', handledPage],
    ['ccMePage', 'Copied to me', 'general:my-deliver', copiedPage],
  ] as const;
  for (const [path, summary, perm, list] of lists) {
    r.post(
      `${P}/${path}`,
      {
        schema: { tags, summary, body: myPageQuery, response: { 200: pageOf } },
        config: { access: { perm }, audit: false },
      },
      async (req) => ok(await list(p.db, req.auth!.userId, req.body)),
    );
  }
}
