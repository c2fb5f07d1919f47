import { FEEDBACK_IMAGE_TYPES, MAX_FEEDBACK_IMAGE_BYTES } from '@portal/contracts';

export type ImageCheck = 'ok' | 'type' | 'size';

/** The server checks the bytes again; this spares the user a round trip. */
export function checkImage(file: { type: string; size: number }): ImageCheck {
  if (!(FEEDBACK_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_FEEDBACK_IMAGE_BYTES) return 'size';
  return 'ok';
}

export const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
