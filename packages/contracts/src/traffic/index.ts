import { z } from 'zod';
import { pageQuery, pageResult } from '../paging.js';
import { permOf, routeByPath } from '../routes/index.js';
import { coerceInt32, int32, int53, text } from '../validation/scalars.js';

const screen = (path: string): string => {
  const route = routeByPath(path);
  if (!route) throw new Error(`traffic: no route ${path}`);
  return permOf(route);
};
const BI = '/businessInquiry';

/** Permission keys of the traffic room, derived from the route registry. */
export const TrafficPerm = {
  SMS_RECORDS: screen(`${BI}/sendRcdQuery`),
  VOICE_RECORDS: screen(`${BI}/voiceRecordQuery`),
  SMS_PERFORMANCE: screen(`${BI}/smsPerformance`),
  RESULTS_C: screen(`${BI}/resultsQuery/day/c-end`),
  /** create ingestion clients, list unmatched DLRs */
  INGEST_ADMIN: `${screen(`${BI}/sendRcdQuery`)}:ingest`,
  /** rebuild one day's rollups */
  ROLLUP_REBUILD: `${screen(`${BI}/smsPerformance`)}:rebuild`,
} as const;

/** SMPP final states a DLR carries (plus `enroute`, an intermediate report kept on the timeline). */
export const DLR_STATES = [
  'delivered',
  'expired',
  'deleted',
  'undeliverable',
  'accepted',
  'unknown',
  'rejected',
  'enroute',
] as const;
export type DlrState = (typeof DLR_STATES)[number];

/** the status a record is counted under in rollups */
export const SMS_STATUSES = ['pending', 'submit_rejected', ...DLR_STATES] as const;

/** the OAuth scope of the ingestion API */
export const INGEST_SCOPE = 'traffic.ingest';
/** a query screen covers at most this many days */
export const MAX_RANGE_DAYS = 93;
/** lines of one NDJSON batch */
export const MAX_BATCH_LINES = 10_000;

const decimalString = z.string().regex(/^-?\d{1,14}(\.\d{1,6})?$/, 'a decimal with at most 6 decimals');
const isoTime = z.iso.datetime({ offset: true });
const digits = z.string().regex(/^\d{6,15}$/, 'E.164 digits without +');

/** One line of an ingestion batch: a submit (one part of a message), a delivery report, or a call record. */
export const ingestSubmit = z.object({
  type: z.literal('submit'),
  messageId: z.string().min(1).max(64),
  part: z.number().int().min(1).max(255).default(1),
  parts: z.number().int().min(1).max(255).default(1),
  account: z.string().min(1).max(64),
  subAccount: z.string().max(64).optional(),
  senderId: z.string().max(32).optional(),
  number: digits,
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  network: z
    .string()
    .regex(/^\d{5,6}$/)
    .optional(),
  /** the text itself (hashed, never stored) or its hash + encoding + length */
  content: z.string().max(10_000).optional(),
  contentHash: z.string().max(128).optional(),
  channelId: z.number().int().min(0).optional(),
  supplierMessageId: z.string().max(128).optional(),
  submitAt: isoTime,
  status: z.enum(['accepted', 'rejected']).default('accepted'),
  error: z.string().max(32).optional(),
  price: decimalString.optional(),
  cost: decimalString.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  costCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
export const ingestDlr = z.object({
  type: z.literal('dlr'),
  messageId: z.string().min(1).max(64),
  part: z.number().int().min(1).max(255).default(1),
  state: z.enum(DLR_STATES),
  error: z.string().max(32).optional(),
  dlrAt: isoTime,
  supplierMessageId: z.string().max(128).optional(),
});
export const ingestCdr = z.object({
  type: z.literal('cdr'),
  callId: z.string().min(1).max(64),
  account: z.string().min(1).max(64),
  caller: z.string().min(1).max(32),
  callee: digits,
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  network: z
    .string()
    .regex(/^\d{5,6}$/)
    .optional(),
  ingressGateway: z.string().max(64).optional(),
  egressGateway: z.string().max(64).optional(),
  channelId: z.number().int().min(0).optional(),
  setupAt: isoTime,
  answerAt: isoTime.optional(),
  endAt: isoTime.optional(),
  billedDuration: z.number().int().min(0).optional(),
  sipCode: z.number().int().min(100).max(699),
  pddMs: z.number().int().min(0).max(600_000).optional(),
  price: decimalString.optional(),
  cost: decimalString.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  costCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
export const ingestLine = z.discriminatedUnion('type', [ingestSubmit, ingestDlr, ingestCdr]);
export type IngestLine = z.infer<typeof ingestLine>;
export type IngestSubmit = z.infer<typeof ingestSubmit>;
export type IngestDlr = z.infer<typeof ingestDlr>;
export type IngestCdr = z.infer<typeof ingestCdr>;

/** the answer to each line: stored, already there, a DLR kept unmatched, or refused with a code */
export const ingestLineResult = z.object({
  line: int32(),
  result: z.enum(['stored', 'duplicate', 'unmatched', 'error']),
  code: int32().optional(),
  msg: z.string().optional(),
});
export const ingestResult = z.object({
  stored: int32(),
  duplicate: int32(),
  unmatched: int32(),
  errors: int32(),
  lines: z.array(ingestLineResult),
});
export type IngestResult = z.infer<typeof ingestResult>;

export const tokenRequest = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: z.string().min(1).max(64),
  client_secret: z.string().min(1).max(256),
  scope: z.string().max(256).optional(),
});
export const tokenAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: int32(),
  scope: z.string(),
});
export const clientCreate = z.object({ name: text().min(1).max(64) });
export const clientCreated = z.object({ clientId: z.string(), clientSecret: z.string(), name: z.string() });

/** a required time range (ISO times); missing or too long is refused with a TRF_ code, not a schema error */
const range = {
  from: isoTime.optional(),
  to: isoTime.optional(),
};
/** every record query: the range and whose traffic (the caller's data scope narrows it further) */
const scoped = {
  ...range,
  accountId: coerceInt32().optional(),
  customerId: coerceInt32().optional(),
};
/** a called number as typed in a search form: digits, optionally with the leading + */
const dialled = () =>
  z
    .string()
    .regex(/^\+?\d{3,15}$/)
    .optional();

export const smsRecordQuery = pageQuery.extend({
  ...scoped,
  number: dialled(),
  messageId: z.string().max(64).optional(),
  channelId: coerceInt32().optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  status: z.enum(SMS_STATUSES).optional(),
});
export type SmsRecordQuery = z.infer<typeof smsRecordQuery>;

export const smsRecordRow = z.object({
  submitAt: z.string(),
  messageId: z.string(),
  part: int32(),
  parts: int32(),
  accountId: int32(),
  customerId: int32(),
  ownerId: int32(),
  senderId: z.string().nullable(),
  number: z.string(),
  country: z.string(),
  network: z.string(),
  encoding: z.string(),
  segments: int32(),
  channelId: int32(),
  supplierMessageId: z.string().nullable(),
  submitStatus: z.string(),
  dlrState: z.string().nullable(),
  dlrError: z.string().nullable(),
  dlrAt: z.string().nullable(),
  price: z.string(),
  cost: z.string(),
  currency: z.string(),
  costCurrency: z.string(),
});
export const smsTotals = z.object({ records: int53(), delivered: int53(), revenue: z.string(), cost: z.string() });
export const smsRecordPage = pageResult(smsRecordRow).extend({ totals: smsTotals });

export const timelineQuery = z.object({ messageId: z.string().min(1).max(64), ...range });
export const timelineEntry = z.object({
  at: z.string(),
  part: int32(),
  kind: z.enum(['submit', 'dlr']),
  state: z.string(),
  error: z.string().nullable(),
  receivedAt: z.string(),
  /** false: a DLR older than the state the record holds (kept, not applied) */
  applied: z.boolean(),
});

export const voiceRecordQuery = pageQuery.extend({
  ...scoped,
  callee: dialled(),
  callId: z.string().max(64).optional(),
  channelId: coerceInt32().optional(),
  answered: z.enum(['yes', 'no']).optional(),
});
export type VoiceRecordQuery = z.infer<typeof voiceRecordQuery>;
export const voiceRecordRow = z.object({
  setupAt: z.string(),
  callId: z.string(),
  accountId: int32(),
  customerId: int32(),
  ownerId: int32(),
  caller: z.string(),
  callee: z.string(),
  country: z.string(),
  ingressGateway: z.string().nullable(),
  egressGateway: z.string().nullable(),
  channelId: int32(),
  answerAt: z.string().nullable(),
  endAt: z.string().nullable(),
  duration: int32(),
  billedDuration: int32(),
  sipCode: int32(),
  pddMs: int32().nullable(),
  price: z.string(),
  cost: z.string(),
  currency: z.string(),
});
export const voiceTotals = z.object({ attempts: int53(), answered: int53(), seconds: int53(), revenue: z.string() });
export const voiceRecordPage = pageResult(voiceRecordRow).extend({ totals: voiceTotals });

/** performance screens over the daily rollup */
export const performanceQuery = z.object({
  ...scoped,
  product: z.enum(['sms', 'voice']).default('sms'),
  groupBy: z.enum(['day', 'owner', 'customer', 'account', 'country', 'channel']).default('day'),
  ownerId: coerceInt32().optional(),
});
export type PerformanceQuery = z.infer<typeof performanceQuery>;
export const performanceRow = z.object({
  key: z.string(),
  currency: z.string(),
  count: int53(),
  segments: int53(),
  delivered: int53(),
  revenue: z.string(),
  cost: z.string(),
  profit: z.string(),
  answered: int53(),
  minutes: z.string(),
  /** answer-seizure ratio, % (voice) */
  asr: z.string().nullable(),
  /** average call duration, seconds (voice) */
  acd: z.string().nullable(),
  /** average post-dial delay, ms (voice) */
  pdd: z.string().nullable(),
});
export const performanceAnswer = z.object({ rows: z.array(performanceRow) });

export const rebuildRequest = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
export const rebuildAnswer = z.object({ day: z.string(), rows: int32() });

export const unmatchedQuery = pageQuery.extend(range);
export const unmatchedRow = z.object({
  messageId: z.string(),
  part: int32(),
  state: z.string(),
  error: z.string().nullable(),
  dlrAt: z.string(),
  receivedAt: z.string(),
  supplierMessageId: z.string().nullable(),
});
