import { envelope } from '@portal/contracts';
import { prefDeleteBody, prefGetQuery, prefSaveBody, prefValues } from '@portal/contracts/prefs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http/envelope.js';
import type { Platform } from '../platform.js';
import { deletePref, readPrefs, savePref } from './service.js';

const tags = ['prefs'];

/** The signed-in user's own preferences (list columns, density, saved filters); no one reads another's. */
export async function prefRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/sys/staff/pref';
  const access = 'authenticated' as const;

  r.get(
    `${base}/get`,
    {
      schema: {
        tags,
        summary: 'My preferences of one scope',
        querystring: prefGetQuery,
        response: { 200: envelope(prefValues) },
      },
      config: { access, audit: false },
    },
    async (req) => ok(await readPrefs(p.db, req.auth!.userId, req.query.scope)),
  );

  r.post(
    `${base}/save`,
    {
      schema: {
        tags,
        summary: 'Save one of my preferences',
        body: prefSaveBody,
        response: { 200: envelope(z.null()) },
      },
      config: { access, audit: false },
    },
    async (req) => {
      await savePref(p.db, req.auth!.userId, req.body);
      // the guard keeps the saved language with the user's access: read it again next request
      if (req.body.key === 'ui.locale') p.access.drop(req.auth!.userId);
      return ok(null);
    },
  );

  r.post(
    `${base}/delete`,
    {
      schema: {
        tags,
        summary: 'Drop one of my preferences (back to the default)',
        body: prefDeleteBody,
        response: { 200: envelope(z.null()) },
      },
      config: { access, audit: false },
    },
    async (req) => {
      await deletePref(p.db, req.auth!.userId, req.body.scope, req.body.key);
      if (req.body.key === 'ui.locale') p.access.drop(req.auth!.userId);
      return ok(null);
    },
  );
}
