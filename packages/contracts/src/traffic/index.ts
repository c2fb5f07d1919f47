import { z } from 'zod';
import { pageQuery, pageResult } from '../paging.js';
import { permOf, routeByPath } from '../routes/index.js';
import { coerceInt32, int32, int53, text } from '../validation/scalars.js';
import { APPOINTMENT_STATES } from './twoway.js';
import { ingestCc, ingestVoiceTask } from './voice.js';

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
  RESULTS_R: screen(`${BI}/resultsQuery/day/r-end`),
  VOICE_PERFORMANCE: screen(`${BI}/voicePerformance`),
  VOICE_CHANNELS: screen(`${BI}/channelVoiceQuery`),
  WA_RESULTS: screen(`${BI}/resultsQuery/wa`),
  MAIL_PERFORMANCE: screen(`${BI}/mailPerformance`),
  AGENT_PERFORMANCE: screen(`${BI}/agentPerformance`),
  ANTS: screen(`${BI}/resultsQuery/ants`),
  STAR_PROMOTERS: screen(`${BI}/star-promoter-performance`),
  GIFTS: screen(`${BI}/gift-performance`),
  /** decision 0138 */
  SMS_APPS: screen(`${BI}/app-query/sms`),
  VOICE_APPS: screen(`${BI}/app-query/voice`),
  /** decision 0144 */
  AGENT_QUERY: screen(`${BI}/agent-query/page`),
  /** decision 0147: one agent's referred customers */
  AGENT_CUSTOMERS: screen(`${BI}/agent-query/customer`),
  NUMBER_PERFORMANCE: screen(`${BI}/numberPerformance`),
  SIP_RECORDS: screen(`${BI}/voiceSipRecord`),
  CC_RECORDS: screen(`${BI}/voiceCcRecord`),
  VOICE_TASKS: screen(`${BI}/voiceTaskManagement`),
  VOS_ACCOUNTS: screen(`${BI}/vos-voice-account`),
  /** decision 0146: mixed-channel fallback plans and their results */
  MINX: screen(`${BI}/minxSolution`),
  /** create, edit, pause and resume a plan */
  MINX_EDIT: `${screen(`${BI}/minxSolution`)}:edit`,
  /** pause, resume or cancel a customer's voice campaign (the platform carries it out) */
  VOICE_TASK_CONTROL: `${screen(`${BI}/voiceTaskManagement`)}:control`,
  API_QUEUES: screen(`${BI}/apiQueueManage`),
  PORT_QUERY: screen(`${BI}/portquery`),
  /** one account's operation log (decision 0145); the account's own read key and scope apply as well */
  OPERATION_LOG: screen(`${BI}/operationLog`),
  WHATSAPP_RECORDS: screen(`${BI}/send-query/wa-send-record`),
  WA_SESSIONS: screen(`${BI}/wa-session-record`),
  MAIL_RECORDS: screen(`${BI}/mailSendingRecord`),
  TWO_WAY: screen(`${BI}/sms-bidirectional`),
  APPOINTMENTS: screen(`${BI}/sms-appointment-record`),
  /** cancel a scheduled send that still waits */
  APPOINTMENT_CANCEL: `${screen(`${BI}/sms-appointment-record`)}:cancel`,
  TWO_WAY_TASKS: screen(`${BI}/twowaytask`),
  AUTO_RECALL: screen(`${BI}/send-query/auto-recall-task`),
  /** start an auto-recall task */
  AUTO_RECALL_CREATE: `${screen(`${BI}/send-query/auto-recall-task`)}:create`,
  TWO_WAY_RULES: screen('/setModule/operate-set/two-way'),
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
const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .optional();
/** What the sender charged and paid for one line, as it sent it (every line kind that carries money). */
const pricedFields = {
  price: decimalString.optional(),
  cost: decimalString.optional(),
  currency: currencyCode,
  costCurrency: currencyCode,
};

const OTP_WORDS =
  /(验证码|校验码|动态码|动态密码|\botp\b|\bcode\b|verification|verify|passcode|password|\bpin\b|kode|c[oó]digo)/i;
/**
 * The OTP rule when the platform does not mark a submit (decision 0094): the text holds a code of 4 to 8
 * digits standing alone and a word that names it (code, OTP, verification, 验证码 …). Content that only
 * comes as a hash cannot be classified: not OTP.
 */
export const isOtpText = (content: string | undefined): boolean =>
  !!content && /(^|[^\d])\d{4,8}([^\d]|$)/.test(content) && OTP_WORDS.test(content);

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
  /** a one-time password; absent: classified from `content` (`isOtpText`), false without it (decision 0094) */
  otp: z.boolean().optional(),
  channelId: z.number().int().min(0).optional(),
  supplierMessageId: z.string().max(128).optional(),
  /** the scheduled batch (a `schedule` line's `batchId`) this message went out in (decision 0131) */
  batchId: z.string().min(1).max(64).optional(),
  submitAt: isoTime,
  status: z.enum(['accepted', 'rejected']).default('accepted'),
  error: z.string().max(32).optional(),
  ...pricedFields,
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
  ...pricedFields,
});
/** the other records: WhatsApp messages, mail sends and two-way (MO) messages a handset sent us */
export const MESSAGE_KINDS = ['whatsapp', 'mail', 'mo'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** WhatsApp conversation categories (Meta's pricing) */
export const WA_CATEGORIES = ['marketing', 'utility', 'authentication', 'service'] as const;
/** the last known state of a WhatsApp message or mail (an MO is `received`) */
export const MESSAGE_STATES = ['sent', 'delivered', 'read', 'opened', 'failed', 'bounced', 'received'] as const;
/** the states a rollup counts as delivered (read and opened were delivered first; an MO arrived) */
export const MESSAGE_DELIVERED_STATES = ['delivered', 'read', 'opened', 'received'] as const;
/** the rollups' product column: what was carried (mail sends are `email`, like the channels' product) */
export const TRAFFIC_PRODUCTS = ['sms', 'voice', 'whatsapp', 'email', 'mo'] as const;
export type TrafficProduct = (typeof TRAFFIC_PRODUCTS)[number];
/** the products sent (an MO is received): what the traffic port answers when no product is asked */
export const SENT_PRODUCTS = ['sms', 'voice', 'whatsapp', 'email'] as const satisfies readonly TrafficProduct[];
export const productOfKind = (kind: MessageKind): TrafficProduct => (kind === 'mail' ? 'email' : kind);
export const ingestMessage = z.object({
  type: z.literal('message'),
  kind: z.enum(MESSAGE_KINDS),
  /** the platform's id of the message (unique per kind) */
  id: z.string().min(1).max(64),
  account: z.string().min(1).max(64),
  /** WhatsApp: the business number; mail: the sender address; MO: the handset's number */
  from: z.string().min(1).max(254),
  /** WhatsApp: the recipient's number; mail: the recipient's address; MO: our number or sender id it went to */
  to: z.string().min(1).max(254),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  channelId: z.number().int().min(0).optional(),
  at: isoTime,
  state: z.enum(MESSAGE_STATES).optional(),
  stateAt: isoTime.optional(),
  error: z.string().max(64).optional(),
  /** WhatsApp: the conversation the message belongs to and its category */
  conversationId: z.string().max(64).optional(),
  category: z.enum(WA_CATEGORIES).optional(),
  /** mail: the subject line */
  subject: z.string().max(200).optional(),
  content: z.string().max(10_000).optional(),
  /** MO: our message id it answers; absent, the latest message of the account to that number within 3 days */
  replyTo: z.string().max(64).optional(),
  ...pricedFields,
});
export type IngestMessage = z.infer<typeof ingestMessage>;
/** the states a later update may bring, per kind (an MO has none: it is received once) */
export const UPDATE_STATES = {
  whatsapp: ['sent', 'delivered', 'read', 'failed'],
  mail: ['sent', 'delivered', 'opened', 'bounced', 'failed'],
} as const satisfies Record<'whatsapp' | 'mail', readonly (typeof MESSAGE_STATES)[number][]>;
/**
 * A state update of a stored WhatsApp message or mail (delivered, read, opened, bounced, failed after
 * the send): matched by the kind and our id; of several, the latest by `stateAt` is the record's.
 */
export const ingestState = z.object({
  type: z.literal('state'),
  kind: z.enum(['whatsapp', 'mail']),
  id: z.string().min(1).max(64),
  state: z.enum(MESSAGE_STATES),
  stateAt: isoTime,
  error: z.string().max(64).optional(),
});
export type IngestState = z.infer<typeof ingestState>;
/**
 * A scheduled send of the platform (decision 0124): booked (`waiting`), then `sent` or `cancelled`.
 * Keyed by the platform's batch id; a state moves on from `waiting` only (a report of `sent` also
 * overrides a cancellation staff made that came too late), anything else is a duplicate.
 */
export const ingestSchedule = z.object({
  type: z.literal('schedule'),
  batchId: z.string().min(1).max(64),
  account: z.string().min(1).max(64),
  senderId: z.string().min(1).max(32),
  numbers: z.number().int().min(1).max(100_000_000),
  segments: z.number().int().min(1).max(255).default(1),
  scheduledAt: isoTime,
  state: z.enum(APPOINTMENT_STATES).default('waiting'),
  /** when it was sent or cancelled (absent: the scheduled time, or now for a cancellation) */
  stateAt: isoTime.optional(),
});
export type IngestSchedule = z.infer<typeof ingestSchedule>;
/** how far ahead a send may be scheduled */
export const MAX_SCHEDULE_AHEAD_DAYS = 93;
/**
 * A two-way task the platform runs (decision 0124): an account's sends from one sender id in a window,
 * expecting replies. Keyed by the platform's task id; a later line with another name or window changes it.
 */
export const ingestTask = z
  .object({
    type: z.literal('task'),
    taskId: z.string().min(1).max(64),
    name: z.string().trim().min(1).max(100),
    account: z.string().min(1).max(64),
    senderId: z.string().min(1).max(32),
    startAt: isoTime,
    endAt: isoTime,
  })
  .refine((v) => Date.parse(v.endAt) > Date.parse(v.startAt), { path: ['endAt'], message: 'not after startAt' });
export type IngestTask = z.infer<typeof ingestTask>;
export const ingestLine = z.discriminatedUnion('type', [
  ingestSubmit,
  ingestDlr,
  ingestCdr,
  ingestMessage,
  ingestState,
  ingestSchedule,
  ingestTask,
  ingestCc,
  ingestVoiceTask,
]);
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
  /** the scheduled batch the messages went out in */
  batchId: z.string().max(64).optional(),
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
  /** the channel as "code name" (null: no channel, or one SRM no longer knows) */
  channelName: z.string().nullable(),
  supplierMessageId: z.string().nullable(),
  batchId: z.string().nullable(),
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
  /** the SIP final code (voiceSipRecord drills into the calls of one code) */
  sipCode: coerceInt32().optional(),
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
  channelName: z.string().nullable(),
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
  product: z.enum(TRAFFIC_PRODUCTS).default('sms'),
  groupBy: z.enum(['day', 'owner', 'customer', 'account', 'country', 'channel']).default('day'),
  ownerId: coerceInt32().optional(),
});
export type PerformanceQuery = z.infer<typeof performanceQuery>;
/** an amount of cost in its own currency (decision 0105) */
export const costAmount = z.object({ currency: z.string(), amount: z.string() });
export type CostAmount = z.infer<typeof costAmount>;
/**
 * Cost in its own currency (decision 0105): revenue is in `currency` (the price's); `costs` holds the
 * cost per currency (amounts other than zero); `cost` and `profit` only where every cost is in the
 * price's currency (null: some cost is in another currency, never added to or taken from revenue).
 */
/** one exchange rate a converted figure used: 1 `from` in `to` on `day`, entered for `effectiveDay` */
export const usedRate = z.object({
  from: z.string(),
  to: z.string(),
  day: z.string(),
  rate: z.string(),
  effectiveDay: z.string().nullable(),
});
/**
 * The converted margin (decision 0129): where some cost is in another currency than the price's, that
 * cost converted to the price's currency at the reference room's rate of the day (the row's day, else
 * the range's last day), with the rates used. `missing`: the cost currencies without a rate that day
 * (then cost, profit and margin are null: nothing is guessed).
 */
export const convertedFigures = z.object({
  cost: z.string().nullable(),
  profit: z.string().nullable(),
  /** profit / revenue, % with 2 decimals (null: no revenue, or a rate missing) */
  margin: z.string().nullable(),
  rates: z.array(usedRate),
  missing: z.array(z.string()),
});
export type ConvertedFigures = z.infer<typeof convertedFigures>;
const costFigures = {
  revenue: z.string(),
  costs: z.array(costAmount),
  cost: z.string().nullable(),
  profit: z.string().nullable(),
  /** null where every cost is in the price's currency (cost and profit above are then the figures) */
  converted: convertedFigures.nullable(),
};

/** A row per group and price currency. */
export const performanceRow = z.object({
  key: z.string(),
  /** the group's name for the reader: a sales owner, customer or account by name (null: the key says it) */
  label: z.string().nullable().optional(),
  currency: z.string(),
  count: int53(),
  segments: int53(),
  delivered: int53(),
  ...costFigures,
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

/**
 * c/performance/preview, r/performance/preview: one range of the C-end (direct) or R-end (reseller)
 * customers at a glance, every product, from the daily rollup: totals, products, sales and days,
 * each per price currency with the cost per currency (amounts are never added across currencies;
 * profit and margin only where every cost is in the price's currency, decision 0105).
 */
export const previewQuery = z.object({ ...scoped, ownerId: coerceInt32().optional() });
export type PreviewQuery = z.infer<typeof previewQuery>;
const previewFigures = {
  /** the currency of the revenue (the price's) */
  currency: z.string(),
  /** messages (an SMS of several parts is one), calls, WhatsApp messages, mails, MOs */
  count: int53(),
  /** delivered messages (SMS parts), answered calls */
  delivered: int53(),
  ...costFigures,
};
export const previewTotal = z.object({
  ...previewFigures,
  /** profit / revenue, % with 2 decimals (null: no revenue, or no profit) */
  margin: z.string().nullable(),
  customers: int53(),
});
export const previewProduct = z.object({ product: z.enum(TRAFFIC_PRODUCTS), ...previewFigures });
export const previewSales = z.object({
  ownerId: int32(),
  /** in the reader's language (null: the account has no sales owner, id 0) */
  name: z.string().nullable(),
  customers: int53(),
  ...previewFigures,
});
export const previewDay = z.object({ day: z.string(), ...previewFigures });
export const previewAnswer = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.array(previewTotal),
  products: z.array(previewProduct),
  /** by revenue, highest first */
  sales: z.array(previewSales),
  days: z.array(previewDay),
});
export type PreviewAnswer = z.infer<typeof previewAnswer>;

/**
 * agentPerformance (decision 0122): per agent — an R-end partner, a CRM customer of type R — and price
 * currency, its own traffic (what its accounts bought) and the traffic of the customers that came
 * through it (CRM `agent`), from the daily rollups; every sent product. A page of agents with the
 * totals of the whole filter. Data scope on the accounts' sales owner.
 */
export const agentPerformanceQuery = pageQuery.extend({
  ...range,
  /** one agent (its CRM customer id) */
  agentId: coerceInt32().optional(),
  /** the accounts' sales owner */
  ownerId: coerceInt32().optional(),
});
export type AgentPerformanceQuery = z.infer<typeof agentPerformanceQuery>;
const agentFigures = {
  currency: z.string(),
  /** the agent's own accounts: messages, calls, WhatsApp messages and mails */
  count: int53(),
  ...costFigures,
  /** the customers that came through the agent: their traffic in the range */
  referredCount: int53(),
  referredRevenue: z.string(),
  /** of those customers, how many had traffic in the range */
  referredCustomers: int53(),
};
export const agentPerformanceRow = z.object({
  agentId: int32(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  ...agentFigures,
});
export const agentPerformanceTotal = z.object({ ...agentFigures, agents: int53() });
export const agentPerformancePage = pageResult(agentPerformanceRow).extend({
  totals: z.array(agentPerformanceTotal),
});
export type AgentPerformancePage = z.infer<typeof agentPerformancePage>;

/** an "ant" customer sends at most this many messages, calls and mails in the range unless told otherwise */
export const ANT_MAX_COUNT = 100_000;
/**
 * resultsQuery/ants (decision 0129): the long tail — "ant" customers, each of whom sent little in the range
 * (at most `maxCount` messages, calls, WhatsApp messages and mails over every product and currency, and
 * more than none) — per customer and price currency from the daily rollups, largest volume first; the
 * totals per currency say how many ants there are and what share of all the revenue in scope they bring.
 */
export const antsQuery = pageQuery.extend({
  ...range,
  maxCount: coerceInt32().min(1).default(ANT_MAX_COUNT),
  /** the accounts' sales owner */
  ownerId: coerceInt32().optional(),
});
export type AntsQuery = z.infer<typeof antsQuery>;
const antFigures = { currency: z.string(), count: int53(), ...costFigures };
export const antRow = z.object({
  customerId: int32(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  ...antFigures,
});
export const antTotal = z.object({
  ...antFigures,
  /** ant customers with traffic in this currency */
  customers: int53(),
  /** the revenue of every customer in scope in this currency, and the ants' share of it, % with 2 decimals */
  allRevenue: z.string(),
  share: z.string().nullable(),
});
export const antsPage = pageResult(antRow).extend({ totals: z.array(antTotal) });
export type AntsPage = z.infer<typeof antsPage>;

/**
 * star-promoter-performance (decision 0136): per promoter — the staff member whose promotion link a
 * customer signed up through — the sign-ups of the range, how many of them became customers, how many of
 * the promoter's customers (any sign-up day) had traffic in the range ("dealt") and that traffic, per
 * price currency, from the daily rollups. Data scope on the promoter.
 */
export const starPromoterQuery = pageQuery.extend({
  ...range,
  /** one promoter (a staff user id) */
  promoterId: coerceInt32().optional(),
  /** the promoters of one department */
  departmentId: coerceInt32().optional(),
});
export type StarPromoterQuery = z.infer<typeof starPromoterQuery>;
const promoterCounts = {
  /** sign-ups left on the promoter's link in the range */
  signUps: int53(),
  /** of those, converted into a customer */
  customers: int53(),
  /** the promoter's customers (through any sign-up) with traffic in the range */
  dealt: int53(),
};
export const starPromoterRow = z.object({
  /** the ranking in the currency, largest revenue first (null: no traffic) */
  rank: int53().nullable(),
  promoterId: int32(),
  /** in the reader's language */
  name: z.string().nullable(),
  ...promoterCounts,
  /** null: the promoter's customers had no traffic in the range */
  currency: z.string().nullable(),
  count: int53(),
  ...costFigures,
});
export type StarPromoterRow = z.infer<typeof starPromoterRow>;
export const starPromoterTotal = z.object({ currency: z.string(), count: int53(), ...costFigures, promoters: int53() });
export const starPromoterPage = pageResult(starPromoterRow).extend({
  /** the sign-up counts of every promoter in the filter */
  counts: z.object({ ...promoterCounts, promoters: int53() }),
  totals: z.array(starPromoterTotal),
});
export type StarPromoterPage = z.infer<typeof starPromoterPage>;

/**
 * gift-performance (decision 0143): what our gifts bought — per consumer account and currency, the gift
 * recharges posted in the range (finance's ledger, through its port) beside the account's traffic of the
 * same UTC days from the daily rollups, and the gifts as a share of that revenue. Accounts with gifts only
 * unless `all` is 'true' (then every account with gifts or traffic). Data scope on the sales owner.
 */
export const giftQuery = pageQuery.extend({
  ...range,
  /** 'true': accounts with traffic and no gift too */
  all: z.enum(['true', 'false']).optional(),
  /** the accounts' sales owner */
  ownerId: coerceInt32().optional(),
  /** the sales owners of one department */
  departmentId: coerceInt32().optional(),
  /** one CRM customer's accounts */
  customerId: coerceInt32().optional(),
});
export type GiftQuery = z.infer<typeof giftQuery>;
const giftFigures = {
  currency: z.string(),
  /** gift entries posted in the range (a reversal is not a gift) */
  gifts: int53(),
  /** their net amount (reversals in the range subtracted), 6 places */
  giftAmount: z.string(),
  /** messages, calls, WhatsApp messages and mails sent */
  count: int53(),
  ...costFigures,
  /** gift amount / revenue, %, 2 places (null: no revenue) */
  giftRatio: z.string().nullable(),
};
export const giftRow = z.object({
  accountId: int32(),
  accountCode: z.string().nullable(),
  customerId: int32().nullable(),
  customerName: z.string().nullable(),
  ownerId: int32().nullable(),
  /** owner and department names in the reader's language */
  ownerName: z.string().nullable(),
  departmentName: z.string().nullable(),
  ...giftFigures,
});
export type GiftRow = z.infer<typeof giftRow>;
export const giftTotal = z.object({ ...giftFigures, accounts: int53() });
export const giftPage = pageResult(giftRow).extend({ totals: z.array(giftTotal) });
export type GiftPage = z.infer<typeof giftPage>;
/** the products a number sends (numberPerformance): MO is what comes back in on it */
export const NUMBER_PRODUCTS = ['sms', 'voice', 'whatsapp', 'email'] as const;
/**
 * numberPerformance (decision 0137): the performance of our sending numbers / sender ids — SMS sender id,
 * voice caller number, WhatsApp business number, mail sender address — per number, product and price
 * currency over whole UTC days of the range, from the sender rollup (`traffic_sender_daily`, never raw
 * records). Largest volume first; totals per currency over the whole filter. Data scope on the accounts'
 * sales owner.
 */
export const numberPerformanceQuery = pageQuery.extend({
  ...range,
  /** the number / sender id begins with this (a leading + of a typed number is dropped) */
  number: text()
    .max(64)
    .transform((v) => v.trim().replace(/^\+/, ''))
    .optional(),
  product: z.enum(NUMBER_PRODUCTS).optional(),
  accountId: coerceInt32().optional(),
  customerId: coerceInt32().optional(),
  /** the accounts' sales owner */
  ownerId: coerceInt32().optional(),
});
export type NumberPerformanceQuery = z.infer<typeof numberPerformanceQuery>;
const numberFigures = {
  currency: z.string(),
  /** messages, calls (attempts), WhatsApp messages, mails */
  count: int53(),
  /** SMS: delivered parts; voice: answered calls; WhatsApp / mail: in a delivered state */
  delivered: int53(),
  /** delivered / count in %, 2 decimals (SMS: parts over messages can pass 100 for long messages); null without traffic */
  deliveryRate: z.string().nullable(),
  /** voice: billed seconds */
  seconds: int53(),
  ...costFigures,
};
export const numberPerformanceRow = z.object({
  number: z.string(),
  product: z.enum(NUMBER_PRODUCTS),
  ...numberFigures,
  /** MO replies received on this number in the range (every currency; the same figure on each product row of the number) */
  moReplies: int53(),
  /** accounts that sent from it in the range */
  accounts: int53(),
});
export const numberPerformanceTotal = z.object({
  ...numberFigures,
  /** numbers with traffic in this currency */
  numbers: int53(),
});
export const numberPerformancePage = pageResult(numberPerformanceRow).extend({
  totals: z.array(numberPerformanceTotal),
  /** MO replies received on the numbers of the filter (product filter aside), each counted once */
  moReplies: int53(),
});
export type NumberPerformancePage = z.infer<typeof numberPerformancePage>;

/** wa-send-record, mailSendingRecord, sms-bidirectional: one kind's records of a range */
export const messageQuery = pageQuery.extend({
  ...scoped,
  /** the number or address on either side (exact) */
  party: z.string().max(254).optional(),
  state: z.enum(MESSAGE_STATES).optional(),
  conversationId: z.string().max(64).optional(),
  category: z.enum(WA_CATEGORIES).optional(),
  /** MO: the answers to one of our messages */
  replyTo: z.string().max(64).optional(),
});
export type MessageQuery = z.infer<typeof messageQuery>;
export const messageRow = z.object({
  at: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  id: z.string(),
  accountId: int32(),
  customerId: int32(),
  ownerId: int32(),
  from: z.string(),
  to: z.string(),
  country: z.string(),
  channelId: int32(),
  state: z.string(),
  stateAt: z.string().nullable(),
  error: z.string().nullable(),
  conversationId: z.string().nullable(),
  category: z.string().nullable(),
  subject: z.string().nullable(),
  length: int32(),
  replyTo: z.string().nullable(),
  /** the submit time of the message answered (opens its timeline) */
  replyToAt: z.string().nullable(),
  price: z.string(),
  cost: z.string(),
  currency: z.string(),
});
export const messageTotals = z.object({ records: int53(), revenue: z.string(), cost: z.string() });
export const messagePage = pageResult(messageRow).extend({ totals: messageTotals });

/** wa-session-record: the WhatsApp conversations whose messages fall in a range */
export const sessionQuery = pageQuery.extend({
  ...scoped,
  /** the business number or the recipient's (exact) */
  party: z.string().max(254).optional(),
  conversationId: z.string().max(64).optional(),
  category: z.enum(WA_CATEGORIES).optional(),
});
export type SessionQuery = z.infer<typeof sessionQuery>;
export const sessionRow = z.object({
  conversationId: z.string(),
  accountId: int32(),
  customerId: int32(),
  /** the business number and the recipient */
  from: z.string(),
  to: z.string(),
  country: z.string(),
  /** the category of the conversation's first message in the range */
  category: z.string().nullable(),
  firstAt: z.string(),
  lastAt: z.string(),
  messages: int53(),
  /** delivered or read */
  delivered: int53(),
  read: int53(),
  failed: int53(),
  revenue: z.string(),
  cost: z.string(),
  currency: z.string(),
});
export const sessionTotals = z.object({ sessions: int53(), messages: int53(), revenue: z.string(), cost: z.string() });
export const sessionPage = pageResult(sessionRow).extend({ totals: sessionTotals });

/** voiceSipRecord: the SIP final codes of the calls of a range (with the voice records' filters) */
export const sipQuery = z.object({
  ...scoped,
  channelId: coerceInt32().optional(),
  callee: dialled(),
});
export type SipQuery = z.infer<typeof sipQuery>;
export const sipRow = z.object({
  sipCode: int32(),
  calls: int53(),
  /** share of all calls of the filter, % with 2 decimals */
  share: z.string(),
  /** average post-dial delay of the code's calls, ms (null: none reported) */
  pdd: z.string().nullable(),
  lastAt: z.string(),
});
export const sipAnswer = z.object({ rows: z.array(sipRow), calls: int53() });

/**
 * apiQueueManage: per account and channel, the parts submitted in the last 24 hours still waiting
 * for a final delivery report (backlog), the parts of the last 5 minutes (rate) and the oldest
 * waiting part.
 */
export const queueQuery = z.object({
  accountId: coerceInt32().optional(),
  channelId: coerceInt32().optional(),
});
export const queueRow = z.object({
  accountId: int32(),
  channelId: int32(),
  backlog: int53(),
  /** parts per minute over the last 5 minutes */
  rate: z.string(),
  lastFive: int53(),
  oldestAt: z.string().nullable(),
  /** seconds the oldest waiting part has waited */
  oldestAge: int53().nullable(),
});
export const queueAnswer = z.object({
  rows: z.array(queueRow),
  /** the window's bounds: backlog since `since`, rate since `rateSince`, both to `at` */
  at: z.string(),
  since: z.string(),
  rateSince: z.string(),
});
/** the backlog window and the rate window of apiQueueManage */
export const QUEUE_WINDOW_HOURS = 24;
export const QUEUE_RATE_MINUTES = 5;
/** DLR states that are not final: a part holding one still waits */
export const PENDING_DLR_STATES = ['enroute'] as const;

export const rebuildRequest = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
export const rebuildAnswer = z.object({ day: z.string(), rows: int32() });

/** what an unmatched update was: an SMS DLR, or a WhatsApp / mail state line */
export const UNMATCHED_KINDS = ['sms', 'whatsapp', 'mail'] as const;
/** DLRs and state lines kept without their message (received in a range, at most 93 days) */
export const unmatchedQuery = pageQuery.extend({
  ...range,
  kind: z.enum(UNMATCHED_KINDS).optional(),
  /** our message id (exact) */
  id: z.string().max(64).optional(),
  state: z.enum([...new Set([...DLR_STATES, ...MESSAGE_STATES])] as [string, ...string[]]).optional(),
});
export type UnmatchedQuery = z.infer<typeof unmatchedQuery>;
export const unmatchedRow = z.object({
  kind: z.enum(UNMATCHED_KINDS),
  /** our id of the message it names */
  messageId: z.string(),
  /** the SMS part (a WhatsApp message or mail: 1) */
  part: int32(),
  state: z.string(),
  error: z.string().nullable(),
  /** the DLR or state time the sender gave */
  dlrAt: z.string(),
  receivedAt: z.string(),
  supplierMessageId: z.string().nullable(),
});

/** the timeline of one WhatsApp message or mail: its send, then every state update received */
export const messageTimelineQuery = z.object({ id: z.string().min(1).max(64), ...range });
export const messageTimelineEntry = z.object({
  at: z.string(),
  kind: z.enum(['send', 'state']),
  state: z.string(),
  error: z.string().nullable(),
  receivedAt: z.string(),
  /** true: the state the record holds now */
  current: z.boolean(),
});

export * from './agent-query.js';
export * from './apps.js';
export * from './minx.js';
export * from './oplog.js';
export * from './outbox.js';
export * from './portquery.js';
export * from './twoway.js';
export * from './twoway-review.js';
export * from './voice.js';
