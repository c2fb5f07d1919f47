import { z } from 'zod';
import { int32, text } from './validation/scalars.js';

/** Every API answer: `{code, msg, data}`; code 0 is success. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: int32(), msg: text(), data });

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Field-level messages carried in `data` of a VALIDATION_FAILED answer. */
export const fieldErrors = z.array(z.object({ field: text(), message: text() }));
export type FieldErrors = z.infer<typeof fieldErrors>;

export const emptyData = z.null();
