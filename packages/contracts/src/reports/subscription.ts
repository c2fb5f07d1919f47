import { z } from 'zod';
import { defineResource } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { liveReports, REPORT_DIMS, type ReportDef, type ReportDim } from './defs.js';

const label = (zh: string, en: string) => ({ zh, en });
export const SUBSCRIPTIONS_PATH = '/reportAnalysis/subscriptions';
const PERM = permOf(routeByPath(SUBSCRIPTIONS_PATH)!);
export const SUBSCRIPTION_FREQUENCIES = ['day', 'week', 'month'] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];
/** recipients of one subscription */
export const MAX_SUBSCRIPTION_RECIPIENTS = 10;
/** the languages a subscription's file and mail are written in */
export const SUBSCRIPTION_LOCALES = ['zh-CN', 'en'] as const;
export type SubscriptionLocale = (typeof SUBSCRIPTION_LOCALES)[number];

/** drill values sent as text (MCC+MNC, ISO country); the other dimensions are ids */
const TEXT_DIMS: ReadonlySet<ReportDim> = new Set(['country', 'network']);
/**
 * The drill-down a subscription is sent at (decision 0072), in the report's dimension order: each
 * step a dimension, its value and the name the screen showed (for reading the list; the figures
 * read only the values). Stored as JSON text; `[]` is the report's top level.
 */
export const subscriptionFilter = z.object({
  dim: z.enum(REPORT_DIMS).exclude(['day']),
  value: z.string().max(20),
  label: z.string().max(200),
});
export type SubscriptionFilter = z.infer<typeof subscriptionFilter>;
const filterList = z.array(subscriptionFilter).max(REPORT_DIMS.length);

/**
 * The drill values of a subscription's filters as a report query (`{customer: 12, country: 'DE'}`),
 * checked against the report: each dimension one of its own, in its order, ids positive integers,
 * countries ISO alpha-2, networks MCC+MNC or '' (unknown). Answers the first bad step instead.
 */
export function subscriptionDrill(
  def: Pick<ReportDef, 'dims'>,
  raw: string,
): { drill: Partial<Record<ReportDim, string | number>>; steps: SubscriptionFilter[] } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw || '[]');
  } catch {
    return { error: raw.slice(0, 40) };
  }
  const list = filterList.safeParse(parsed);
  if (!list.success) return { error: raw.slice(0, 40) };
  const drill: Partial<Record<ReportDim, string | number>> = {};
  for (const [i, f] of list.data.entries()) {
    // the steps are the report's first dimensions, in order: a drill the screen could have made
    if (def.dims[i] !== f.dim) return { error: f.dim };
    const ok =
      f.dim === 'country'
        ? /^[A-Z]{2}$/.test(f.value)
        : f.dim === 'network'
          ? /^(\d{5,6})?$/.test(f.value)
          : /^[1-9]\d{0,9}$/.test(f.value) && Number(f.value) <= 2_147_483_647;
    if (!ok) return { error: `${f.dim}=${f.value}` };
    drill[f.dim] = TEXT_DIMS.has(f.dim) ? f.value : Number(f.value);
  }
  return { drill, steps: list.data };
}

/**
 * `/reportAnalysis/subscriptions` (decision 0066): a report sent as an XLSX from the subscriber's own
 * mailbox after each complete day, week (Monday–Sunday) or month, with what the subscriber may see
 * (their data scope), at the drill-down it was made at and in its language (decision 0072). Each user
 * lists their own (data scope on the owner).
 */
export const reportSubscriptionResource = defineResource({
  key: 'reports.subscription',
  title: label('报表订阅', 'Report subscriptions'),
  api: '/v2/reports/subscription',
  routes: { list: SUBSCRIPTIONS_PATH },
  titleField: 'report',
  fields: {
    report: {
      kind: 'enum',
      label: label('报表', 'Report'),
      required: true,
      options: liveReports.map((r) => ({ value: r.key, label: r.title })),
      track: true,
    },
    frequency: {
      kind: 'enum',
      label: label('频率', 'Frequency'),
      required: true,
      options: [
        // short: the list's tag column is narrow; each sends the period just ended (the mail names it)
        { value: 'day', label: label('每日', 'Daily') },
        { value: 'week', label: label('每周', 'Weekly') },
        { value: 'month', label: label('每月', 'Monthly') },
      ],
      track: true,
    },
    recipients: {
      kind: 'text',
      label: label('收件人（逗号分隔）', 'Recipients (comma-separated)'),
      required: true,
      rules: { maxLength: 1000 },
      track: true,
    },
    locale: {
      kind: 'enum',
      label: label('语言', 'Language'),
      required: true,
      options: [
        { value: 'zh-CN', label: label('中文', 'Chinese') },
        { value: 'en', label: label('英文', 'English') },
      ],
      track: true,
    },
    filters: {
      kind: 'text',
      label: label('下钻', 'Drill-down'),
      rules: { maxLength: 2000 },
      track: true,
    },
    enabled: { kind: 'boolean', label: label('启用', 'Enabled'), required: true, track: true },
    ownerId: { kind: 'user', label: label('订阅人', 'Subscriber'), readOnly: true },
    lastPeriod: { kind: 'text', label: label('最近发送期间', 'Last period sent'), readOnly: true },
    lastSentAt: { kind: 'datetime', label: label('最近发送时间', 'Last sent'), readOnly: true },
    lastError: { kind: 'text', label: label('最近错误', 'Last error'), readOnly: true },
    updatedAt: { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true },
  },
  list: {
    columns: [
      'recipients',
      'report',
      'frequency',
      'filters',
      'locale',
      'enabled',
      'lastPeriod',
      'lastSentAt',
      'lastError',
      'ownerId',
    ],
    filters: {
      report: { op: 'eq', field: 'report' },
      frequency: { op: 'eq', field: 'frequency' },
      enabled: { op: 'eq', field: 'enabled' },
    },
    sortable: ['report', 'lastSentAt', 'updatedAt'],
    defaultSort: { field: 'updatedAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['report', 'filters', 'frequency', 'recipients', 'locale', 'enabled'] }] },
  detail: { header: ['report', 'frequency', 'locale', 'enabled'] },
  access: { list: PERM, create: PERM, update: PERM, delete: PERM, owner: 'ownerId' },
  export: { fileName: label('报表订阅', 'report-subscriptions') },
  history: {},
});
