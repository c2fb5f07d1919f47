import type { RewriteMatch } from '@portal/contracts/srm';
import { AppError } from '../../../platform/http/errors.js';

/**
 * A quantified group that itself holds a quantifier (`(a+)+`, `(\w*)*`, `(x|y+){2,}`): the shape of
 * catastrophic backtracking. Refused, since a rule runs on every message of the partner.
 */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*(?:[*+]|\{\d+,?\d*\})(?:[^()\\]|\\.)*\)(?:[*+]|\{\d+,?\d*\})/;

/** A rule's pattern as it runs: a literal, or a checked regular expression (global, Unicode). */
export function compileRule(match: RewriteMatch, pattern: string): RegExp | string {
  if (match === 'text') return pattern;
  if (NESTED_QUANTIFIER.test(pattern)) throw new AppError('SRM_REWRITE_PATTERN_INVALID', { vars: { value: pattern } });
  try {
    return new RegExp(pattern, 'gu');
  } catch {
    throw new AppError('SRM_REWRITE_PATTERN_INVALID', { vars: { value: pattern } });
  }
}

/** The text with every occurrence replaced (a regular expression's replacement may name groups: `$1`). */
export function applyRule(text: string, rule: RegExp | string, replacement: string): string {
  return typeof rule === 'string' ? text.split(rule).join(replacement) : text.replace(rule, replacement);
}
