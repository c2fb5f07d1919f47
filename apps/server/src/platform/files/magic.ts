import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

/** Extensions whose content is plain text: no magic number, and no NUL byte may appear. */
const TEXT_EXTS = new Set(['txt', 'csv', 'md']);

/** What file-type may detect for a declared extension (legacy Office files are OLE compound files). */
const DETECTED_AS: Record<string, string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  pdf: ['pdf'],
  zip: ['zip'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
};

export const MIME_OF: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  zip: 'application/zip',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Whether a staged file's content (its magic bytes, read by file-type) agrees with the extension it
 * was declared with. Text types must not look like any binary format and must hold no NUL byte.
 */
export async function contentMatches(file: string, ext: string): Promise<boolean> {
  const detected = await fileTypeFromFile(file);
  if (TEXT_EXTS.has(ext)) {
    if (detected) return false;
    const handle = await fsp.open(file, 'r');
    try {
      const head = Buffer.alloc(8192);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      return !head.subarray(0, bytesRead).includes(0);
    } finally {
      await handle.close();
    }
  }
  const allowed = DETECTED_AS[ext];
  return !!allowed && !!detected && allowed.includes(detected.ext);
}
