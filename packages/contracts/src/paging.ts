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

/**
 * The names of the record ids an answer holds (people, departments, a room's records), by field
 * then id, in the reader's language: lists, details and timelines carry them with the ids
 * (decision 0068), so the web shows names without asking again.
 */
export const recordNames = z.record(z.string(), z.record(z.string(), z.string()));
export type RecordNames = z.infer<typeof recordNames>;

export const pageResult = <T extends z.ZodType>(item: T) =>
  z.object({
    records: z.array(item),
    total: int32(),
    page: int32(),
    size: int32(),
    /** the total is a cap: there are at least `total` records */
    totalCapped: z.boolean().optional(),
  });

export interface PageResult<T> {
  records: T[];
  /** the number of matching rows; with `totalCapped` only a lower bound */
  total: number;
  page: number;
  size: number;
  /**
   * true when the server stopped counting at `total` (a capped count, LIST_COUNT_CAP): there are
   * at least `total` rows, maybe many more. Absent on lists that always count exactly.
   */
  totalCapped?: boolean;
}
