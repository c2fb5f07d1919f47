import { KB_MAX_BYTES, type KbFormat, type KbUploadBody } from '@portal/contracts';
import { AppError } from '../../../platform/http/errors.js';

export function formatOf(fileName: string): KbFormat {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'md' || ext === 'markdown') return 'md';
  if (ext === 'txt' || ext === 'docx' || ext === 'pdf') return ext;
  throw new AppError('KB_FORMAT_UNSUPPORTED');
}

/**
 * The text of an uploaded document: markdown and text as they are, docx through mammoth (raw
 * text, paragraphs kept), pdf through unpdf (text of every page). Refuses oversize and empty ones.
 */
export async function extractText(upload: KbUploadBody): Promise<{ format: KbFormat; body: string; bytes: number }> {
  const format = formatOf(upload.fileName);
  const buf =
    upload.encoding === 'base64' ? Buffer.from(upload.content, 'base64') : Buffer.from(upload.content, 'utf8');
  if (buf.length > KB_MAX_BYTES) throw new AppError('KB_TOO_LARGE');
  let body: string;
  try {
    if (format === 'docx') {
      const mammoth = await import('mammoth');
      body = (await mammoth.extractRawText({ buffer: buf })).value;
    } else if (format === 'pdf') {
      const { extractText: pdfText, getDocumentProxy } = await import('unpdf');
      const pdf = await getDocumentProxy(new Uint8Array(buf));
      const { text } = await pdfText(pdf, { mergePages: false });
      body = text.join('\n\n');
    } else body = buf.toString('utf8');
  } catch {
    throw new AppError('KB_EMPTY');
  }
  body = body.replaceAll('\0', '').trim();
  if (!body) throw new AppError('KB_EMPTY');
  return { format, body, bytes: buf.length };
}
