import { z } from 'zod';
import { permOf, routeByPath } from '../routes/index.js';

const screen = (path: string): string => {
  const route = routeByPath(path);
  if (!route) throw new Error(`quotation: no route ${path}`);
  return permOf(route);
};

/** Permission keys of the quotation room, from the route registry. */
export const QmPerm = {
  CUSTOMER_SMS: screen('/offerManage/customer-quote/sms'),
  CUSTOMER_VOICE: screen('/offerManage/customer-quote/voice'),
  CUSTOMER_NUMBER: screen('/offerManage/customer-quote/number'),
  CUSTOMER_WHATSAPP: screen('/offerManage/customer-quote/whatsapp'),
  /** agents-quote (decision 0113): the partner prices of agents' (R customers') accounts */
  AGENTS: screen('/offerManage/agents-quote'),
  AI_VENDOR: screen('/offerManage/supplier-quote/ai-vendor-quote'),
  AI_QUOTE_LOG: screen('/offerManage/supplier-quote/ai-quote-log'),
  SUPPLIER_SMS: screen('/offerManage/supplierQuote/sms'),
  SUPPLIER_VOICE: screen('/offerManage/supplierQuote/voiceSupplier'),
  GROUPS: screen('/offerManage/quote-group/quote'),
  AZ_GROUPS: screen('/offerManage/quote-group/az'),
  QUERY_CUSTOMER: screen('/offerManage/quote-query/customer'),
  QUERY_SUPPLIER: screen('/offerManage/quote-query/supplier'),
  SPECIAL: screen('/offerManage/quota-apply-approval/special'),
  SUPPLIER_APPROVAL: screen('/offerManage/quota-apply-approval/supplier'),
  LIMITS: screen('/offerManage/sms-price-limit'),
  TARIFF: screen('/setModule/financial/tariff'),
  QUOTE_SET: screen('/setModule/financial/quote-set'),
  QUOTE_EMAIL: screen('/offerManage/quote-email'),
  QUOTE_EMAIL_TEMPLATE: screen('/setModule/financial/quote-email-template'),
} as const;

export const PRODUCTS = ['sms', 'voice', 'whatsapp', 'number', 'email'] as const;
export const productSchema = z.enum(PRODUCTS);
export const DEST_KINDS = ['network', 'country', 'prefix', 'any'] as const;
export const BOOK_KINDS = ['account', 'group', 'channel'] as const;
export type BookKind = (typeof BOOK_KINDS)[number];
export const GROUP_KINDS = ['quote', 'az'] as const;

/** The approval engine's service name of special-price requests and their application path. */
export const SPECIAL_SERVICE = 'qm.special_price';
export const SPECIAL_APPLY_PATH = '/general/process/special-apply/special/apply';
/** The approval engine's service name of supplier-quote requests (a raised or loss-making channel cost). */
export const SUPPLIER_QUOTE_SERVICE = 'qm.supplier_quote';
export const SUPPLIER_QUOTE_DETAIL_PATH = '/offerManage/quota-apply-approval/supplier/detail';

/** a decimal price: up to 12 integer digits and 6 decimals, no sign */
export const priceString = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'price');
const currency = z.string().regex(/^[A-Z]{3}$/);
export const NETWORK_PATTERN = /^\d{5,6}$/;
export const COUNTRY_PATTERN = /^[A-Z]{2}$/;
export const PREFIX_PATTERN = /^\d{1,15}$/;

/** the price categories a row may carry beside its standard ('') rows: WhatsApp's conversation categories, OTP, AI voice */
export const PRICE_CATEGORIES = ['marketing', 'utility', 'authentication', 'service', 'otp', 'ai'] as const;
/** a price list's category filter: the standard rows, or those of one category */
export const CATEGORY_FILTERS = ['standard', ...PRICE_CATEGORIES] as const;

/** A destination as the screens enter it: exactly one of network, country, prefix (or none for number / e-mail). */
export const destinationInput = z.object({
  network: z.string().regex(NETWORK_PATTERN).optional(),
  country: z.string().regex(COUNTRY_PATTERN).optional(),
  prefix: z.string().regex(PREFIX_PATTERN).optional(),
  /**
   * WhatsApp: the conversation category; SMS: `otp` (the OTP price of a destination); voice: `otp`
   * or `ai` (OTP voice calls, the AI-voice product). A destination without a row of the category
   * is rated at its category-less row (decision 0102)
   */
  category: z.enum(PRICE_CATEGORIES).optional(),
});

/** One price entered for a book (customer: account or group; supplier: channel). */
export const priceSave = destinationInput.extend({
  bookKind: z.enum(BOOK_KINDS),
  bookId: z.number().int().positive(),
  product: productSchema,
  unitPrice: priceString,
  connectFee: priceString.optional(),
  firstIncrement: z.number().int().min(1).max(3600).optional(),
  nextIncrement: z.number().int().min(1).max(3600).optional(),
  currency,
  /** ISO time; now when absent */
  effectiveFrom: z.iso.datetime({ offset: true }).optional(),
  chargeOn: z.enum(['submit', 'delivery']).optional(),
  /** why a price below the limit is asked for (then it becomes a special-price request) */
  reason: z.string().trim().min(1).max(500).optional(),
  /** the agents-quote screen (decision 0113): a partner price, the account must be an agent's (R customer's) */
  agent: z.boolean().optional(),
});
export type PriceSave = z.infer<typeof priceSave>;

/** The special-price apply page: a customer price (an account's or a group's) below its limit, with a reason. */
export const specialApply = priceSave.omit({ bookKind: true, chargeOn: true, reason: true }).extend({
  bookKind: z.enum(['account', 'group']).default('account'),
  reason: z.string().trim().min(1).max(500),
});
export type SpecialApply = z.infer<typeof specialApply>;

export const priceRow = z.object({
  id: z.number(),
  bookKind: z.enum(BOOK_KINDS),
  bookId: z.number(),
  product: productSchema,
  destKind: z.enum(DEST_KINDS),
  dest: z.string(),
  country: z.string().nullable(),
  category: z.string(),
  unitPrice: z.string(),
  connectFee: z.string(),
  firstIncrement: z.number(),
  nextIncrement: z.number(),
  currency: z.string(),
  effectiveFrom: z.string(),
  effectiveUntil: z.string().nullable(),
  chargeOn: z.string().nullable(),
  source: z.string(),
});
export type PriceRow = z.infer<typeof priceRow>;

export const priceSaveResult = z.object({
  /**
   * 'saved': the row is in the book; 'special': below the limit, a special-price request started;
   * 'supplier': a cost that raises a live channel's or exceeds a routed customer's price, a
   * supplier-quote request started
   */
  outcome: z.enum(['saved', 'special', 'supplier']),
  id: z.number(),
  effectiveFrom: z.string(),
  approvalId: z.number().optional(),
});

export const bookQuery = z.object({
  bookKind: z.enum(BOOK_KINDS),
  bookId: z.number().int().positive().optional(),
  product: productSchema,
  /** rows in force at this time; all history when absent */
  at: z.iso.datetime({ offset: true }).optional(),
  dest: z.string().max(16).optional(),
  /** the standard rows, or the rows of one category the product prices (decision 0108) */
  category: z.enum(CATEGORY_FILTERS).optional(),
  /** the agents-quote screen (decision 0113): only the books of agents' (R customers') accounts */
  agent: z.boolean().optional(),
  current: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(500).default(50),
});

/** quote query / rate simulator: one destination, one book owner, one time */
export const rateQuery = z.object({
  accountId: z.number().int().positive().optional(),
  channelIds: z.array(z.number().int().positive()).max(50).optional(),
  product: productSchema,
  network: z.string().regex(NETWORK_PATTERN).optional(),
  country: z.string().regex(COUNTRY_PATTERN).optional(),
  number: z.string().regex(PREFIX_PATTERN).optional(),
  category: z.string().max(20).optional(),
  at: z.iso.datetime({ offset: true }).optional(),
  /** segments, seconds or conversations */
  units: z.number().int().min(0).max(1_000_000).default(1),
  currency: currency.optional(),
});

export const quoteSettings = z.object({ increaseNoticeDays: z.number().int().min(0).max(365) });

const effectiveDate = z.string().regex(/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'date');

/** A supplier SMS price list row as carriers send it (MCC, MNC, country, network, price, currency, effective date). */
export const smsListRow = z.object({
  mcc: z.string().regex(/^\d{3}$/),
  mnc: z.string().regex(/^\d{2,3}$/),
  country: z.string().max(64).optional(),
  network: z.string().max(128).optional(),
  price: priceString,
  currency: z.string().regex(/^[A-Z]{3}$/),
  effectiveDate: effectiveDate,
});
/** A voice A-Z deck row (prefix, destination, rate per minute, increments, effective date). */
export const voiceListRow = z.object({
  prefix: z.string().regex(PREFIX_PATTERN),
  destination: z.string().max(128).optional(),
  rate: priceString,
  firstIncrement: z.number().int().min(1).max(3600).default(60),
  nextIncrement: z.number().int().min(1).max(3600).default(60),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('USD'),
  effectiveDate: effectiveDate,
});

/** the price categories a send page may quote: the OTP or AI-voice rows of a book (else its standard rows) */
export const QUOTE_CATEGORIES = ['otp', 'ai'] as const;
export const PRICE_CHANGES = ['new', 'increase', 'decrease', 'same'] as const;
/** One previewed row, normalised, with how it changes the channel's book. */
export const previewRow = z.object({
  row: z.number(),
  dest: z.string(),
  label: z.string(),
  unitPrice: z.string(),
  firstIncrement: z.number(),
  nextIncrement: z.number(),
  currency: z.string(),
  effectiveFrom: z.string(),
  change: z.enum(PRICE_CHANGES),
  /** the price in force now, when there is one */
  before: z.string().nullable(),
});
export type PreviewRow = z.infer<typeof previewRow>;

export const priceListPreview = z.object({
  rows: z.array(previewRow),
  /** destinations the book prices now that the list leaves out */
  removed: z.array(z.object({ dest: z.string(), unitPrice: z.string(), currency: z.string() })),
  errors: z.array(z.object({ row: z.number(), field: z.string(), code: z.number(), message: z.string() })),
  counts: z.object({
    new: z.number(),
    increase: z.number(),
    decrease: z.number(),
    same: z.number(),
    removed: z.number(),
    invalid: z.number(),
  }),
});

export const priceListCommit = z.object({
  channelId: z.number().int().positive(),
  product: z.enum(['sms', 'voice']),
  rows: z.array(previewRow).min(1).max(60_000),
  /** the price category of the whole list (OTP, AI voice); the standard costs when absent (decision 0108) */
  category: z.enum(QUOTE_CATEGORIES).optional(),
  /** close the rows of destinations the list left out, from now */
  closeRemoved: z.boolean().default(false),
});

/**
 * What an import saved: the rows written at once, the rows closed, and the rows held for approval
 * (a raise on a live channel, or over a routed account's price) in ONE supplier-quote request.
 */
export const priceListCommitResult = z.object({
  saved: z.number(),
  closed: z.number(),
  held: z.number(),
  /** the supplier-quote request holding the held rows */
  requestId: z.number().nullable(),
  approvalId: z.number().nullable(),
});
export type PriceListCommitResult = z.infer<typeof priceListCommitResult>;

/** Quote mails: the languages a template exists in, and the products the send pages quote. */
/** A price row as a quote mail sent it (kept with the mail: the public link shows what was sent). */
export interface QuotedRow {
  dest: string;
  destKind: string;
  country: string | null;
  category: string;
  unitPrice: string;
  connectFee: string;
  firstIncrement: number;
  nextIncrement: number;
  currency: string;
  effectiveFrom: string;
}

export const QUOTE_LOCALES = ['zh-CN', 'en'] as const;
export const QUOTE_PRODUCTS = ['sms', 'voice', 'whatsapp', 'number'] as const;
export type QuoteProduct = (typeof QUOTE_PRODUCTS)[number];
/** the categories each product prices apart from its standard rows (beside WhatsApp's conversation categories) */
export const PRODUCT_CATEGORIES: Record<string, readonly string[]> = {
  sms: ['otp'],
  voice: ['otp', 'ai'],
  whatsapp: ['marketing', 'utility', 'authentication', 'service'],
};
/** the variables a quote-email template may use */
export const QUOTE_TEMPLATE_VARS = [
  'customer',
  'account',
  'product',
  'effectiveDate',
  'prices',
  'link',
  'linkExpires',
  'sender',
] as const;

export const emailTemplate = z.object({
  locale: z.enum(QUOTE_LOCALES),
  subject: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(20_000),
});
export type EmailTemplate = z.infer<typeof emailTemplate>;

const quoteAddress = z.object({ email: z.email().max(254), name: z.string().trim().max(120).nullish() });

/**
 * The most rows a quote from an uploaded price list carries (`send/upload-file`, decision 0108)
 * and one row of it as read by the import parsers: a network (SMS) or prefix (voice) with its price.
 */
export const UPLOADED_QUOTE_MAX_ROWS = 5000;
export const uploadedQuoteRow = z.object({
  /** the row of the file */
  row: z.number().int().min(1),
  dest: z.string().regex(PREFIX_PATTERN),
  country: z.string().regex(COUNTRY_PATTERN).nullable(),
  label: z.string().max(256),
  unitPrice: priceString,
  firstIncrement: z.number().int().min(1).max(3600),
  nextIncrement: z.number().int().min(1).max(3600),
  currency,
  effectiveFrom: z.iso.datetime({ offset: true }),
});
export type UploadedQuoteRow = z.infer<typeof uploadedQuoteRow>;
/** What the upload-file send page read from a file: the good rows, the bad ones with their reasons. */
export const uploadedQuote = z.object({
  rows: z.array(uploadedQuoteRow),
  errors: z.array(z.object({ row: z.number(), field: z.string(), code: z.number(), message: z.string() })),
});
export type UploadedQuote = z.infer<typeof uploadedQuote>;

/** A send page's quote: one account's or one quote group's book of one product, all destinations in force or to come, or some. */
export const quoteCompose = z.object({
  /** a customer account's book, a quote group's, or a supplier channel's costs (a supplier send page) */
  bookKind: z.enum(BOOK_KINDS).default('account'),
  bookId: z.number().int().positive(),
  product: z.enum(QUOTE_PRODUCTS),
  /** the OTP or AI-voice prices (each destination's category row, else its standard row); the standard rows when absent */
  category: z.enum(QUOTE_CATEGORIES).optional(),
  locale: z.enum(QUOTE_LOCALES),
  /** only these destinations (network, country or prefix codes); every one when absent */
  dests: z
    .array(z.string().regex(/^[A-Z0-9]{1,16}$/))
    .max(5000)
    .optional(),
  /**
   * `send/upload-file`: the rows of an uploaded price list (as `POST /v2/qm/quote-upload/read`
   * answered) quoted to an account instead of its book's rows
   */
  rows: z.array(uploadedQuoteRow).min(1).max(UPLOADED_QUOTE_MAX_ROWS).optional(),
});
export type QuoteCompose = z.infer<typeof quoteCompose>;

export const quoteSend = quoteCompose.extend({
  to: z.array(quoteAddress).min(1).max(50),
  cc: z.array(quoteAddress).max(50).default([]),
});
export type QuoteSend = z.infer<typeof quoteSend>;

export const quoteEmailQuery = z.object({
  bookKind: z.enum(['account', 'group']).optional(),
  bookId: z.number().int().positive().optional(),
  product: z.enum(QUOTE_PRODUCTS).optional(),
  current: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(200).default(20),
});
export { billingMethodResource } from './billing-method.js';
export { smsPriceLimitResource, TARIFF_PRODUCTS, tariffResource } from './price-limit.js';
export { quoteEmailResource } from './quote-email.js';
export { azGroupResource, quoteGroupResource } from './quote-group.js';
export { specialPriceResource } from './special-price.js';
export {
  type AffectedAccount,
  type SupplierQuoteDetail,
  type SupplierQuoteLine,
  supplierQuoteResource,
} from './supplier-quote.js';
