import { type ErrorDef, Errors, errorMessage, type Locale, type MessageVar } from '@portal/contracts';
import type { z } from 'zod';
import { AppError } from '../http/errors.js';

/** The parts of a zod 4 issue the reasons need (structural: any schema's issues fit). */
type Issue = Pick<z.core.$ZodIssue, 'code'> & {
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  values?: readonly unknown[];
  expected?: string;
  input?: unknown;
};

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A zod issue as a catalogue entry and its variables (never zod's English default text). */
export function issueReason(issue: Issue): { def: ErrorDef; vars?: Record<string, MessageVar> } {
  const text = issue.origin === 'string' || issue.origin === undefined;
  switch (issue.code) {
    case 'invalid_type':
      if (blank(issue.input)) return { def: Errors.IMPORT_CELL_REQUIRED };
      return issue.expected === 'number' || issue.expected === 'int'
        ? { def: Errors.IMPORT_CELL_NOT_NUMBER }
        : { def: Errors.IMPORT_CELL_INVALID };
    case 'too_small': {
      const min = Number(issue.minimum ?? 0);
      if (text || issue.origin === 'array') {
        return min <= 1 ? { def: Errors.IMPORT_CELL_REQUIRED } : { def: Errors.IMPORT_CELL_TOO_SHORT, vars: { min } };
      }
      return { def: Errors.IMPORT_CELL_TOO_SMALL, vars: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum ?? 0);
      return text || issue.origin === 'array'
        ? { def: Errors.IMPORT_CELL_TOO_LONG, vars: { max } }
        : { def: Errors.IMPORT_CELL_TOO_LARGE, vars: { max } };
    }
    case 'invalid_value':
      return { def: Errors.IMPORT_CELL_CHOICE, vars: { values: (issue.values ?? []).map(String).join(', ') } };
    case 'invalid_format':
      return { def: Errors.IMPORT_CELL_FORMAT };
    default:
      return { def: Errors.IMPORT_CELL_INVALID };
  }
}

/** A zod issue as the reason of a bad import row, with its catalogue code, in the caller's language. */
export function issueText(issue: Issue, locale: Locale) {
  const { def, vars } = issueReason(issue);
  return { code: def.code, message: errorMessage(def, locale, vars) };
}

/** What a column's parser threw, as a reason: a catalogue error keeps its own, anything else is an invalid value. */
export function thrownText(err: unknown, locale: Locale) {
  if (err instanceof AppError) return { code: err.def.code, message: err.message_(locale) };
  return { code: Errors.IMPORT_CELL_INVALID.code, message: errorMessage(Errors.IMPORT_CELL_INVALID, locale) };
}
