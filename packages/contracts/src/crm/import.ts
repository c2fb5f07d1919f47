import { z } from 'zod';
import { resourceSchemas } from '../resource/schemas.js';
import { int32, text } from '../validation/scalars.js';
import { customerResource } from './customer.js';

/**
 * Customer import (`/crm/client-partner/my-client` → Import): one XLSX row is one new customer with
 * the create form's fields; `row` is its sheet row so outcomes name it. Rows are saved one by one
 * (each its own transaction) so a duplicate refuses that row only; the web sends them in chunks of
 * CUSTOMER_IMPORT_CHUNK and shows the progress.
 */
export interface CustomerImportRow {
  row: number;
  name: string;
  alias: string;
  type: 'C' | 'R';
  country: string;
  industry?: string | null;
  level?: string | null;
  source?: string | null;
  emailDomains?: string[];
  phone?: string | null;
  address?: string | null;
  [field: string]: unknown;
}
export const customerImportRow = resourceSchemas(customerResource).create.extend({
  row: int32().min(2),
}) as unknown as z.ZodType<CustomerImportRow>;

/** Rows one commit call saves; the dialog sends a larger file in several calls. */
export const CUSTOMER_IMPORT_CHUNK = 50;
/** Rows one upload may hold. */
export const CUSTOMER_IMPORT_MAX_ROWS = 2000;

export const customerImportCommitBody = z.object({
  rows: z.array(customerImportRow).min(1).max(CUSTOMER_IMPORT_CHUNK),
});

/** What became of one row: saved as a new customer, or refused with a catalogue reason. */
export const customerImportOutcome = z.object({
  row: int32(),
  ok: z.boolean(),
  /** the new customer (when saved) */
  id: int32().nullable(),
  customerCode: text().nullable(),
  /** the reason's catalogue code (0 when saved) and its text in the caller's language */
  code: int32(),
  message: text(),
});
export type CustomerImportOutcome = z.infer<typeof customerImportOutcome>;
export const customerImportResult = z.object({ outcomes: z.array(customerImportOutcome) });
export type CustomerImportResult = z.infer<typeof customerImportResult>;

/** One column of an import template, as `/setModule/crm/rules/template` lists it. */
export const templateColumn = z.object({
  key: text(),
  /** the Chinese header the template also accepts */
  label: text(),
  labelEn: text(),
  required: z.boolean(),
  note: text().nullable(),
});
export const importTemplateInfo = z.object({
  key: text(),
  title: text(),
  titleEn: text(),
  /** GET path of the XLSX file */
  download: text(),
  columns: z.array(templateColumn),
  maxRows: int32(),
});
export type ImportTemplateInfo = z.infer<typeof importTemplateInfo>;

/**
 * Follow-up import: one row is one follow-up on a customer of the caller's scope, found by its code;
 * saved like a follow-up typed on the customer (type from the follow-up dictionary, next contact).
 */
export const followUpImportRow = z.object({
  row: int32().min(2),
  customerCode: text().trim().min(1).max(32),
  type: text().trim().min(1).max(64),
  content: text().trim().min(1).max(2000),
  nextAt: z.iso.datetime({ offset: true }).optional(),
});
export type FollowUpImportRow = z.infer<typeof followUpImportRow>;
export const followUpImportCommitBody = z.object({
  rows: z.array(followUpImportRow).min(1).max(CUSTOMER_IMPORT_CHUNK),
});

export const CRM_IMPORT_PATHS = {
  template: '/v2/crm/customer/import/template',
  preview: '/v2/crm/customer/import/preview',
  commit: '/v2/crm/customer/import/commit',
  followUpTemplate: '/v2/crm/follow-up/import/template',
  followUpPreview: '/v2/crm/follow-up/import/preview',
  followUpCommit: '/v2/crm/follow-up/import/commit',
  templates: '/v2/crm/import/templates',
} as const;
