import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { type Envelope, type ExportAccepted, type ExportFormat, exportOptions } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { MIME_OF } from '../files/magic.js';
import { contentDisposition } from '../files/names.js';
import { filesOf } from '../files/service.js';
import { ok } from '../http/envelope.js';
import { localeOf } from '../http/locale.js';
import { exportFileName } from './file-name.js';
import { writeExportFile } from './run.js';
import type { ExportSource } from './source.js';
import { createExportTask, type ExportPlatform } from './tasks.js';

/**
 * THE export of a list: the same query (filters) and data scope as the list. A small result is
 * answered as the file itself (the generic blob export); a larger one becomes a download-center
 * task and the answer says so (syncFlag true, taskId, totalNum).
 */
export async function exportList<Q>(
  p: ExportPlatform,
  req: FastifyRequest,
  reply: FastifyReply,
  source: ExportSource<Q>,
  query: Q,
  format: ExportFormat,
): Promise<Envelope<ExportAccepted> | FastifyReply> {
  const auth = req.auth!;
  const locale = localeOf(req.headers);
  const files = await filesOf(p);
  const at = p.clock.now();
  const total = await source.count(p.db, auth, query, at);
  const name = exportFileName(source.title[locale], format);
  if (total > files.settings.exportSyncMaxRows) {
    const task = await createExportTask(p, {
      userId: auth.userId,
      sourceKey: source.key,
      query,
      format,
      locale,
      totalNum: total,
      name,
    });
    return ok({ syncFlag: true, taskId: task.id, totalNum: total, fileId: null, fileUrl: null });
  }
  const staged = await writeExportFile(
    { source: source as ExportSource<unknown>, query, auth, format, locale, tmpDir: files.settings.tmpDir, at },
    p.database,
  );
  return sendExportFile(reply, staged, name, format);
}

/** Answers a staged export file as the download itself and removes it once sent. */
export async function sendExportFile(
  reply: FastifyReply,
  staged: { path: string; rows: number },
  name: string,
  format: ExportFormat,
): Promise<FastifyReply> {
  const { size } = await fsp.stat(staged.path);
  const body = fs.createReadStream(staged.path);
  body.once('close', () => void fsp.rm(staged.path, { force: true }));
  return reply
    .header('content-type', MIME_OF[format] ?? 'application/octet-stream')
    .header('content-length', String(size))
    .header('content-disposition', contentDisposition(name))
    .header('x-export-rows', String(staged.rows))
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * Registers `POST <url>`: the list's query plus `format`, guarded by the list's permission key
 * (or open to any signed-in user for a source of the caller's own records).
 * Answers the file (small) or the envelope of an accepted task (large).
 */
export function exportRoute<Q extends object>(
  app: FastifyInstance,
  p: ExportPlatform,
  url: string,
  source: ExportSource<Q>,
  querySchema: z.ZodObject,
  summary: string,
) {
  const body = querySchema.extend(exportOptions.shape);
  app.withTypeProvider<ZodTypeProvider>().post(
    url,
    {
      schema: {
        tags: ['exports'],
        summary,
        body,
        produces: ['application/json', MIME_OF.xlsx!, MIME_OF.csv!],
      },
      config: { access: source.perm ? { perm: source.perm } : 'authenticated', audit: false },
    },
    async (req, reply) => {
      const { format, ...query } = req.body as { format: ExportFormat } & Record<string, unknown>;
      return exportList(p, req, reply, source, source.query.parse(query), format);
    },
  );
}
