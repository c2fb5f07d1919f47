import { z } from 'zod';
import { coerceInt32, int32, text } from './validation/scalars.js';

export const MAX_PAGE_SIZE = 200;

/** Paged list query: every list endpoint pages on the server. */
export const pageQuery = z.object({
  page: coerceInt32().min(1).default(1),
  size: coerceInt32().min(1).max(MAX_PAGE_SIZE).default(20),
  sortField: text().max(64).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const pageResult = <T extends z.ZodType>(item: T) =>
  z.object({ records: z.array(item), total: int32(), page: int32(), size: int32() });

export interface PageResult<T> {
  records: T[];
  total: number;
  page: number;
  size: number;
}
