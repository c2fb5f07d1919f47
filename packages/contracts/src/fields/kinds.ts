/**
 * The closed set of field kinds every business record and every approval form is made of. Each
 * kind has one value schema (value.ts) used by the server to validate and by the web to check
 * forms before they are sent; the web has one input, view and filter per kind.
 */
export const FIELD_KINDS = [
  'text',
  'textarea',
  'email',
  /** E.164 phone number, checked with libphonenumber-js */
  'phone',
  'number',
  /** integer minor units; the currency is the field's (`currency`) or the record's */
  'money',
  /** 0–100, two decimals */
  'percent',
  /** YYYY-MM-DD */
  'date',
  /** ISO 8601 with offset */
  'datetime',
  'boolean',
  /** one of fixed options declared with the field */
  'enum',
  /** one item of an admin-editable dictionary */
  'dict',
  'user',
  'department',
  'customer',
  'supplier',
  /** ISO 3166-1 alpha-2 */
  'country',
  /** mobile network by MCC + MNC, e.g. 46000 */
  'operator',
  /** file ids from the upload service */
  'attachment',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** Limits a field may declare; which apply depends on the kind. */
export interface FieldRules {
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/** What the value schema of a field needs to know. */
export interface FieldSpec {
  kind: FieldKind;
  required?: boolean;
  rules?: FieldRules;
  /** the allowed values of an `enum` field */
  options?: readonly { value: string | number }[];
}
