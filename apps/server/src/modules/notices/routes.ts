import { emptyData, envelope, versionPopup, versionPopupRead } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { markVersionRead, versionPopupOf } from './service.js';

export async function noticeRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/sys/staff/version/popup',
    {
      schema: {
        tags: ['notices'],
        summary: 'Release notes to show on start',
        response: { 200: envelope(versionPopup) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await versionPopupOf(p.db, req.auth!.userId)),
  );

  r.post(
    '/v2/sys/staff/version/popup/read',
    {
      schema: {
        tags: ['notices'],
        summary: 'I have seen these release notes',
        body: versionPopupRead,
        response: { 200: envelope(emptyData) },
      },
      config: { access: 'authenticated', audit: false },
    },
    async (req) => {
      if (!(await markVersionRead(p.db, req.auth!.userId, req.body.id))) throw new AppError('NOT_FOUND');
      return ok(null);
    },
  );
}
