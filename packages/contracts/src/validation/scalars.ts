import { z } from 'zod';

/**
 * The shared scalar schemas: every string and integer a contract accepts goes through one of
 * these, so what reaches the database always fits its column (PostgreSQL `integer` is 32-bit;
 * `text` and `jsonb` refuse NUL, `jsonb` refuses unpaired UTF-16 surrogates).
 */

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** A number that fits an `integer` column. */
export const int32 = () => z.number().int().min(INT32_MIN).max(INT32_MAX);
/** A query or path value (text) coerced to a number that fits an `integer` column. */
export const coerceInt32 = () => z.coerce.number().int().min(INT32_MIN).max(INT32_MAX);
/** The id of a row with a serial (`integer`) key: 1 .. 2^31-1. */
export const int32Id = () => int32().positive();
/** A number that fits a `bigint` column read in number mode (a safe integer, up to 2^53-1). */
export const int53 = () => z.number().int();

/** Message of the text refinement; the error path turns it into INVALID_CHARACTER naming the field. */
export const INVALID_CHARACTER_MESSAGE = 'contains a NUL character or an unpaired UTF-16 surrogate';

/** Index of the first NUL or unpaired surrogate in `s`, or -1 when the text is well formed. */
export function invalidCharAt(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return i;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return i;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return i;
  }
  return -1;
}

/** Replaces every NUL and unpaired surrogate with U+FFFD (what may be stored when text cannot be refused). */
export function wellFormedText(s: string): string {
  if (invalidCharAt(s) < 0) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += s[i]! + s[i + 1]!;
        i++;
      } else out += '\ufffd';
    } else if (c === 0 || (c >= 0xdc00 && c <= 0xdfff)) out += '\ufffd';
    else out += s[i];
  }
  return out;
}

/** Every string of the contracts: refuses NUL and unpaired surrogates (they would fail in the database). */
export const text = () => z.string().refine((s) => invalidCharAt(s) < 0, { message: INVALID_CHARACTER_MESSAGE });

/** A plain (non-integer) number: finite and within ±10^15, so sums and comparisons stay exact enough. */
export const decimal = () => z.number().min(-1e15).max(1e15);
