import { z } from 'zod';
import { pageQuery, pageResult } from '../paging.js';
import { coerceInt32, int32, int53 } from '../validation/scalars.js';

/**
 * Voice beyond the plain call records (decision 0130): the calls of customers' call-centre seats
 * (`voiceCcRecord`) and customers' outbound voice campaigns (`voiceTaskManagement`), both reported by
 * the platform through the ingestion API; staff pause, resume or cancel a campaign and the platform
 * reads those requests back as a feed.
 */

const isoTime = z.iso.datetime({ offset: true });
const range = { from: isoTime.optional(), to: isoTime.optional() };
const scoped = { ...range, accountId: coerceInt32().optional(), customerId: coerceInt32().optional() };
const phone = z.string().regex(/^\d{3,15}$/, 'digits without +');

/** how a call-centre call ended */
export const CC_RESULTS = ['answered', 'abandoned', 'no_answer', 'busy', 'failed', 'transferred'] as const;
export type CcResult = (typeof CC_RESULTS)[number];
export const CC_DIRECTIONS = ['inbound', 'outbound'] as const;

/**
 * One call of a customer's call centre: a call offered to a queue (inbound) or dialled by a seat
 * (outbound), keyed by the platform's call id (once, whatever its start time says later).
 */
export const ingestCc = z
  .object({
    type: z.literal('cc'),
    callId: z.string().min(1).max(64),
    account: z.string().min(1).max(64),
    direction: z.enum(CC_DIRECTIONS),
    /** the customer's queue / skill group and the seat (agent position) that took the call */
    queue: z.string().min(1).max(64),
    seat: z.string().max(64).optional(),
    agent: z.string().max(64).optional(),
    /** the outside party (E.164 digits) and the call centre's own line */
    number: phone,
    line: z.string().max(32).optional(),
    startAt: isoTime,
    answerAt: isoTime.optional(),
    endAt: isoTime,
    /** seconds in the queue before a seat answered or the caller hung up */
    waitSeconds: z.number().int().min(0).max(86_400),
    talkSeconds: z.number().int().min(0).max(86_400).default(0),
    result: z.enum(CC_RESULTS),
    /** where the recording lies (the platform's reference), when recorded */
    recording: z.string().max(256).optional(),
  })
  .refine((v) => Date.parse(v.endAt) >= Date.parse(v.startAt), { path: ['endAt'], message: 'before startAt' })
  .refine((v) => v.result !== 'answered' || v.seat, { path: ['seat'], message: 'an answered call names its seat' });
export type IngestCc = z.infer<typeof ingestCc>;

/** a voice campaign's life: scheduled → running ⇄ paused → finished; cancelled from any but finished */
export const VOICE_TASK_STATES = ['scheduled', 'running', 'paused', 'finished', 'cancelled'] as const;
export type VoiceTaskState = (typeof VOICE_TASK_STATES)[number];
export const VOICE_TASK_FINAL = ['finished', 'cancelled'] as const satisfies readonly VoiceTaskState[];
/** what staff may ask the platform to do with a campaign */
export const VOICE_TASK_REQUESTS = ['pause', 'resume', 'cancel'] as const;
export type VoiceTaskRequest = (typeof VOICE_TASK_REQUESTS)[number];
/** the states each request may be made in */
export const VOICE_TASK_REQUEST_FROM: Record<VoiceTaskRequest, readonly VoiceTaskState[]> = {
  pause: ['scheduled', 'running'],
  resume: ['paused'],
  cancel: ['scheduled', 'running', 'paused'],
};
/** the state that shows a request was carried out */
export const VOICE_TASK_REQUEST_TO: Record<VoiceTaskRequest, VoiceTaskState> = {
  pause: 'paused',
  resume: 'running',
  cancel: 'cancelled',
};

/**
 * A customer's outbound voice campaign as the platform reports it, again on every progress step:
 * keyed by the platform's task id; counts never go back, a finished or cancelled campaign stays so.
 */
export const ingestVoiceTask = z
  .object({
    type: z.literal('voicetask'),
    taskId: z.string().min(1).max(64),
    account: z.string().min(1).max(64),
    name: z.string().trim().min(1).max(100),
    /** the number the calls show */
    caller: z.string().min(1).max(32),
    /** numbers to call, called so far, answered */
    numbers: z.number().int().min(1).max(10_000_000),
    attempted: z.number().int().min(0).max(10_000_000).default(0),
    answered: z.number().int().min(0).max(10_000_000).default(0),
    startAt: isoTime,
    endAt: isoTime,
    state: z.enum(VOICE_TASK_STATES),
    stateAt: isoTime.optional(),
  })
  .refine((v) => Date.parse(v.endAt) > Date.parse(v.startAt), { path: ['endAt'], message: 'not after startAt' })
  .refine((v) => v.attempted <= v.numbers, { path: ['attempted'], message: 'more than numbers' })
  .refine((v) => v.answered <= v.attempted, { path: ['answered'], message: 'more than attempted' });
export type IngestVoiceTask = z.infer<typeof ingestVoiceTask>;

/** voiceCcRecord: the range is on the call's start */
export const ccRecordQuery = pageQuery.extend({
  ...scoped,
  number: z
    .string()
    .regex(/^\+?\d{3,15}$/)
    .optional(),
  callId: z.string().max(64).optional(),
  seat: z.string().max(64).optional(),
  queue: z.string().max(64).optional(),
  direction: z.enum(CC_DIRECTIONS).optional(),
  result: z.enum(CC_RESULTS).optional(),
});
export type CcRecordQuery = z.infer<typeof ccRecordQuery>;
export const ccRecordRow = z.object({
  startAt: z.string(),
  callId: z.string(),
  accountId: int32(),
  customerId: int32(),
  ownerId: int32(),
  direction: z.enum(CC_DIRECTIONS),
  queue: z.string(),
  seat: z.string().nullable(),
  agent: z.string().nullable(),
  number: z.string(),
  line: z.string().nullable(),
  answerAt: z.string().nullable(),
  endAt: z.string(),
  waitSeconds: int32(),
  talkSeconds: int32(),
  result: z.enum(CC_RESULTS),
  recording: z.string().nullable(),
});
export const ccTotals = z.object({ calls: int53(), answered: int53(), waitSeconds: int53(), talkSeconds: int53() });
export const ccRecordPage = pageResult(ccRecordRow).extend({ totals: ccTotals });

/** voiceTaskManagement: the range is on the campaign's start */
export const voiceTaskQuery = pageQuery.extend({
  ...scoped,
  state: z.enum(VOICE_TASK_STATES).optional(),
  taskId: z.string().max(64).optional(),
});
export type VoiceTaskQuery = z.infer<typeof voiceTaskQuery>;
export const voiceTaskRow = z.object({
  id: int32(),
  taskId: z.string(),
  name: z.string(),
  accountId: int32(),
  customerId: int32(),
  ownerId: int32(),
  caller: z.string(),
  numbers: int32(),
  attempted: int32(),
  answered: int32(),
  startAt: z.string(),
  endAt: z.string(),
  state: z.enum(VOICE_TASK_STATES),
  stateAt: z.string(),
  /** the last request staff made, when, by whom; `null` none */
  request: z.enum(VOICE_TASK_REQUESTS).nullable(),
  requestedAt: z.string().nullable(),
  requestedBy: int32().nullable(),
  /** the platform has not carried out the request yet */
  requestPending: z.boolean(),
  reportedAt: z.string(),
});
export type VoiceTaskRow = z.infer<typeof voiceTaskRow>;
export const voiceTaskPage = pageResult(voiceTaskRow);
export const voiceTaskRequestBody = z.object({ request: z.enum(VOICE_TASK_REQUESTS) });

/** the requests staff made, for the platform to carry out: a feed like the cancellations of 0124 */
export const voiceTaskRequestFeed = z.object({
  rows: z.array(
    z.object({
      taskId: z.string(),
      account: z.string(),
      request: z.enum(VOICE_TASK_REQUESTS),
      requestedAt: z.string(),
    }),
  ),
  next: z.string().nullable(),
});
export type VoiceTaskRequestFeed = z.infer<typeof voiceTaskRequestFeed>;

/**
 * vos-voice-account: the accounts carrying voice (the VOS switch's accounts) in my data scope, with the
 * balance and credit the ledger holds now and their last 7 days of calls from the rollups. No range:
 * it is the state now (the daily history is finance's balanceReport/vos, decision 0119).
 */
export const vosAccountQuery = pageQuery.extend({
  accountId: coerceInt32().optional(),
  customerId: coerceInt32().optional(),
  billing: z.enum(['prepaid', 'postpaid']).optional(),
  /** only the accounts whose money lasts fewer than `LOW_DAYS` days at the last 7 days' pace */
  low: z.enum(['yes']).optional(),
});
export type VosAccountQuery = z.infer<typeof vosAccountQuery>;
/** an account whose money lasts fewer days than this at its pace is flagged */
export const LOW_DAYS = 3;
export const vosAccountRow = z.object({
  accountId: int32(),
  code: z.string(),
  customerId: int32(),
  ownerId: int32().nullable(),
  billing: z.enum(['prepaid', 'postpaid']),
  currency: z.string(),
  balance: z.string().nullable(),
  creditLine: z.string().nullable(),
  /** balance + credit line */
  available: z.string().nullable(),
  /** the last 7 days (today included) of calls: attempts, answered, billed seconds, revenue */
  attempts: int53(),
  answered: int53(),
  seconds: int53(),
  revenue: z.string(),
  /** days the available money lasts at the 7 days' average daily revenue; null without revenue */
  daysLeft: z.string().nullable(),
});
export type VosAccountRow = z.infer<typeof vosAccountRow>;
export const vosAccountPage = pageResult(vosAccountRow);
