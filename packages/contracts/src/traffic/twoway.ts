import { z } from 'zod';
import { pageQuery, pageResult } from '../paging.js';
import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { coerceInt32, int32 } from '../validation/scalars.js';

/**
 * Scheduled sends, two-way tasks and rules, auto-recall tasks (decision 0106): what the traffic
 * room keeps besides the send records. Query views with a required range like the record screens;
 * the two-way rules are settings on the resource kernel.
 */

const isoTime = z.iso.datetime({ offset: true });
const range = { from: isoTime.optional(), to: isoTime.optional() };
const scoped = { ...range, accountId: coerceInt32().optional(), customerId: coerceInt32().optional() };

/** a scheduled send waits for its time, went out, or was cancelled before it */
export const APPOINTMENT_STATES = ['waiting', 'sent', 'cancelled'] as const;
/** the range is on the scheduled time */
export const appointmentQuery = pageQuery.extend({
  ...scoped,
  state: z.enum(APPOINTMENT_STATES).optional(),
  senderId: z.string().max(32).optional(),
});
export type AppointmentQuery = z.infer<typeof appointmentQuery>;
export const appointmentRow = z.object({
  id: int32(),
  /** the platform's id of the scheduled batch */
  batchId: z.string(),
  accountId: int32(),
  customerId: int32(),
  ownerId: int32(),
  senderId: z.string(),
  /** numbers the batch goes to, and SMS segments a number */
  numbers: int32(),
  segments: int32(),
  scheduledAt: z.string(),
  state: z.enum(APPOINTMENT_STATES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: int32().nullable(),
});
export const appointmentPage = pageResult(appointmentRow);
export const idParam = z.object({ id: coerceInt32() });

/** a two-way task collects replies while it runs; finished once its window ended */
export const TWO_WAY_TASK_STATES = ['running', 'finished'] as const;
/** replies to a task's messages are counted until this long after its window ends */
export const REPLY_WINDOW_HOURS = 72;
/** the range is on the task's start */
export const twoWayTaskQuery = pageQuery.extend({ ...scoped, state: z.enum(TWO_WAY_TASK_STATES).optional() });
export type TwoWayTaskQuery = z.infer<typeof twoWayTaskQuery>;
export const twoWayTaskRow = z.object({
  id: int32(),
  name: z.string(),
  accountId: int32(),
  customerId: int32(),
  ownerId: int32(),
  /** the sender id the messages went from and the replies come back to */
  senderId: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  state: z.enum(TWO_WAY_TASK_STATES),
  /** distinct numbers sent to in the window */
  numbers: int32(),
  /** MO messages to the sender received from the start until REPLY_WINDOW_HOURS after the end */
  replies: int32(),
  /** replies per 100 numbers, 2 decimals; null without numbers */
  replyRate: z.string().nullable(),
});
export const twoWayTaskPage = pageResult(twoWayTaskRow);

/** the DLR states a recall resends */
export const RECALL_DLR_STATES = ['undeliverable', 'expired', 'rejected'] as const;
export const RECALL_TASK_STATES = ['queued', 'running', 'done', 'failed'] as const;
/** a recall covers at most this window of sends */
export const MAX_RECALL_DAYS = 7;
export const recallTaskCreate = z.object({
  accountId: int32().min(1),
  from: isoTime,
  to: isoTime,
  /** the other channel the failed messages go out again by */
  channelId: int32().min(1),
  states: z
    .array(z.enum(RECALL_DLR_STATES))
    .min(1)
    .default([...RECALL_DLR_STATES]),
});
export type RecallTaskCreate = z.infer<typeof recallTaskCreate>;
/** the range is on the task's creation */
export const recallTaskQuery = pageQuery.extend({ ...scoped, state: z.enum(RECALL_TASK_STATES).optional() });
export type RecallTaskQuery = z.infer<typeof recallTaskQuery>;
export const recallTaskRow = z.object({
  id: int32(),
  accountId: int32(),
  customerId: int32(),
  ownerId: int32(),
  from: z.string(),
  to: z.string(),
  channelId: int32(),
  states: z.array(z.string()),
  state: z.enum(RECALL_TASK_STATES),
  /** failed messages found in the window */
  found: int32(),
  /** of them, recalled by this task (a message another task recalled already is not recalled again) */
  recalled: int32(),
  /** recalled messages the platform has sent out again by the other channel */
  resent: int32(),
  /** resent messages delivered through the other channel */
  delivered: int32(),
  /** 0–100 */
  progress: int32(),
  createdBy: int32().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export const recallTaskPage = pageResult(recallTaskRow);

/** What a two-way rule does with an MO whose text matches its keyword. */
export const TWO_WAY_ACTIONS = ['reply', 'optout', 'optin', 'forward'] as const;
export const TWO_WAY_MATCHES = ['exact', 'prefix', 'contains'] as const;
const RULES_KEY = permOf(routeByPath('/setModule/operate-set/two-way')!);

/**
 * `/setModule/operate-set/two-way` (decision 0106): keyword rules for MO messages — an automatic
 * reply, an opt-out (the number goes on the account's blacklist), an opt-in (it comes off again,
 * decision 0131) or a forward to the customer's owner; for one account or, without one, for all; the account's rules win over global ones.
 */
export const twoWayRuleResource = defineResource({
  key: 'traffic.twoWayRule',
  title: label('双向短信规则', 'Two-way SMS rules'),
  api: '/v2/traffic/two-way-rules',
  routes: { list: '/setModule/operate-set/two-way' },
  titleField: 'keyword',
  fields: {
    keyword: {
      kind: 'text',
      label: label('关键字', 'Keyword'),
      required: true,
      rules: { maxLength: 32 },
      track: true,
    },
    match: {
      kind: 'enum',
      label: label('匹配方式', 'Match'),
      required: true,
      options: [
        { value: 'exact', label: label('完全匹配', 'Exact') },
        { value: 'prefix', label: label('开头匹配', 'Starts with') },
        { value: 'contains', label: label('包含', 'Contains') },
      ],
      track: true,
    },
    action: {
      kind: 'enum',
      label: label('动作', 'Action'),
      required: true,
      options: [
        { value: 'reply', label: label('自动回复', 'Auto reply') },
        { value: 'optout', label: label('退订（加入黑名单）', 'Opt out (blacklist)') },
        { value: 'optin', label: label('重新订阅（移出黑名单）', 'Opt in (off the blacklist)') },
        { value: 'forward', label: label('转发给负责人', 'Forward to owner') },
      ],
      track: true,
    },
    replyText: { kind: 'textarea', label: label('回复内容', 'Reply text'), rules: { maxLength: 500 }, track: true },
    accountId: {
      kind: 'number',
      label: label('账户（空为全局）', 'Account (empty: all)'),
      rules: { min: 1, max: 2_147_483_647 },
      track: true,
    },
    enabled: { kind: 'boolean', label: label('启用', 'Enabled'), required: true, track: true },
    updatedBy: { kind: 'user', label: label('更新人', 'Updated by'), readOnly: true },
    updatedAt: { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true },
  },
  list: {
    columns: ['keyword', 'match', 'action', 'replyText', 'accountId', 'enabled', 'updatedBy', 'updatedAt'],
    filters: {
      keyword: { op: 'eq', field: 'keyword' },
      action: { op: 'eq', field: 'action' },
      accountId: { op: 'eq', field: 'accountId' },
    },
    sortable: ['keyword', 'updatedAt'],
    defaultSort: { field: 'keyword', order: 'ascend' },
  },
  form: { sections: [{ fields: ['keyword', 'match', 'action', 'replyText', 'accountId', 'enabled'] }] },
  detail: { header: ['keyword', 'action', 'accountId'] },
  access: { list: RULES_KEY, create: RULES_KEY, update: RULES_KEY, delete: RULES_KEY },
  export: { fileName: label('双向短信规则', 'two-way-rules') },
  history: {},
});

/** the text a keyword rule sees: trimmed, upper case (keywords are stored the same way) */
export const ruleText = (s: string) => s.trim().toUpperCase();
/** whether an MO's text matches a rule */
export const ruleMatches = (rule: { keyword: string; match: string }, mo: string): boolean => {
  const t = ruleText(mo);
  const k = ruleText(rule.keyword);
  return rule.match === 'exact' ? t === k : rule.match === 'prefix' ? t.startsWith(k) : t.includes(k);
};

const MATCH_RANK: Record<string, number> = { exact: 0, prefix: 1, contains: 2 };
/**
 * The rule an MO of this account answers to (decision 0115), of the enabled ones that match: the
 * account's own rules before global ones, then exact before prefix before contains, then the longer
 * keyword, then the older rule. None: undefined.
 */
export function pickRule<R extends { id: number; keyword: string; match: string; accountId: number | null }>(
  rules: readonly R[],
  accountId: number,
  mo: string,
): R | undefined {
  const rank = (r: R) => [r.accountId === accountId ? 0 : 1, MATCH_RANK[r.match] ?? 3, -r.keyword.length, r.id];
  let best: R | undefined;
  for (const r of rules) {
    if (r.accountId !== null && r.accountId !== accountId) continue;
    if (!ruleMatches(r, mo)) continue;
    if (!best) best = r;
    else {
      const a = rank(r);
      const b = rank(best);
      const i = a.findIndex((v, k) => v !== b[k]);
      if (i >= 0 && a[i]! < b[i]!) best = r;
    }
  }
  return best;
}
