import { z } from 'zod';
import { text } from '../validation/scalars.js';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 does not). */
export const day = () =>
  z.string().refine((v) => {
    const m = DAY.exec(v);
    if (!m) return false;
    const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
    return d.toISOString().slice(0, 10) === v;
  }, 'a day (YYYY-MM-DD)');

export const countryCode = () => text().regex(/^[A-Z]{2}$/, 'a country code (ISO 3166-1, two capital letters)');
export const currencyCode = () => text().regex(/^[A-Z]{3}$/, 'a currency code (ISO 4217, three capital letters)');
export const mccmnc = () => text().regex(/^\d{5,6}$/, 'a network code (MCC + MNC, 5 or 6 digits)');

/** An exchange rate as a decimal string: positive, at most 12 integer and 10 fraction digits. */
export const rateText = () =>
  text()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,10})?$/, 'a positive decimal rate such as 7.1234 (at most 10 decimals)')
    .refine((v) => /[1-9]/.test(v), 'a rate above zero');

/** A name typed once in each language. */
export const nameZh = () => text().trim().min(1).max(128);
export const nameEn = () => text().trim().min(1).max(128);
export const keyword = () => text().trim().max(64).optional();
/** the row version an update was based on (optimistic check: a stale one answers CONFLICT) */
export const version = () => z.number().int().min(0).max(2_147_483_647);
