import multipart from '@fastify/multipart';
import { envelope } from '@portal/contracts';
import { IMPORT_MAX_ROWS, importCommitBody, importPreview } from '@portal/contracts/imports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filePart } from '../files/part.js';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import { localeOf } from '../http/locale.js';
import { sendXlsx } from '../http/xlsx-reply.js';
import type { Platform } from '../platform.js';
import { type ImportDef, importTemplate, readImport } from './define.js';

/** The largest upload an import reads. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

export interface ImportPaths<Target> {
  /** GET: the XLSX template */
  template: string;
  /** POST multipart `file`: the preview (good rows, bad rows with the reason) */
  preview: string;
  /** POST { rows }: saves the rows in one transaction (check-repeat) */
  commit: string;
  /** the commit path's parameters (e.g. the form the rows belong to), passed to `commit` */
  params?: z.ZodType<Target>;
  /** the commit's reply data */
  result?: z.ZodType;
  tags?: string[];
}

/**
 * Mounts an import's three routes in their own scope (multipart parsing registered there when the
 * caller's scope lacks it). Every route asks for the import's permission key.
 */
export async function mountImport<S extends z.ZodType, Target>(
  app: FastifyInstance,
  p: Platform,
  def: ImportDef<S, Target>,
  paths: ImportPaths<Target>,
) {
  await app.register(async (scope) => {
    if (!scope.hasRequestDecorator('file')) await scope.register(multipart, { throwFileSizeLimit: true });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const access = { perm: def.perm };
    const tags = paths.tags ?? ['import'];

    r.get(
      paths.template,
      { schema: { tags, summary: `The ${def.key} import template (XLSX)` }, config: { access } },
      async (_req, reply) =>
        sendXlsx(reply, `${def.key}.xlsx`, await importTemplate(def as ImportDef<z.ZodType, unknown>)),
    );

    r.post(
      paths.preview,
      {
        schema: {
          tags,
          summary: `Read an upload of ${def.key} (multipart field file): rows to save and rows with errors`,
          consumes: ['multipart/form-data'],
          response: { 200: envelope(importPreview(def.rowSchema)) },
        },
        config: { access, audit: false },
      },
      async (req) => {
        const buffer = await (await filePart(req, MAX_IMPORT_BYTES)).toBuffer();
        if (buffer.length > MAX_IMPORT_BYTES) throw new AppError('FILE_TOO_LARGE', { vars: { limit: '2 MB' } });
        return ok(await readImport(buffer, def as ImportDef<S, unknown>, localeOf(req.headers)));
      },
    );

    r.post(
      paths.commit,
      {
        schema: {
          tags,
          summary: `Save previewed ${def.key} rows, all or none`,
          params: paths.params,
          body: importCommitBody(def.rowSchema, def.maxRows ?? IMPORT_MAX_ROWS),
          response: { 200: envelope(paths.result ?? z.null()) },
        },
        config: { access, checkRepeat: true },
      },
      async (req) => {
        const rows = (req.body as { rows: z.infer<S>[] }).rows;
        if (def.unique) {
          const keys = rows.map((row) => (row as Record<string, unknown>)[def.unique!]);
          const repeated = keys.find((k, i) => keys.indexOf(k) !== i);
          if (repeated !== undefined) throw new AppError('DUPLICATE', { vars: { value: String(repeated) } });
        }
        const target = (req.params ?? {}) as Target;
        return ok((await p.db.transaction((tx) => def.commit(tx, req.auth!, rows, target))) ?? null);
      },
    );
  });
}
