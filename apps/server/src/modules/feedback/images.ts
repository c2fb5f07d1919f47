import { MAX_FEEDBACK_IMAGE_BYTES } from '@portal/contracts';
import { AppError } from '../../platform/http/errors.js';

export interface DecodedImage {
  mime: 'image/png' | 'image/jpeg' | 'image/gif';
  data: Buffer;
}

const startsWith = (b: Buffer, sig: number[]) => sig.every((x, i) => b[i] === x);

/** The image type by its first bytes (never by the name or the declared type). */
export function sniffImage(b: Buffer): DecodedImage['mime'] | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a')
    return 'image/gif';
  return null;
}

/** A `data:image/...;base64,` URL whose bytes really are the declared png, jpeg or gif, within 1 MB. */
export function decodeImageDataUrl(url: string): DecodedImage {
  const m = /^data:(image\/(?:png|jpeg|gif));base64,([A-Za-z0-9+/]+=*)$/.exec(url);
  if (!m) throw new AppError('FEEDBACK_IMAGE_INVALID');
  const data = Buffer.from(m[2]!, 'base64');
  if (data.length > MAX_FEEDBACK_IMAGE_BYTES) throw new AppError('FEEDBACK_IMAGE_TOO_LARGE');
  const mime = sniffImage(data);
  if (!mime || mime !== m[1]) throw new AppError('FEEDBACK_IMAGE_INVALID');
  return { mime, data };
}

export const toDataUrl = (mime: string, data: Buffer) => `data:${mime};base64,${data.toString('base64')}`;
