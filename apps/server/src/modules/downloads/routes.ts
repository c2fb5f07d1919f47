import { downloadUrl, envelope, exportTaskId, exportTaskResource, exportTaskRow, pageResult } from '@portal/contracts';
import { resourceSchemas } from '@portal/contracts/resource';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeTaskCount,
  deleteExportTask,
  exportTaskDetail,
  exportTaskUrl,
  retryExportTask,
} from '../../platform/exports/tasks.js';
import { ok } from '../../platform/http/envelope.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import { resourcePage } from '../../platform/resource/index.js';
import { exportTaskList } from './list.js';

const BASE = '/v2/download/downloadCenter/api/task';

/** The download center (/general/download, a personal page): the caller's own export tasks. */
export async function downloadRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const s = resourceSchemas(exportTaskResource);
  r.post(
    `${BASE}/page`,
    {
      schema: {
        tags: ['downloads'],
        summary: 'My export tasks, newest first; `active` counts queued and running ones',
        body: s.listQuery,
        response: { 200: envelope(pageResult(s.row).extend({ active: z.number().int() })) },
      },
      config: { access: 'authenticated', audit: false },
    },
    async (req) => {
      const [page, active] = await Promise.all([
        resourcePage(exportTaskList, p, req.auth!, req.body, localeOf(req.headers)),
        activeTaskCount(p, req.auth!.userId),
      ]);
      return ok({ ...page, active });
    },
  );

  r.get(
    `${BASE}/:id`,
    {
      schema: {
        tags: ['downloads'],
        summary: 'One of my export tasks',
        params: exportTaskId,
        response: { 200: envelope(exportTaskRow) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await exportTaskDetail(p, req.auth!.userId, req.params.id)),
  );

  r.get(
    `${BASE}/:id/url`,
    {
      schema: {
        tags: ['downloads'],
        summary: 'A short-lived signed URL of a finished export file',
        params: exportTaskId,
        response: { 200: envelope(downloadUrl) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok({ url: await exportTaskUrl(p, req.auth!.userId, req.params.id) }),
  );

  r.post(
    `${BASE}/delete`,
    {
      schema: {
        tags: ['downloads'],
        summary: 'Delete one of my export tasks and its file',
        body: exportTaskId,
        response: { 200: envelope(z.null()) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => {
      await deleteExportTask(p, req.auth!.userId, req.body.id);
      return ok(null);
    },
  );

  r.post(
    `${BASE}/retry`,
    {
      schema: {
        tags: ['downloads'],
        summary: 'Run a failed or expired export again',
        body: exportTaskId,
        response: { 200: envelope(exportTaskRow) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await retryExportTask(p, req.auth!.userId, req.body.id)),
  );
}
