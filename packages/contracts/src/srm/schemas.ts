import { z } from 'zod';
import { partyDuplicateKeys } from '../ownership/schemas.js';
import { int32, int32Id, text } from '../validation/scalars.js';
import { SUPPLIER_STATES } from './supplier.js';

/** What the add form sends before saving: any of name, domains and phones. */
export const supplierDuplicateQuery = z.object({
  name: text().trim().max(128).optional(),
  ...partyDuplicateKeys(),
  /** the supplier being edited, never its own duplicate */
  excludeId: int32Id().optional(),
});
export type SupplierDuplicateQuery = z.infer<typeof supplierDuplicateQuery>;

export const SUPPLIER_DUPLICATE_REASONS = ['name', 'domain', 'phone'] as const;
export type SupplierDuplicateReason = (typeof SUPPLIER_DUPLICATE_REASONS)[number];

export const supplierDuplicateMatch = z.object({
  id: int32(),
  code: text(),
  name: text(),
  state: z.enum(SUPPLIER_STATES),
  ownerName: text().nullable(),
  reason: z.enum(SUPPLIER_DUPLICATE_REASONS),
  /** the value that matched (the similar name, the domain, the phone) */
  value: text(),
  /** name similarity 0–1 (name matches only) */
  similarity: z.number().nullable(),
  /** creating refuses this match: a blacklisted supplier, or a criterion set to block */
  blocks: z.boolean(),
});
export type SupplierDuplicateMatch = z.infer<typeof supplierDuplicateMatch>;

export const supplierDuplicateResult = z.object({
  matches: z.array(supplierDuplicateMatch),
  blocked: z.boolean(),
});
export type SupplierDuplicateResult = z.infer<typeof supplierDuplicateResult>;

/** An admission application: the supplier, the whole checklist, documents (upload ids), a note. */
export const admissionApply = z.object({
  supplierId: int32Id(),
  checklist: z.record(text().max(32), z.boolean()),
  documents: z.array(text().max(64)).max(20),
  note: text().trim().max(1000).optional(),
});
export type AdmissionApply = z.infer<typeof admissionApply>;

export const admissionWithdraw = z.object({ id: int32Id() });

/** `GET /v2/srm/supplier/select/get/dept`: the departments a supplier picker or filter offers the caller. */
export const supplierDeptOption = z.object({
  id: int32(),
  name: text(),
  nameEn: text(),
  /** private suppliers held by the department's members */
  suppliers: int32(),
});
export type SupplierDeptOption = z.infer<typeof supplierDeptOption>;

/** The payment methods screen: the dictionary's items with how many suppliers use each. */
export const paymentMethodUsage = z.object({
  value: text(),
  zh: text(),
  en: text(),
  enabled: z.boolean(),
  suppliers: int32(),
});
export type PaymentMethodUsage = z.infer<typeof paymentMethodUsage>;

/** A source change: the supplier, its new source (`purchase.supplier_source`), why. */
export const sourceChangeApply = z.object({
  supplierId: int32Id(),
  toSource: text().trim().min(1).max(64),
  reason: text().trim().min(2).max(500),
});
export type SourceChangeApply = z.infer<typeof sourceChangeApply>;

/**
 * A sea supplier's contact as the sea shows it (lead viewing rules): phone and e-mail only for
 * holders of the contact-details key, null otherwise.
 */
export const seaContact = z.object({
  id: int32(),
  name: text(),
  role: text().nullable(),
  im: text().nullable(),
  phone: text().nullable(),
  email: text().nullable(),
});
export type SeaContact = z.infer<typeof seaContact>;
