import type { Readable } from 'node:stream';
import { KB_FORMATS, KB_MAX_BYTES, type KbFormat } from '@portal/contracts';
import { claimFilesForAttach } from '../../../platform/files/attach.js';
import type { FileService } from '../../../platform/files/service.js';
import { AppError } from '../../../platform/http/errors.js';

/** The text of an uploaded file, ready to be chunked and indexed. */
export interface SourceText {
  fileId: string;
  fileName: string;
  format: KbFormat;
  body: string;
  bytes: number;
}

const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      throw new AppError('KB_TOO_LARGE', { vars: { limit: mb(KB_MAX_BYTES) } });
    }
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

/**
 * Plain text of a text file: UTF-8 (a byte-order mark dropped); a file that is not valid UTF-8 is
 * read as GB18030, which is how Chinese Windows editors save text.
 */
export function decodeText(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return new TextDecoder('gb18030').decode(buf);
  }
}

/**
 * The text of a document's bytes: markdown and text as they are, docx through mammoth (raw text,
 * paragraphs kept), pdf through unpdf (pdf.js text of every page). A file either library cannot
 * read is damaged; one without any text is refused as empty.
 */
export async function extractText(buf: Buffer, format: KbFormat): Promise<string> {
  let body: string;
  if (format === 'md' || format === 'txt') body = decodeText(buf);
  else {
    try {
      if (format === 'docx') {
        const mammoth = await import('mammoth');
        body = (await mammoth.extractRawText({ buffer: buf })).value;
      } else {
        const { extractText: pdfText, getDocumentProxy } = await import('unpdf');
        // verbosity 0: pdf.js's warnings about damaged files would go to the console
        const pdf = await getDocumentProxy(new Uint8Array(buf), { verbosity: 0 });
        try {
          const { text } = await pdfText(pdf, { mergePages: false });
          body = text.join('\n\n');
        } finally {
          await pdf.destroy();
        }
      }
    } catch {
      throw new AppError('KB_FILE_CORRUPT', { vars: { ext: format } });
    }
  }
  body = body.replaceAll('\0', '').trim();
  if (!body) throw new AppError('KB_EMPTY');
  return body;
}

/**
 * Reads a file uploaded through the system upload service by this user and extracts its text.
 * Refuses: no such file or someone else's (one answer, so ids of others are not revealed), a
 * file uploaded for another purpose, a format other than md / txt / docx / pdf, a file over
 * KB_MAX_BYTES, a damaged or textless document.
 */
export async function sourceText(files: FileService, fileId: string, userId: number): Promise<SourceText> {
  const [row] = await claimFilesForAttach(files.db, userId, [fileId], {
    refuse: (reason) => new AppError(reason === 'unknown' ? 'KB_FILE_NOT_FOUND' : 'KB_FILE_PURPOSE'),
  });
  if (!row) throw new AppError('KB_FILE_NOT_FOUND');
  const format = (KB_FORMATS as readonly string[]).includes(row.ext) ? (row.ext as KbFormat) : null;
  if (!format) throw new AppError('KB_FORMAT_UNSUPPORTED');
  if (row.size > KB_MAX_BYTES) throw new AppError('KB_TOO_LARGE', { vars: { limit: mb(KB_MAX_BYTES) } });
  const stream = await files.open(row).catch(() => {
    throw new AppError('KB_FILE_NOT_FOUND');
  });
  const buf = await readAll(stream, KB_MAX_BYTES);
  return { fileId: row.id, fileName: row.name, format, body: await extractText(buf, format), bytes: buf.length };
}
