import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { MIME_OF } from '../files/magic.js';

/** Answers an XLSX file (a buffer or a stream) as a download named `fileName`. */
export const sendXlsx = (reply: FastifyReply, fileName: string, body: Buffer | Readable) =>
  reply
    .header('content-type', MIME_OF.xlsx!)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(body);
