/**
 * Codes the web client treats specially (spec section 8) and the codes the sign-in page and the
 * shell act on. A module of their own, written as numbers: the first page imports these, not the
 * whole catalogue with its messages (errors.test.ts checks each against `Errors`).
 */
export const SpecialCodes = {
  SESSION_EXPIRED: 10010002,
  REFRESH_INVALID: 10010007,
  BAD_CREDENTIALS: 10010001,
  CAPTCHA_REQUIRED: 10010003,
  CAPTCHA_WRONG: 10010004,
  NO_MAILBOX: 10170036,
  SUCCESS_TOAST: 10170039,
  ALIAS_CHANGE_PENDING: 10050027,
  ALIAS_TAKEN: 10050016,
  CANNOT_EXECUTE: [10060053, 10060054, 10060058, 10060059] as readonly number[],
} as const;
