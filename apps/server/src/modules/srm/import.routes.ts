import { envelope } from '@portal/contracts';
import { importPreview } from '@portal/contracts/imports';
import {
  SRM_IMPORT_PATHS,
  SrmPerm,
  supplierImportCommitBody,
  supplierImportResult,
  supplierImportRow,
} from '@portal/contracts/srm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { filePart } from '../../platform/files/part.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { localeOf } from '../../platform/http/locale.js';
import { sendXlsx } from '../../platform/http/xlsx-reply.js';
import { type ImportDef, importTemplate, readImport } from '../../platform/imports/define.js';
import { MAX_IMPORT_BYTES } from '../../platform/imports/routes.js';
import type { Platform } from '../../platform/platform.js';
import { saveImportedSuppliers, screenSupplierPreview, supplierImport } from './import.js';

const tags = ['srm'];

/** Supplier import: the XLSX template, the preview (format and duplicate check), the commit row by row. */
export async function srmImportRoutes(app: FastifyInstance, p: Platform) {
  await app.register(async (scope) => {
    if (!scope.hasRequestDecorator('file'))
      await scope.register((await import('@fastify/multipart')).default, { throwFileSizeLimit: true });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const importer = { access: { perm: SrmPerm.SUPPLIER_IMPORT } };
    const def = supplierImport as unknown as ImportDef<typeof supplierImportRow, unknown>;

    r.get(
      SRM_IMPORT_PATHS.template,
      { schema: { tags, summary: 'The supplier import template (XLSX)' }, config: importer },
      async (_req, reply) =>
        sendXlsx(
          reply,
          'suppliers.xlsx',
          await importTemplate(supplierImport as unknown as ImportDef<z.ZodType, unknown>),
        ),
    );

    r.post(
      SRM_IMPORT_PATHS.preview,
      {
        schema: {
          tags,
          summary: 'Read a supplier upload (multipart field file): rows to save, and rows refused with the reason',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(importPreview(supplierImportRow)) },
        },
        config: { ...importer, audit: false },
      },
      async (req) => {
        const buffer = await (await filePart(req, MAX_IMPORT_BYTES)).toBuffer();
        if (buffer.length > MAX_IMPORT_BYTES) throw new AppError('FILE_TOO_LARGE', { vars: { limit: '2 MB' } });
        const locale = localeOf(req.headers);
        const read = await readImport(buffer, def, locale);
        const screened = await screenSupplierPreview(p.db, read.rows, locale);
        return ok({ rows: screened.rows, errors: [...read.errors, ...screened.errors].sort((a, b) => a.row - b.row) });
      },
    );

    r.post(
      SRM_IMPORT_PATHS.commit,
      {
        schema: {
          tags,
          summary: 'Save previewed supplier rows one by one; each row answers saved or refused with the reason',
          body: supplierImportCommitBody,
          response: { 200: envelope(supplierImportResult) },
        },
        config: { ...importer, checkRepeat: true },
      },
      async (req) => {
        const aliases = req.body.rows.map((row) => row.alias.toLowerCase());
        const repeated = aliases.find((a, i) => aliases.indexOf(a) !== i);
        if (repeated !== undefined) throw new AppError('DUPLICATE', { vars: { value: repeated } });
        return ok({ outcomes: await saveImportedSuppliers(p, req.auth!, req.body.rows, localeOf(req.headers)) });
      },
    );
  });
}
