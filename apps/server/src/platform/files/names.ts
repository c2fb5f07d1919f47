import path from 'node:path';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX_NAME = 180;

/**
 * A file name safe to store and to send back in Content-Disposition: no directories, no control or
 * reserved characters, no leading dots, at most 180 characters with the extension kept.
 */
export function sanitizeFileName(raw: string, fallback = 'file'): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  let name = base.normalize('NFC').replace(UNSAFE, '_').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  name = name.replace(/[. ]+$/, '');
  const ext = path.extname(name);
  let stem = name.slice(0, name.length - ext.length);
  if (!stem || RESERVED.test(stem)) stem = stem ? `_${stem}` : fallback;
  if (stem.length + ext.length > MAX_NAME) stem = stem.slice(0, Math.max(1, MAX_NAME - ext.length));
  return `${stem}${ext.length <= 16 ? ext : ''}`;
}

/** Lower-case extension without the dot ('' when none). */
export function extensionOf(name: string): string {
  return path.extname(name).slice(1).toLowerCase();
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(name: string, inline = false): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
