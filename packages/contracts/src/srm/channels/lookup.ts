import { z } from 'zod';

/** `mcc-mnc-query`: a phone number (+country code …) or a network code (MCC + MNC). */
export const lookupQuery = z.object({ q: z.string().trim().min(3).max(32) });
export type LookupQuery = z.infer<typeof lookupQuery>;

export const lookupNetwork = z.object({
  mccmnc: z.string(),
  name: z.string(),
  nameEn: z.string(),
});
export const lookupChannel = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  product: z.string(),
  state: z.string(),
  supplierName: z.string().nullable(),
  /** the networks of the answer this channel covers */
  networks: z.array(z.string()),
});
export const lookupResult = z.object({
  kind: z.enum(['number', 'network']),
  country: z.string().nullable(),
  /** libphonenumber-js's type of a number (MOBILE, FIXED_LINE…), null for a network code */
  numberType: z.string().nullable(),
  e164: z.string().nullable(),
  /** the networks looked at: the one asked for, or the country's (a number alone does not name its network) */
  networks: z.array(lookupNetwork),
  channels: z.array(lookupChannel),
});
export type LookupResult = z.infer<typeof lookupResult>;

/** "which route applies to (customer, network, time)" */
export const resolveQuery = z
  .object({
    /** the customer (its bindings for all accounts); not needed when the account is given */
    customerId: z.coerce.number().int().positive().optional(),
    /** a consumer account: its own bindings first, then its customer's for all accounts */
    accountCode: z.string().trim().min(1).max(32).optional(),
    network: z.string().regex(/^\d{5,6}$/),
    /** ISO time; now when absent */
    at: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((q) => q.customerId !== undefined || q.accountCode !== undefined, {
    message: 'a customer or an account',
    path: ['customerId'],
  });
export type ResolveQuery = z.infer<typeof resolveQuery>;

export const resolvedRoute = z.object({
  id: z.number(),
  channelId: z.number(),
  channelName: z.string().nullable(),
  channelState: z.string().nullable(),
  priority: z.number(),
  weight: z.number(),
  /** the share of traffic within its priority, percent */
  share: z.number(),
  windowFrom: z.string().nullable(),
  windowTo: z.string().nullable(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
});
export const resolveResult = z.object({
  country: z.string().nullable(),
  at: z.string(),
  /** network bindings win over the country's; none: no binding applies */
  level: z.enum(['network', 'country', 'none']),
  /** the account's own bindings, or its customer's for all accounts (null: none applies) */
  scope: z.enum(['account', 'customer']).nullable(),
  routes: z.array(resolvedRoute),
});
export type ResolveResult = z.infer<typeof resolveResult>;
