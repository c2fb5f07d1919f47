import { z } from 'zod';

/** `portquery` (携号转网查询): at most this many numbers in one look-up */
export const PORTQUERY_MAX_NUMBERS = 1000;
/** how far back our own traffic is read for the network a number was last seen on (the query screens' range) */
export const PORTQUERY_WINDOW_DAYS = 93;

/** the numbers as staff pasted them: one text (split on new lines, commas, semicolons, tabs) or a list */
export const portQueryBody = z.object({
  numbers: z.union([z.string().max(40_000), z.array(z.string().max(40)).max(5_000)]),
});
export type PortQueryBody = z.infer<typeof portQueryBody>;

/** why an input line is not a number we can look up */
export const PORTQUERY_REFUSALS = ['not_a_number', 'no_country', 'not_possible', 'duplicate'] as const;
export type PortQueryRefusal = (typeof PORTQUERY_REFUSALS)[number];

/**
 * ported: `yes` when the network last seen in our traffic is another operator than the one the
 * number range belongs to; `no` when it is the same operator; `unknown` when either is unknown.
 */
export const PORTED = ['yes', 'no', 'unknown'] as const;
export type Ported = (typeof PORTED)[number];

const network = z.object({ mccmnc: z.string(), name: z.string(), nameEn: z.string() });

export const portQueryRow = z.object({
  /** E.164 with "+" */
  e164: z.string(),
  country: z.string(),
  /** libphonenumber-js's type (MOBILE, FIXED_LINE_OR_MOBILE…), null when it cannot tell */
  numberType: z.string().nullable(),
  /** the operator the number's range was allocated to, by the numbering data we keep; null: not known */
  original: network.nullable(),
  /** the number range that answered (national significant prefix), null when none */
  range: z.string().nullable(),
  /** the network of the newest SMS record to the number in the window, from its delivery report */
  lastSeen: network.nullable(),
  lastSeenAt: z.string().nullable(),
  ported: z.enum(PORTED),
});
export type PortQueryRow = z.infer<typeof portQueryRow>;

export const portQueryAnswer = z.object({
  rows: z.array(portQueryRow),
  refused: z.array(z.object({ input: z.string(), reason: z.enum(PORTQUERY_REFUSALS) })),
  /** the window our traffic was read in */
  from: z.string(),
  to: z.string(),
});
export type PortQueryAnswer = z.infer<typeof portQueryAnswer>;
