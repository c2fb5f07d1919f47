import { z } from 'zod';
import { int32, text } from '../validation/scalars.js';

/**
 * XLSX import of list records (the platform import service): an upload is read with the list's
 * row schema and column mapping into a preview of good rows and bad rows (sheet row number, the
 * column, the reason); the good rows are then sent back and saved in one transaction.
 */
export const importIssue = z.object({
  /** the sheet's row number (1 is the header) */
  row: int32(),
  /** the column's key, or '' for the row as a whole */
  field: text(),
  /** the catalogue code of the reason (IMPORT_CELL_*, IMPORT_ROW_REPEATED, or a parser's own) */
  code: int32(),
  /** the reason in the caller's language */
  message: text(),
});
export type ImportIssue = z.infer<typeof importIssue>;

/** The preview of an upload: rows ready to save, and what is wrong with the others. */
export const importPreview = <R extends z.ZodType>(row: R) =>
  z.object({ rows: z.array(row), errors: z.array(importIssue) });
export interface ImportPreview<Row> {
  rows: Row[];
  errors: ImportIssue[];
}

/** The body that saves previewed rows. */
export const importCommitBody = <R extends z.ZodType>(row: R, maxRows: number) =>
  z.object({ rows: z.array(row).min(1).max(maxRows) });

/** Most rows one import takes, unless its definition says otherwise. */
export const IMPORT_MAX_ROWS = 500;
