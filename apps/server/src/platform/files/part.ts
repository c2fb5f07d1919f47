import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';

/** The one multipart part an upload route reads: field `file`; other parts are refused. */
export async function filePart(req: FastifyRequest, maxBytes: number) {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    // one byte over the limit reaches the stager, which refuses it (the parser would truncate silently)
    part = await req.file({
      throwFileSizeLimit: true,
      limits: { fileSize: maxBytes + 1, files: 1, fields: 10, fieldSize: 1024 },
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    }
    throw err;
  }
  if (part?.fieldname !== 'file') {
    part?.file.resume();
    throw new AppError('FILE_MISSING');
  }
  return part;
}
