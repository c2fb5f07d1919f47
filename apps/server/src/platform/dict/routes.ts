import { envelope } from '@portal/contracts';
import {
  dictExportQuery,
  dictItems,
  dictItemsQuery,
  dictPage,
  dictPageQuery,
  dictPermOf,
  dictRead,
  dictReadQuery,
  dictSaveBody,
} from '@portal/contracts/dict';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportRoute } from '../exports/list-export.js';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import type { Platform } from '../platform.js';
import { dictItemsExport } from './export.js';
import { dictWithItems, moduleOf, pageDictTypes, saveDict } from './service.js';

const tags = ['dict'];

/** The caller manages this module's dictionaries (holds its settings screen's key). */
function assertManages(req: FastifyRequest, module: Parameters<typeof dictPermOf>[0]) {
  if (!req.auth?.perms.has(dictPermOf(module))) throw new AppError('NO_PERMISSION');
}

/** Spec 7 `sysDict` page and save, the settings screen's item list, and the read call every screen uses. */
export async function dictRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/sys/staff/sysDict';

  r.post(
    `${base}/page`,
    {
      schema: { tags, summary: "A module's dictionaries", body: dictPageQuery, response: { 200: envelope(dictPage) } },
      config: { access: 'authenticated' },
    },
    async (req) => {
      assertManages(req, req.body.module);
      return ok(await pageDictTypes(p.db, req.body));
    },
  );

  r.get(
    `${base}/items`,
    {
      schema: {
        tags,
        summary: 'A dictionary with all its items (disabled too), for its settings screen',
        querystring: dictItemsQuery,
        response: { 200: envelope(dictItems) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => {
      assertManages(req, moduleOf(req.query.code));
      return ok(await dictWithItems(p.db, req.query.code));
    },
  );

  r.post(
    `${base}/save`,
    {
      schema: {
        tags,
        summary: "Save a dictionary's names and item list (left-out values are disabled, never removed)",
        body: dictSaveBody,
        response: { 200: envelope(z.null()) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => {
      assertManages(req, moduleOf(req.body.code));
      // the dictionary's history on its screen is the system log of its saves
      req.auditRecord = `dict:${req.body.code}`;
      await saveDict(p.db, p.bus, req.body);
      return ok(null);
    },
  );

  exportRoute(
    app,
    p,
    `${base}/export`,
    dictItemsExport,
    dictExportQuery,
    "Export a module's dictionaries (those the keyword finds) with every item",
  );

  r.get(
    `${base}/read`,
    {
      schema: {
        tags,
        summary: 'Items of several dictionaries for display and pickers (cached per process)',
        querystring: dictReadQuery,
        response: { 200: envelope(dictRead) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await p.dicts.read(req.query.codes)),
  );
}
