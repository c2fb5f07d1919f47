import { permOf, routeByPath } from '../routes/index.js';

/**
 * The reports room's definitions, without zod (the web's router reads the report paths eagerly, so
 * this file stays out of the schemas' bundle; the queries and answers are in index.ts).
 * One definition per report (its route, permission key, data source, drill-down
 * dimensions and measures); the server computes it from the traffic rollups and the finance ports,
 * the web draws it (chart over a table with totals, export of what is shown).
 */

export const PERIODS = ['day', 'week', 'month', 'custom'] as const;
export type PeriodKind = (typeof PERIODS)[number];
/** a custom period covers at most this many days (the rollups' query screens allow the same) */
export const MAX_REPORT_DAYS = 93;

export const REPORT_DIMS = [
  'owner',
  'customer',
  'account',
  'supplier',
  'channel',
  'country',
  'network',
  'category',
  'day',
] as const;
export type ReportDim = (typeof REPORT_DIMS)[number];

export const REPORT_MEASURES = [
  'count',
  'delivered',
  'deliveryRate',
  'revenue',
  'cost',
  'profit',
  'margin',
  'consumption',
  'balance',
  'daysLeft',
  'firstDay',
  'minutes',
  'acd',
  'sessions',
  'read',
  'readRate',
  'dlrTime',
] as const;
export type ReportMeasure = (typeof REPORT_MEASURES)[number];

/** column titles of the dimensions and measures (screen and file) */
export const DIM_TITLE: Record<ReportDim, { zh: string; en: string }> = {
  owner: { zh: '销售', en: 'Sales' },
  customer: { zh: '客户', en: 'Customer' },
  account: { zh: '账户', en: 'Account' },
  supplier: { zh: '供应商', en: 'Supplier' },
  channel: { zh: '通道', en: 'Channel' },
  country: { zh: '国家', en: 'Country' },
  network: { zh: '网络', en: 'Network' },
  category: { zh: '会话类别', en: 'Category' },
  day: { zh: '日期', en: 'Day' },
};
export const MEASURE_TITLE: Record<ReportMeasure, { zh: string; en: string }> = {
  count: { zh: '条数', en: 'Messages' },
  delivered: { zh: '成功', en: 'Delivered' },
  deliveryRate: { zh: '成功率 %', en: 'Delivery rate %' },
  revenue: { zh: '收入', en: 'Revenue' },
  cost: { zh: '成本', en: 'Cost' },
  profit: { zh: '毛利', en: 'Gross profit' },
  margin: { zh: '毛利率 %', en: 'Margin %' },
  consumption: { zh: '消费', en: 'Consumption' },
  balance: { zh: '余额', en: 'Balance' },
  daysLeft: { zh: '可用天数', en: 'Days left' },
  firstDay: { zh: '起量日', en: 'First day' },
  minutes: { zh: '计费分钟', en: 'Billed minutes' },
  acd: { zh: '平均通话秒数', en: 'ACD (s)' },
  sessions: { zh: '会话数', en: 'Sessions' },
  read: { zh: '已读', en: 'Read' },
  readRate: { zh: '已读率 %', en: 'Read rate %' },
  dlrTime: { zh: '平均送达秒数', en: 'Avg delivery time (s)' },
};

/** the WhatsApp conversation categories as a report level shows them ('' messages without one) */
export const CATEGORY_TITLE: Record<string, { zh: string; en: string }> = {
  marketing: { zh: '营销', en: 'Marketing' },
  utility: { zh: '事务', en: 'Utility' },
  authentication: { zh: '验证', en: 'Authentication' },
  service: { zh: '服务', en: 'Service' },
};

/** voice reports count calls, answered calls and the answer-seizure ratio under the same measures */
const VOICE_TITLE: Partial<Record<ReportMeasure, { zh: string; en: string }>> = {
  count: { zh: '呼叫次数', en: 'Calls' },
  delivered: { zh: '接通', en: 'Answered' },
  deliveryRate: { zh: '接通率 %', en: 'ASR %' },
};
/** a measure's column title in one report (voice names differ) */
export const measureTitle = (def: Pick<ReportDef, 'product'>, m: ReportMeasure): { zh: string; en: string } =>
  (def.product === 'voice' ? VOICE_TITLE[m] : undefined) ?? MEASURE_TITLE[m];

export interface ReportDef {
  /** api `/v2/reports/<key>` and export source `reports.<key>` */
  key: string;
  path: string;
  perm: string;
  title: { zh: string; en: string };
  /**
   * traffic: the daily rollups; consumption: the same, as the ledger is charged, against the
   * balance; start: only accounts whose first traffic (after START_LOOKBACK_DAYS without) falls in the
   * period; waiting: the data is not there yet (`waitsFor` says which), the screen says so
   */
  source: 'traffic' | 'consumption' | 'start' | 'waiting';
  /** the product of the rollups read (voice: count = calls, delivered = answered) */
  product: 'sms' | 'voice' | 'whatsapp';
  /**
   * a side rollup instead of the daily ones (decision 0094): `wa` WhatsApp by conversation category
   * (sessions, read), `otp` the SMS marked OTP (delivery time)
   */
  rollup?: 'wa' | 'otp';
  /** the chart draws the level's rows (bars, the previous period beside them) instead of the days */
  chartRows?: boolean;
  /** a waiting report: the data it needs and the room that will provide it */
  waitsFor?: { zh: string; en: string };
  /** drill-down order: the first is the top level, each row click fixes one more */
  dims: ReportDim[];
  measures: ReportMeasure[];
  /** the measures the chart draws per day (current period; the previous one dashed) */
  chart: ReportMeasure[];
  /** only customers of this CRM type (C-end direct, R-end reseller) */
  customerType?: 'C' | 'R';
  /** rows whose profit is below zero are highlighted */
  highlightNegative?: boolean;
}

const report = (d: Omit<ReportDef, 'perm' | 'product'> & { product?: ReportDef['product'] }): ReportDef => {
  const route = routeByPath(d.path);
  if (!route) throw new Error(`reports: no route ${d.path}`);
  return { product: 'sms', ...d, perm: permOf(route) };
};

/** a screen whose data does not exist yet: it names what it waits for (no api) */
const waiting = (key: string, path: string, title: { zh: string; en: string }, waitsFor: { zh: string; en: string }) =>
  report({ key, path, title, source: 'waiting', dims: [], measures: [], chart: [], waitsFor });

const R = '/reportAnalysis';
const PROFIT: ReportMeasure[] = ['count', 'revenue', 'cost', 'profit', 'margin'];
const DELIVERY: ReportMeasure[] = ['count', 'delivered', 'deliveryRate'];
const smsAnalysis = (key: string, sub: string, zh: string, en: string, customerType?: 'C' | 'R') =>
  report({
    key,
    path: `${R}/sms/analysis${sub}`,
    title: { zh, en },
    source: 'traffic',
    dims: ['country', 'network', 'customer', 'account'],
    measures: [...DELIVERY, 'revenue', 'profit', 'margin'],
    chart: ['deliveryRate'],
    ...(customerType ? { customerType } : {}),
  });
const smsReport = (key: string, sub: string, zh: string, en: string, customerType?: 'C' | 'R') =>
  report({
    key,
    path: `${R}/sms/report${sub}`,
    title: { zh, en },
    source: 'traffic',
    dims: ['customer', 'account', 'country'],
    measures: ['count', 'delivered', 'deliveryRate', 'revenue'],
    chart: ['count', 'delivered'],
    ...(customerType ? { customerType } : {}),
  });

export const reportDefs = {
  userReport: report({
    key: 'user-report',
    path: `${R}/userReport`,
    title: { zh: '客户报表', en: 'Customer report' },
    source: 'traffic',
    dims: ['owner', 'customer', 'account', 'country'],
    measures: [...DELIVERY, ...PROFIT.slice(1)],
    chart: ['count'],
    highlightNegative: true,
  }),
  channelReport: report({
    key: 'channel-report',
    path: `${R}/channelReport`,
    title: { zh: '通道报表', en: 'Channel report' },
    source: 'traffic',
    dims: ['channel', 'country', 'network', 'account'],
    measures: [...DELIVERY, ...PROFIT.slice(1)],
    chart: ['count', 'delivered'],
    highlightNegative: true,
  }),
  channelAnalysis: report({
    key: 'channel-analysis',
    path: `${R}/channel/analysis`,
    title: { zh: '通道分析', en: 'Channel analysis' },
    source: 'traffic',
    dims: ['channel', 'network', 'day'],
    measures: [...DELIVERY, 'cost'],
    chart: ['deliveryRate'],
  }),
  equipReport: waiting(
    'equip-report',
    `${R}/equipReport`,
    { zh: '设备报表', en: 'Device report' },
    {
      zh: '设备（SIM 卡、端口、发送量）的日数据，来自运营室的 simbank 设备管理，尚未上线',
      en: "the devices' daily figures (SIM cards, ports, sends) from the operations room's simbank screens, not built yet",
    },
  ),
  goipAnalysis: waiting(
    'goip-analysis',
    `${R}/goip/analysis`,
    { zh: 'GoIP 分析', en: 'GoIP analysis' },
    {
      zh: 'GoIP 网关的端口与通话数据，来自运营室的 simbank 端口管理，尚未上线',
      en: "the GoIP gateways' port and call figures from the operations room's simbank port screens, not built yet",
    },
  ),
  supplierReport: report({
    key: 'supplier-report',
    path: `${R}/supplierReport`,
    title: { zh: '供应商报表', en: 'Supplier report' },
    source: 'traffic',
    dims: ['supplier', 'channel', 'country', 'network'],
    measures: [...DELIVERY, ...PROFIT.slice(1)],
    chart: ['cost'],
    highlightNegative: true,
  }),
  voiceReport: report({
    key: 'voice-report',
    path: `${R}/voiceReport`,
    title: { zh: '语音报表', en: 'Voice report' },
    source: 'traffic',
    product: 'voice',
    dims: ['customer', 'account', 'country', 'network'],
    measures: [...DELIVERY, 'minutes', 'acd', 'revenue'],
    chart: ['count', 'delivered'],
  }),
  voiceProfit: report({
    key: 'voice-profit',
    path: `${R}/voice/profit`,
    title: { zh: '语音利润分析', en: 'Voice profit analysis' },
    source: 'traffic',
    product: 'voice',
    dims: ['customer', 'account', 'country', 'network'],
    measures: ['count', 'minutes', 'revenue', 'cost', 'profit', 'margin'],
    chart: ['revenue', 'cost', 'profit'],
    highlightNegative: true,
  }),
  smsProfit: report({
    key: 'sms-profit',
    path: `${R}/smsProfitAnalysis`,
    title: { zh: '短信利润分析', en: 'SMS profit analysis' },
    source: 'traffic',
    dims: ['customer', 'account', 'country'],
    measures: ['count', 'revenue', 'cost', 'profit', 'margin'],
    chart: ['revenue', 'cost', 'profit'],
    highlightNegative: true,
  }),
  smsReport: smsReport('sms-report', '', '短信报表', 'SMS report'),
  smsReportC: smsReport('sms-report-c', '/c-end', '短信报表（C 端）', 'SMS report (direct)', 'C'),
  smsReportR: smsReport('sms-report-r', '/r-end', '短信报表（R 端）', 'SMS report (reseller)', 'R'),
  smsOperation: report({
    key: 'sms-operation',
    path: `${R}/sms/report/operation`,
    title: { zh: '短信运营报表', en: 'SMS operations report' },
    source: 'traffic',
    dims: ['country', 'network', 'channel', 'account'],
    measures: [...DELIVERY, ...PROFIT.slice(1)],
    chart: ['count', 'delivered'],
    highlightNegative: true,
  }),
  smsAnalysis: smsAnalysis('sms-analysis', '', '短信分析', 'SMS analysis'),
  smsAnalysisC: smsAnalysis('sms-analysis-c', '/c-end', '短信分析（C 端）', 'SMS analysis (direct)', 'C'),
  smsAnalysisR: smsAnalysis('sms-analysis-r', '/r-end', '短信分析（R 端）', 'SMS analysis (reseller)', 'R'),
  waSessions: report({
    key: 'wa-sessions',
    path: `${R}/wa-session-statistics`,
    title: { zh: 'WhatsApp 会话统计', en: 'WhatsApp session statistics' },
    source: 'traffic',
    product: 'whatsapp',
    rollup: 'wa',
    dims: ['category', 'country', 'customer', 'account'],
    measures: ['sessions', 'count', 'delivered', 'deliveryRate', 'read', 'readRate', 'revenue', 'cost', 'profit'],
    chart: ['sessions', 'count'],
    chartRows: true,
  }),
  consumption: report({
    key: 'consumption',
    path: `${R}/consume-report`,
    title: { zh: '消费报表', en: 'Consumption report' },
    source: 'consumption',
    dims: ['account', 'day'],
    measures: ['count', 'consumption', 'balance', 'daysLeft'],
    chart: ['consumption'],
  }),
  startSms: report({
    key: 'start-sms',
    path: `${R}/startSms`,
    title: { zh: '短信起量分析', en: 'SMS ramp-up' },
    source: 'start',
    dims: ['customer', 'account', 'country'],
    measures: ['firstDay', 'count', 'delivered', 'deliveryRate', 'revenue'],
    chart: ['count'],
  }),
  startVoice: report({
    key: 'start-voice',
    path: `${R}/startVoice`,
    title: { zh: '语音起量分析', en: 'Voice ramp-up' },
    source: 'start',
    product: 'voice',
    dims: ['customer', 'account', 'country'],
    measures: ['firstDay', 'count', 'delivered', 'deliveryRate', 'minutes', 'revenue'],
    chart: ['count'],
  }),
  otpSms: report({
    key: 'otp-sms',
    path: `${R}/otp-sms-statistics`,
    title: { zh: 'OTP 短信统计', en: 'OTP SMS statistics' },
    source: 'traffic',
    rollup: 'otp',
    dims: ['country', 'network', 'channel', 'account'],
    measures: [...DELIVERY, 'dlrTime', 'revenue', 'cost', 'profit'],
    chart: ['deliveryRate', 'dlrTime'],
  }),
} satisfies Record<string, ReportDef>;

/** an account that sent nothing for this many days before its first day in a period "started" in it */
export const START_LOOKBACK_DAYS = 90;

export const allReports: ReportDef[] = Object.values(reportDefs);
/** the reports with figures (a waiting report has no api) */
export const liveReports: ReportDef[] = allReports.filter((r) => r.source !== 'waiting');
/** the reports about customers (no supplier or channel level): the ones sales hold, in their data scope */
export const customerReports: ReportDef[] = liveReports.filter(
  (r) => !r.dims.includes('supplier') && !r.dims.includes('channel'),
);
export const reportByKey = (key: string) => allReports.find((r) => r.key === key);
export const reportApi = (def: Pick<ReportDef, 'key'>) => `/v2/reports/${def.key}`;

/**
 * Company-wide figures in every report whatever the role's data scope (decision 0072): a button
 * under the reports sub-app, so the finance role (which holds the whole subtree) has it and sales,
 * who hold single report keys, do not. Without it a report keeps the data scope of lists.
 */
export const REPORTS_ALL_FIGURES = 'reportAnalysis:all';
