import multipart from '@fastify/multipart';
import {
  envelope,
  FILE_PURPOSES,
  type FilePurpose,
  fileInfo,
  SEGMENT_MAX_BYTES,
  segmentCompleteBody,
  segmentFields,
  segmentInitBody,
  segmentSession,
  segmentStatusQuery,
  text,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import type { Platform } from '../platform.js';
import { contentDisposition } from './names.js';
import { filePart } from './part.js';
import { SegmentUploads } from './segments.js';
import { filesOf } from './service.js';

const fieldValues = (fields: Record<string, unknown>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) {
    const value = (v as { type?: string; value?: unknown } | undefined)?.value;
    if ((v as { type?: string })?.type === 'field' && typeof value === 'string') out[k] = value;
  }
  return out;
};

/**
 * Upload routes (spec 7: download-center upload and segment upload, mail attachment with a
 * presigned URL, the system file upload) and the signed download route. Mounted by the
 * downloads room inside its own scope, so multipart parsing is registered only here.
 */
export async function fileRoutes(app: FastifyInstance, p: Platform) {
  await app.register(multipart, { throwFileSizeLimit: true });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const files = await filesOf(p);
  const segments = new SegmentUploads(files);

  const simpleUpload = (url: string, purpose: FilePurpose, summary: string) =>
    r.post(
      url,
      {
        schema: { tags: ['files'], summary, consumes: ['multipart/form-data'], response: { 200: envelope(fileInfo) } },
        config: { access: 'authenticated' },
      },
      async (req) => {
        const part = await filePart(req, FILE_PURPOSES[purpose].maxBytes);
        return ok(await files.storeUpload(part.file, { name: part.filename, purpose, ownerUserId: req.auth!.userId }));
      },
    );

  simpleUpload('/v2/download/downloadCenter/api/upload', 'downloadCenter', 'Upload a file (multipart field file)');
  simpleUpload(
    '/v2/emailbox/file/uploadFileAndGetPresignedUrl',
    'emailAttachment',
    'Upload a mail attachment; answers a presigned download URL',
  );
  simpleUpload('/v2/sys/staff/file/upload', 'sys', 'System file upload (attachments of records)');

  r.post(
    '/v2/download/downloadCenter/api/segmentUpload/init',
    {
      schema: {
        tags: ['files'],
        summary: 'Start a resumable upload: whole size, segment size, SHA-256',
        body: segmentInitBody,
        response: { 200: envelope(segmentSession) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await segments.init(req.auth!.userId, req.body)),
  );

  r.get(
    '/v2/download/downloadCenter/api/segmentUpload/status',
    {
      schema: {
        tags: ['files'],
        summary: 'Segments received so far (resume sends the others)',
        querystring: segmentStatusQuery,
        response: { 200: envelope(segmentSession) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await segments.status(req.auth!.userId, req.query.uploadId)),
  );

  r.post(
    '/v2/download/downloadCenter/api/segmentUpload',
    {
      schema: {
        tags: ['files'],
        summary: 'One segment: fields uploadId, index, checksum (SHA-256) before the part `file` (or in the query)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(segmentSession) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => {
      const part = await filePart(req, SEGMENT_MAX_BYTES);
      const parsed = segmentFields.safeParse({ ...(req.query as object), ...fieldValues(part.fields) });
      if (!parsed.success) {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', {
          data: parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
        });
      }
      return ok(await segments.putSegment(req.auth!.userId, parsed.data, part.file));
    },
  );

  r.post(
    '/v2/download/downloadCenter/api/segmentUpload/complete',
    {
      schema: {
        tags: ['files'],
        summary: 'Assemble, verify (SHA-256, type) and store a resumable upload',
        body: segmentCompleteBody,
        response: { 200: envelope(fileInfo) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await segments.complete(req.auth!.userId, req.body.uploadId)),
  );

  r.get(
    '/v2/files/:id/content',
    {
      schema: {
        tags: ['files'],
        summary: 'Download a file through its signed URL (exp, sig)',
        params: z.object({ id: z.string().uuid() }),
        querystring: z.object({
          exp: z.coerce.number().int(),
          sig: text().max(100),
          inline: z.enum(['1']).optional(),
        }),
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const verdict = files.check(req.params.id, req.query.exp, req.query.sig);
      if (verdict === 'invalid') throw new AppError('FILE_URL_INVALID');
      if (verdict === 'expired') throw new AppError('FILE_URL_EXPIRED');
      const row = await files.find(req.params.id);
      if (!row || (row.expiresAt && row.expiresAt < new Date())) throw new AppError('NOT_FOUND');
      const body = await files.open(row).catch(() => {
        throw new AppError('NOT_FOUND');
      });
      return reply
        .header('content-type', row.mime)
        .header('content-length', String(row.size))
        .header('content-disposition', contentDisposition(row.name, req.query.inline === '1'))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
}
