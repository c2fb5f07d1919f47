import type { SendPageKey } from './send-page-keys';

export type { SendPageKey };
export type QuoteProduct = 'sms' | 'voice' | 'whatsapp' | 'number';

/**
 * What one send page quotes (decision 0102): whose book (a customer account, a quote group of a
 * kind, a supplier channel), which product, and which price category (OTP, AI voice) of it. A
 * group page without a fixed product lets the user pick one.
 */
export interface SendPage {
  book: 'account' | 'group' | 'channel';
  product?: QuoteProduct;
  category?: 'otp' | 'ai';
  groupKind?: 'quote' | 'az';
  /** `upload-file` (decision 0108): the rows come from an uploaded price list, not from the book */
  upload?: true;
}
/** the send pages, by their path under /offerManage/send/ (the quote-email list's send menu) */
export const SEND_PAGES = {
  sms: { book: 'account', product: 'sms' },
  'otp-sms': { book: 'account', product: 'sms', category: 'otp' },
  voice: { book: 'account', product: 'voice' },
  'ai-voice': { book: 'account', product: 'voice', category: 'ai' },
  'otp-voice': { book: 'account', product: 'voice', category: 'otp' },
  number: { book: 'account', product: 'number' },
  whatsapp: { book: 'account', product: 'whatsapp' },
  group: { book: 'group' },
  'otp-group': { book: 'group', product: 'sms', category: 'otp', groupKind: 'quote' },
  'az-sms': { book: 'group', product: 'sms', groupKind: 'az' },
  'supplier-sms': { book: 'channel', product: 'sms' },
  'supplier-voice': { book: 'channel', product: 'voice' },
  'supplier-ai-voice': { book: 'channel', product: 'voice', category: 'ai' },
  'upload-file': { book: 'account', upload: true },
} as const satisfies Record<SendPageKey, SendPage>;
export const GROUP_PRODUCTS = ['sms', 'voice', 'whatsapp', 'number'] as const;
/** the products an uploaded price list quotes (the import parsers' SMS and voice A-Z lists) */
export const UPLOAD_PRODUCTS = ['sms', 'voice'] as const;
