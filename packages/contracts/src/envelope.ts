import { z } from 'zod';

/** Every API answer: `{code, msg, data}`; code 0 is success. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Field-level messages carried in `data` of a VALIDATION_FAILED answer. */
export const fieldErrors = z.array(z.object({ field: z.string(), message: z.string() }));
export type FieldErrors = z.infer<typeof fieldErrors>;

export const emptyData = z.null();
