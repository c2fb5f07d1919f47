import { FEEDBACK_IMAGE_TYPES, MAX_FEEDBACK_IMAGE_BYTES } from '@portal/contracts';

export type ImageCheck = 'ok' | 'type' | 'size';

/** The upload service checks the bytes and the feedback service the type again; this spares a round trip. */
export function checkImage(file: { type: string; size: number }): ImageCheck {
  if (!(FEEDBACK_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_FEEDBACK_IMAGE_BYTES) return 'size';
  return 'ok';
}
