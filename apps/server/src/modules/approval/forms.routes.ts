import multipart from '@fastify/multipart';
import {
  coerceInt32,
  emptyData,
  envelope,
  fieldQuery,
  fieldSaveBody,
  fileInfo,
  formField,
  formQuery,
  formRow,
  formSaveBody,
  option,
  Perm,
  pageResult,
} from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filesOf } from '../../platform/files/service.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { commandReply } from '../../platform/idempotence/service.js';
import { mountImport } from '../../platform/imports/routes.js';
import type { Platform } from '../../platform/platform.js';
import { fieldImport } from './field-import.js';
import { deleteField, deleteForm, formOptions, listFields, listForms, saveFields, saveForm } from './forms.service.js';

const P = '/v2/workflow/form';
const tags = ['workflow'];
const formword = { perm: Perm.PROCESS_FORMS } as const;
const idParam = z.object({ id: coerceInt32().positive() });
const TEMPLATE_PATH = `${P}/field/import/template`;
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
  await mountImport(app, p, fieldImport, {
    template: TEMPLATE_PATH,
    preview: `${P}/field/import/view`,
    commit: `${P}/field/import/:id`,
    params: idParam,
    result: z.array(formField),
    tags,
  });
  r.post(
    `${P}/file/upload`,
    {
      schema: {
        tags,
        summary: 'Upload an attachment for an application form (multipart field file)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(fileInfo) },
      },
      config: { access: { perm: Perm.APPROVAL_SPONSOR } },
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
