import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { INT32_MAX, text } from '../validation/scalars.js';
import type { FieldKind, FieldSpec } from './kinds.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** a money amount in minor units stays exact in a JavaScript number and in bigint columns */
const MONEY_MAX = Number.MAX_SAFE_INTEGER;
const MAX_ATTACHMENTS = 20;

function safePattern(pattern: string | undefined): RegExp | null {
  if (!pattern) return null;
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

/** a day that exists: `Date.parse` takes 2026-02-30 as 2 March, so the day must read back the same */
const isoDate = z
  .string()
  .regex(DATE, 'a date (YYYY-MM-DD)')
  .refine((v) => {
    const t = Date.parse(v);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
  }, 'a date (YYYY-MM-DD)');

/**
 * A reference to a record of another area: its id, or (until that area's records exist) a typed
 * code of at most 64 characters.
 */
const reference = z.union([z.number().int().positive().max(INT32_MAX), text().trim().min(1).max(64)], 'a reference id');

function numberWithin(base: z.ZodNumber, spec: FieldSpec): z.ZodNumber {
  let n = base;
  if (spec.rules?.min !== undefined) n = n.min(spec.rules.min);
  if (spec.rules?.max !== undefined) n = n.max(spec.rules.max);
  return n;
}

const byKind: Record<FieldKind, (spec: FieldSpec) => z.ZodType> = {
  text: (spec) => {
    let s = text()
      .trim()
      .min(spec.rules?.minLength ?? 1);
    if (spec.rules?.maxLength !== undefined) s = s.max(spec.rules.maxLength);
    const re = safePattern(spec.rules?.pattern);
    return re ? s.regex(re, 'the expected format') : s;
  },
  textarea: (spec) => byKind.text(spec),
  email: () => text().trim().max(254).email('an e-mail address'),
  phone: () =>
    z
      .string()
      .trim()
      .regex(/^\+\d{6,15}$/, 'a phone number in international form (+country code and number)')
      .refine((v) => isValidPhoneNumber(v), 'a valid phone number'),
  number: (spec) => numberWithin(z.number('a number'), spec),
  money: (spec) =>
    numberWithin(z.number('a number').int('money in minor units (an integer)'), spec)
      .min(spec.rules?.min ?? -MONEY_MAX)
      .max(spec.rules?.max ?? MONEY_MAX),
  percent: (spec) =>
    numberWithin(z.number('a number'), spec)
      .min(spec.rules?.min ?? 0)
      .max(spec.rules?.max ?? 100)
      .refine((v) => Math.round(v * 100) === v * 100, 'at most two decimals'),
  date: () => isoDate,
  datetime: () => z.iso.datetime({ offset: true, message: 'a date and time (ISO 8601)' }),
  boolean: () => z.boolean('yes or no'),
  enum: (spec) => optionSchema(spec.options, 'one of the choices') ?? text().trim().min(1),
  dict: () => text().trim().min(1).max(64),
  user: () => reference,
  department: () => reference,
  customer: () => reference,
  supplier: () => reference,
  country: () => text().regex(/^[A-Z]{2}$/, 'a country code (ISO 3166-1, two letters)'),
  operator: () => text().regex(/^\d{3}\d{2,3}$/, 'a network code (MCC + MNC, 5 or 6 digits)'),
  attachment: (spec) => {
    const ids = z.array(text().min(1).max(64), 'a list of file ids').max(MAX_ATTACHMENTS);
    return spec.required ? ids.min(1) : ids;
  },
};

/**
 * One of an enum's options: text values as a zod enum, numbers (a spec's 0 / 1 state) as literals;
 * undefined when there are none.
 */
export function optionSchema(options: FieldSpec['options'], message?: string): z.ZodType | undefined {
  const values = options?.map((o) => o.value) ?? [];
  if (!values.length) return undefined;
  return values.every((v) => typeof v === 'string')
    ? z.enum(values as [string, ...string[]], message)
    : z.literal(values as [string | number, ...(string | number)[]], message);
}

/** The one schema of a field's value: its kind's shape and the field's rules; optional unless required. */
export function fieldValueSchema(spec: FieldSpec): z.ZodType {
  const s = byKind[spec.kind](spec);
  return spec.required ? s : s.optional();
}

/** A value counts as not given: undefined, null, '' or an empty list. */
export const isEmptyValue = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
