import { z } from 'zod';
import { pageQuery } from '../paging.js';
import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { coerceInt32, int32 } from '../validation/scalars.js';

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

/** the form's steps (1–3) as the web holds them; their rules beyond the shape are the server's */
export const minxSteps = z.array(minxStep).min(1).max(MINX_MAX_STEPS);

const kindOptions = [
  { value: 'voice', label: label('语音', 'Voice') },
  { value: 'whatsapp', label: label('WhatsApp', 'WhatsApp') },
] as const;
const stepKind = (n: number, required?: true) => ({
  kind: 'enum' as const,
  label: label(`第 ${n} 步渠道`, `Step ${n} channel`),
  options: kindOptions,
  track: true as const,
  ...(required ? { required } : {}),
});
const stepWait = (n: number, required?: true) => ({
  kind: 'number' as const,
  label: label(`第 ${n} 步等待（分钟）`, `Step ${n} wait (min)`),
  rules: { min: 1, max: MINX_MAX_WAIT_MINUTES },
  track: true as const,
  ...(required ? { required } : {}),
});
const MINX_KEY = permOf(routeByPath('/businessInquiry/minxSolution')!);
const MINX_EDIT_KEY = `${MINX_KEY}:edit`;

/**
 * minxSolution's plans on the resource kernel (decisions 0146, 0149): an account's fallback plan, its
 * steps as three channel / wait pairs (step 1 required, a later one only after the one before), pause
 * and resume as commands. The results per step over a range are the room's own read (`minxResultsQuery`).
 */
export const minxPlanResource = defineResource({
  key: 'traffic.minxPlan',
  title: label('混合方案', 'Mixed solutions'),
  api: '/v2/traffic/minx-plans',
  routes: { list: '/businessInquiry/minxSolution' },
  titleField: 'name',
  fields: {
    accountId: {
      kind: 'number',
      label: label('账户', 'Account'),
      required: true,
      createOnly: true,
      rules: { min: 1, max: 2_147_483_647 },
    },
    customerId: { kind: 'customer', label: label('客户', 'Customer'), readOnly: true },
    ownerId: { kind: 'user', label: label('负责人', 'Owner'), readOnly: true },
    name: {
      kind: 'text',
      label: label('方案名称', 'Plan name'),
      required: true,
      rules: { maxLength: 64 },
      track: true,
    },
    step1Kind: stepKind(1, true),
    step1Wait: stepWait(1, true),
    step2Kind: stepKind(2),
    step2Wait: stepWait(2),
    step3Kind: stepKind(3),
    step3Wait: stepWait(3),
    state: {
      kind: 'enum',
      label: label('状态', 'State'),
      required: true,
      readOnly: true,
      options: [
        { value: 'active', label: label('生效中', 'Active'), color: 'success' },
        { value: 'paused', label: label('已暂停', 'Paused') },
      ],
      track: true,
    },
    createdAt: { kind: 'datetime', label: label('创建时间', 'Created'), required: true, readOnly: true },
    updatedAt: { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true },
  },
  list: {
    columns: [
      'accountId',
      'name',
      'state',
      'step1Kind',
      'step1Wait',
      'step2Kind',
      'step2Wait',
      'step3Kind',
      'step3Wait',
      'updatedAt',
    ],
    filters: {
      accountId: { op: 'eq', field: 'accountId' },
      customerId: { op: 'eq', field: 'customerId' },
      state: { op: 'eq', field: 'state' },
    },
    sortable: ['id'],
    defaultSort: { field: 'id', order: 'descend' },
  },
  form: {
    sections: [
      { fields: ['accountId', 'name', 'step1Kind', 'step1Wait', 'step2Kind', 'step2Wait', 'step3Kind', 'step3Wait'] },
    ],
  },
  detail: { header: ['name', 'accountId', 'state'] },
  access: { list: MINX_KEY, create: MINX_EDIT_KEY, update: MINX_EDIT_KEY, owner: 'ownerId' },
  commands: {
    pause: {
      label: label('暂停', 'Pause'),
      confirm: label('暂停该方案？', 'Pause this plan?'),
      perm: MINX_EDIT_KEY,
      when: { field: 'state', in: ['active'] },
    },
    resume: {
      label: label('恢复', 'Resume'),
      confirm: label('恢复该方案？', 'Resume this plan?'),
      perm: MINX_EDIT_KEY,
      when: { field: 'state', in: ['paused'] },
    },
  },
  export: { fileName: label('混合方案', 'mixed-solutions') },
  history: {},
});

/** a plan's steps from its row's step fields (the first empty channel ends them) */
export function minxStepsOf(row: Record<string, unknown>): MinxStep[] {
  const out: MinxStep[] = [];
  for (let n = 1; n <= MINX_MAX_STEPS; n++) {
    const kind = row[`step${n}Kind`];
    if (kind == null) break;
    out.push({ kind: kind as MinxStep['kind'], waitMinutes: Number(row[`step${n}Wait`]) });
  }
  return out;
}

/** the step fields of a plan's steps (the missing steps cleared) */
export function minxStepFields(steps: readonly MinxStep[]): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (let n = 1; n <= MINX_MAX_STEPS; n++) {
    out[`step${n}Kind`] = steps[n - 1]?.kind ?? null;
    out[`step${n}Wait`] = steps[n - 1]?.waitMinutes ?? null;
  }
  return out;
}

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

/** the results of some plans of a page over a range (at most 93 days), each plan's in its account's currency */
export const minxResultsQuery = z.object({
  ids: z.array(int32().min(1)).min(1).max(200),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});
export type MinxResultsQuery = z.infer<typeof minxResultsQuery>;
export const minxPlanResults = z.object({
  id: int32(),
  currency: z.string(),
  results: z.array(minxStepResult),
});
export type MinxPlanResults = z.infer<typeof minxPlanResults>;
export const minxResultsAnswer = z.array(minxPlanResults);
