import { envelope } from '@portal/contracts';
import {
  accountTrack,
  analysisQuery,
  CRM_ANALYSIS_PATHS,
  CRM_IMPORT_PATHS,
  CrmPerm,
  customerImportCommitBody,
  customerImportResult,
  customerImportRow,
  followUpImportCommitBody,
  followUpImportRow,
  importTemplateInfo,
  salesFunnel,
} from '@portal/contracts/crm';
import { importPreview } from '@portal/contracts/imports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filePart } from '../../platform/files/part.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { localeOf } from '../../platform/http/locale.js';
import { sendXlsx } from '../../platform/http/xlsx-reply.js';
import { type ImportDef, importTemplate, readImport } from '../../platform/imports/define.js';
import { MAX_IMPORT_BYTES } from '../../platform/imports/routes.js';
import type { Platform } from '../../platform/platform.js';
import { salesFunnel as funnelOf, accountTrack as trackOf } from './analysis.js';
import { followUpImport, saveFollowUpRows, screenFollowUps } from './follow-up-import.js';
import { customerImport, saveImportedRows, screenPreview } from './import.js';
import { templateInfo } from './templates.js';

const tags = ['crm'];

/**
 * Customer import (template, preview with the duplicate check per row, commit row by row), the
 * import templates list, and the analysis calls (sales funnel, account tracking).
 */
export async function crmDataRoutes(app: FastifyInstance, p: Platform) {
  await app.register(async (scope) => {
    if (!scope.hasRequestDecorator('file'))
      await scope.register((await import('@fastify/multipart')).default, { throwFileSizeLimit: true });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const importer = { access: { perm: CrmPerm.CUSTOMER_IMPORT } };

    r.get(
      CRM_IMPORT_PATHS.template,
      { schema: { tags, summary: 'The customer import template (XLSX)' }, config: importer },
      async (_req, reply) =>
        sendXlsx(
          reply,
          'customers.xlsx',
          await importTemplate(customerImport as unknown as ImportDef<z.ZodType, unknown>),
        ),
    );

    r.post(
      CRM_IMPORT_PATHS.preview,
      {
        schema: {
          tags,
          summary:
            'Read a customer upload (multipart field file): rows to save, and rows refused with the reason (format or duplicate)',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(importPreview(customerImportRow)) },
        },
        config: { ...importer, audit: false },
      },
      async (req) => {
        const buffer = await (await filePart(req, MAX_IMPORT_BYTES)).toBuffer();
        if (buffer.length > MAX_IMPORT_BYTES) throw new AppError('FILE_TOO_LARGE', { vars: { limit: '2 MB' } });
        const locale = localeOf(req.headers);
        const read = await readImport(
          buffer,
          customerImport as unknown as ImportDef<typeof customerImportRow, unknown>,
          locale,
        );
        const screened = await screenPreview(p.db, read.rows, locale);
        return ok({ rows: screened.rows, errors: [...read.errors, ...screened.errors].sort((a, b) => a.row - b.row) });
      },
    );

    r.post(
      CRM_IMPORT_PATHS.commit,
      {
        schema: {
          tags,
          summary: 'Save previewed customer rows one by one; each row answers saved or refused with the reason',
          body: customerImportCommitBody,
          response: { 200: envelope(customerImportResult) },
        },
        config: { ...importer, checkRepeat: true },
      },
      async (req) => {
        const rows = req.body.rows;
        const aliases = rows.map((row) => row.alias.toLowerCase());
        const repeated = aliases.find((a, i) => aliases.indexOf(a) !== i);
        if (repeated !== undefined) throw new AppError('DUPLICATE', { vars: { value: repeated } });
        return ok({ outcomes: await saveImportedRows(p, req.auth!, rows, localeOf(req.headers)) });
      },
    );

    r.get(
      CRM_IMPORT_PATHS.followUpTemplate,
      { schema: { tags, summary: 'The follow-up import template (XLSX)' }, config: importer },
      async (_req, reply) =>
        sendXlsx(
          reply,
          'follow-ups.xlsx',
          await importTemplate(followUpImport as unknown as ImportDef<z.ZodType, unknown>),
        ),
    );

    r.post(
      CRM_IMPORT_PATHS.followUpPreview,
      {
        schema: {
          tags,
          summary: 'Read a follow-up upload (multipart field file): rows to save, and rows refused with the reason',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(importPreview(followUpImportRow)) },
        },
        config: { ...importer, audit: false },
      },
      async (req) => {
        const buffer = await (await filePart(req, MAX_IMPORT_BYTES)).toBuffer();
        if (buffer.length > MAX_IMPORT_BYTES) throw new AppError('FILE_TOO_LARGE', { vars: { limit: '2 MB' } });
        const locale = localeOf(req.headers);
        const read = await readImport(
          buffer,
          followUpImport as unknown as ImportDef<typeof followUpImportRow, unknown>,
          locale,
        );
        const screened = await screenFollowUps(p.db, req.auth!, read.rows, locale);
        return ok({ rows: screened.rows, errors: [...read.errors, ...screened.errors].sort((a, b) => a.row - b.row) });
      },
    );

    r.post(
      CRM_IMPORT_PATHS.followUpCommit,
      {
        schema: {
          tags,
          summary: 'Record previewed follow-ups one by one; each row answers saved or refused with the reason',
          body: followUpImportCommitBody,
          response: { 200: envelope(customerImportResult) },
        },
        config: { ...importer, checkRepeat: true },
      },
      async (req) => ok({ outcomes: await saveFollowUpRows(p, req.auth!, req.body.rows, localeOf(req.headers)) }),
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    CRM_IMPORT_PATHS.templates,
    {
      schema: {
        tags,
        summary: 'The CRM import templates with their columns (/setModule/crm/rules/template)',
        response: { 200: envelope(z.array(importTemplateInfo)) },
      },
      config: { access: { perm: CrmPerm.TEMPLATES } },
    },
    async () => ok(templateInfo()),
  );

  r.post(
    CRM_ANALYSIS_PATHS.funnel,
    {
      schema: {
        tags,
        summary: 'Sales funnel: opportunities created in the period by stage and outcome, in my data scope',
        body: analysisQuery,
        response: { 200: envelope(salesFunnel) },
      },
      config: { access: { perm: CrmPerm.FUNNEL } },
    },
    async (req) => ok(await funnelOf(p.db, req.auth!, req.body)),
  );

  r.post(
    CRM_ANALYSIS_PATHS.track,
    {
      schema: {
        tags,
        summary: 'Account tracking: new customers and follow-up activity per sales in the period, in my data scope',
        body: analysisQuery,
        response: { 200: envelope(accountTrack) },
      },
      config: { access: { perm: CrmPerm.ACCOUNT_TRACK } },
    },
    async (req) => ok(await trackOf(p.db, req.auth!, req.body)),
  );
}
