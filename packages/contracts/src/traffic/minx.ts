import { z } from 'zod';
import { pageQuery, pageResult } from '../paging.js';
import { coerceInt32, int32, text } from '../validation/scalars.js';

/**
 * Mixed solutions (混合方案, `minxSolution`, decision 0146): an account's fallback plan across channels.
 * An SMS not delivered within the first step's wait is tried on that step's channel; a fallback not
 * delivered (a call not answered) within the next step's wait goes on to the next step.
 */

/** the channels a fallback step may use (the original is always the SMS) */
export const MINX_STEP_KINDS = ['voice', 'whatsapp'] as const;
export type MinxStepKind = (typeof MINX_STEP_KINDS)[number];
export const MINX_PLAN_STATES = ['active', 'paused'] as const;
export const MINX_MAX_STEPS = 3;
/** a step waits at most a day */
export const MINX_MAX_WAIT_MINUTES = 1440;

export const minxStep = z.object({
  kind: z.enum(MINX_STEP_KINDS),
  /** minutes after the previous send (step 1: after the SMS) without delivery before this step sends */
  waitMinutes: int32().min(1).max(MINX_MAX_WAIT_MINUTES),
});
export type MinxStep = z.infer<typeof minxStep>;

const name = text().trim().min(1).max(64);
/** 1–3 steps; their rules beyond the shape (no channel twice in a row, a channel the account carries) are the server's */
const steps = z.array(minxStep).min(1).max(MINX_MAX_STEPS);

export const minxPlanCreate = z.object({ accountId: int32().min(1), name, steps });
export type MinxPlanCreate = z.infer<typeof minxPlanCreate>;
export const minxPlanUpdate = z.object({ id: int32().min(1), version: int32().min(1), name, steps });
export type MinxPlanUpdate = z.infer<typeof minxPlanUpdate>;
/** pause an active plan, or make a paused one active again */
export const minxPlanState = z.object({ id: int32().min(1), version: int32().min(1), state: z.enum(MINX_PLAN_STATES) });
export type MinxPlanState = z.infer<typeof minxPlanState>;

/** the results' range is on the fallback's time (required, at most 93 days) */
export const minxQuery = pageQuery.extend({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  accountId: coerceInt32().optional(),
  customerId: coerceInt32().optional(),
  state: z.enum(MINX_PLAN_STATES).optional(),
});
export type MinxQuery = z.infer<typeof minxQuery>;

/** one step's results over the range */
export const minxStepResult = z.object({
  step: int32(),
  kind: z.enum(MINX_STEP_KINDS),
  waitMinutes: int32(),
  /** messages that fell back to this step */
  fellBack: int32(),
  /** of them, sent by the platform (their record came in) */
  sent: int32(),
  /** delivered (WhatsApp delivered or read) or answered (a call) */
  delivered: int32(),
  /** delivered per 100 sent, 2 decimals; null before anything was sent */
  rate: z.string().nullable(),
  /** what the step's sends were charged, in the account's currency (6 decimals) */
  cost: z.string(),
});
export type MinxStepResult = z.infer<typeof minxStepResult>;

export const minxPlanRow = z.object({
  id: int32(),
  version: int32(),
  accountId: int32(),
  customerId: int32(),
  ownerId: int32(),
  name: z.string(),
  steps: z.array(minxStep),
  state: z.enum(MINX_PLAN_STATES),
  currency: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  results: z.array(minxStepResult),
});
export type MinxPlanRow = z.infer<typeof minxPlanRow>;
export const minxPlanPage = pageResult(minxPlanRow);
