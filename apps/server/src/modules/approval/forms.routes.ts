import multipart from '@fastify/multipart';
import {
  coerceInt32,
  emptyData,
  envelope,
  fieldImportBody,
  fieldImportPreview,
  fieldQuery,
  fieldSaveBody,
  fileInfo,
  formField,
  formQuery,
  formRow,
  formSaveBody,
  option,
  pageResult,
} from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filesOf } from '../../platform/files/service.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { commandReply } from '../../platform/idempotence/service.js';
import type { Platform } from '../../platform/platform.js';
import { fieldTemplate, parseFieldTemplate } from './field-import.js';
import {
  deleteField,
  deleteForm,
  fieldsOf,
  formOptions,
  listFields,
  listForms,
  saveFields,
  saveForm,
} from './forms.service.js';

const P = '/v2/workflow/form';
const tags = ['workflow'];
const formword = { perm: 'setModule:process:formword' } as const;
const idParam = z.object({ id: coerceInt32().positive() });
const TEMPLATE_PATH = `${P}/field/import/template`;
const MAX_TEMPLATE_BYTES = 2 * 1024 * 1024;
const MAX_ATTACHMENT_BYTES = 50 * 1024 * 1024;

async function onePart(req: FastifyRequest, maxBytes: number) {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    throw err;
  }
  if (!part) throw new AppError('VALIDATION_FAILED', { data: [{ field: 'file', message: 'required' }] });
  return part;
}

/** Spec 7 "Form": forms, fields, the XLSX field import, and attachment upload for application forms. */
export async function formRoutes(app: FastifyInstance, p: Platform) {
  await app.register(multipart, { throwFileSizeLimit: true });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    `${P}/queryPage`,
    {
      schema: { tags, summary: 'Forms', body: formQuery, response: { 200: envelope(pageResult(formRow)) } },
      config: { access: formword, audit: false },
    },
    async (req) => ok(await listForms(p.db, req.body)),
  );
  r.post(
    `${P}/save`,
    {
      schema: {
        tags,
        summary: 'Create or rename a form',
        body: formSaveBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: { access: formword, checkRepeat: true },
    },
    async (req) => ok(await saveForm(p.db, req.body)),
  );
  r.get(
    `${P}/delete/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a form no process uses',
        params: idParam,
        response: { 200: envelope(emptyData) },
      },
      config: { access: formword, audit: true },
    },
    async (req) => {
      await deleteForm(p.db, req.params.id);
      return ok(null);
    },
  );
  r.post(
    `${P}/field/queryPage`,
    {
      schema: {
        tags,
        summary: "A form's fields",
        body: fieldQuery,
        response: { 200: envelope(pageResult(formField)) },
      },
      config: { access: formword, audit: false },
    },
    async (req) => ok(await listFields(p.db, req.body)),
  );
  r.post(
    `${P}/field/save`,
    {
      schema: {
        tags,
        summary: 'Add or change a field',
        body: fieldSaveBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: { access: formword, checkRepeat: true },
    },
    async (req) => {
      const { formId, ...field } = req.body;
      commandReply<number[]>(([first]) => ok({ id: first! }));
      const [id] = await saveFields(p.db, formId, [field]);
      return ok({ id: id! });
    },
  );
  r.get(
    `${P}/field/delete/:id`,
    {
      schema: { tags, summary: 'Delete a field', params: idParam, response: { 200: envelope(emptyData) } },
      config: { access: formword, audit: true },
    },
    async (req) => {
      await deleteField(p.db, req.params.id);
      return ok(null);
    },
  );
  r.get(
    `${P}/field/import/templateUrl`,
    {
      schema: {
        tags,
        summary: 'Where the field import template is',
        response: { 200: envelope(z.object({ url: z.string() })) },
      },
      config: { access: formword },
    },
    async () => ok({ url: TEMPLATE_PATH }),
  );
  r.get(
    TEMPLATE_PATH,
    { schema: { tags, summary: 'The field import template (XLSX)' }, config: { access: formword } },
    async (_req, reply) =>
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="form-fields.xlsx"')
        .send(await fieldTemplate()),
  );
  r.post(
    `${P}/field/import/view`,
    {
      schema: {
        tags,
        summary: 'Read an uploaded template (multipart field file): valid rows and errors',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(fieldImportPreview) },
      },
      config: { access: formword, audit: false },
    },
    async (req) => {
      const part = await onePart(req, MAX_TEMPLATE_BYTES);
      return ok(await parseFieldTemplate(await part.toBuffer()));
    },
  );
  r.post(
    `${P}/field/import/:id`,
    {
      schema: {
        tags,
        summary: 'Save the previewed rows as fields of the form',
        params: idParam,
        body: fieldImportBody,
        response: { 200: envelope(z.array(formField)) },
      },
      config: { access: formword, checkRepeat: true },
    },
    async (req) => {
      const existing = await fieldsOf(p.db, req.params.id);
      const byKey = new Map(existing.map((f) => [f.key, f.id]));
      commandReply(async (_ids, tx) => ok(await fieldsOf(tx, req.params.id)));
      await saveFields(
        p.db,
        req.params.id,
        req.body.rows.map((row) => ({ ...row, id: byKey.get(row.key) })),
      );
      return ok(await fieldsOf(p.db, req.params.id));
    },
  );
  r.post(
    `${P}/file/upload`,
    {
      schema: {
        tags,
        summary: 'Upload an attachment for an application form (multipart field file)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(fileInfo) },
      },
      config: { access: { perm: 'general:process:sponsor' } },
    },
    async (req) => {
      const part = await onePart(req, MAX_ATTACHMENT_BYTES);
      const files = await filesOf(p);
      return ok(
        await files.storeUpload(part.file, { name: part.filename, purpose: 'sys', ownerUserId: req.auth!.userId }),
      );
    },
  );

  r.get(
    `/v2/workflow/select/form`,
    {
      schema: { tags, summary: 'Form choices', response: { 200: envelope(z.array(option)) } },
      config: { access: 'authenticated' },
    },
    async () => ok(await formOptions(p.db)),
  );
}
