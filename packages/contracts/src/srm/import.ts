import { z } from 'zod';
import { resourceSchemas } from '../resource/schemas.js';
import { int32, text } from '../validation/scalars.js';
import { supplierResource } from './supplier.js';

/**
 * Supplier import (my suppliers → Import): one XLSX row is one new supplier with the create form's
 * fields; `row` is its sheet row. The preview refuses rows the duplicate check blocks (as the add
 * form would); the commit saves the rest one by one, each in its own transaction, so a row refused
 * at saving time does not stop the others.
 */
export interface SupplierImportRow {
  row: number;
  name: string;
  alias: string;
  type: string;
  country: string;
  [field: string]: unknown;
}
export const supplierImportRow = resourceSchemas(supplierResource).create.extend({
  row: int32().min(2),
}) as unknown as z.ZodType<SupplierImportRow>;

/** Rows one upload (and its one commit) may hold. */
export const SUPPLIER_IMPORT_MAX_ROWS = 200;

export const supplierImportCommitBody = z.object({
  rows: z.array(supplierImportRow).min(1).max(SUPPLIER_IMPORT_MAX_ROWS),
});

export const supplierImportOutcome = z.object({
  row: int32(),
  ok: z.boolean(),
  id: int32().nullable(),
  supplierCode: text().nullable(),
  /** the reason's catalogue code (0 when saved) and its text in the caller's language */
  code: int32(),
  message: text(),
});
export type SupplierImportOutcome = z.infer<typeof supplierImportOutcome>;
export const supplierImportResult = z.object({ outcomes: z.array(supplierImportOutcome) });
export type SupplierImportResult = z.infer<typeof supplierImportResult>;

export const SRM_IMPORT_PATHS = {
  template: '/v2/srm/supplier/import/template',
  preview: '/v2/srm/supplier/import/preview',
  commit: '/v2/srm/supplier/import/commit',
} as const;
