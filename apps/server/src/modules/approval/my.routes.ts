import { envelope, instanceRow, myPageQuery, mySummary, Perm, pageResult } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import { localeOf } from '../../platform/http/locale.js';
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
    ['toDoPage', 'My to-dos', Perm.APPROVAL_TODO, todoPage],
    ['applyPage', 'My requests', Perm.APPROVAL_MINE, appliedPage],
    ['handlePage', 'Handled by me', Perm.APPROVAL_HANDLED, handledPage],
    ['ccMePage', 'Copied to me', Perm.APPROVAL_COPIED, copiedPage],
  ] as const;
  for (const [path, summary, perm, list] of lists) {
    r.post(
      `${P}/${path}`,
      {
        schema: { tags, summary, body: myPageQuery, response: { 200: pageOf } },
        config: { access: { perm }, audit: false },
      },
      async (req) => ok(await list(p.db, req.auth!.userId, req.body, localeOf(req.headers))),
    );
  }
}
