import { PRODUCT_CATEGORIES, QUOTE_CATEGORIES } from '@portal/contracts/quotation';
import { SEND_PAGES, type SendPageKey } from './send-pages';

/** A price row's category as the screens choose it: 'standard' is the row without one (decision 0108). */
export type Category = 'standard' | 'otp' | 'ai' | 'marketing' | 'utility' | 'authentication' | 'service';

/** The choices of a product: the standard rows first, then the categories it prices apart (none: standard only). */
export const categoryChoices = (product: string): Category[] => [
  'standard',
  ...((PRODUCT_CATEGORIES[product] ?? []) as Category[]),
];

/** An import's choices for the whole list: standard, and the OTP / AI-voice categories of the product. */
export const importCategoryChoices = (product: string): Category[] =>
  categoryChoices(product).filter((c) => c === 'standard' || (QUOTE_CATEGORIES as readonly string[]).includes(c));

/** The category as the API takes it: none for the standard rows. */
export const categoryParam = (c?: Category) => (c === 'standard' ? undefined : c);

/**
 * The send page of a price list's rows: the OTP or AI-voice page when the list shows that category.
 * (From the send pages' settings, not the route map's key list: that one sits in the shell's first load.)
 */
export const sendPageFor = (product: string, category?: Category): SendPageKey | undefined => {
  const key = category === 'otp' || category === 'ai' ? `${category}-${product}` : product;
  return key in SEND_PAGES ? (key as SendPageKey) : undefined;
};
