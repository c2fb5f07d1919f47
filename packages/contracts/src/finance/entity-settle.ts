import { z } from 'zod';
import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';

/**
 * Entity settlement (decision 0119, issue 17): when a customer signed by one of our contracting
 * entities sends traffic over a channel of a supplier signed by another, the supplier's entity paid
 * for it and the customer's entity earned from it. Each month the customer's entity (buyer) owes the
 * supplier's entity (seller) the cost of that traffic plus the settlement account's markup. One
 * settlement account per seller, buyer and currency holds the rule; the report is generated from
 * traffic's daily rollups (idempotent per period, rebuilt while not confirmed); both entities then
 * proofread the period's figure (pending → confirmed, or disputed with a note).
 */
const screen = (path: string): string => {
  const route = routeByPath(path);
  if (!route) throw new Error(`finance: no route ${path}`);
  return permOf(route);
};
const ACCOUNTS = '/financial/entitySettle/account';
const REPORT = '/financial/entitySettle/report';
const PROOFREADING = '/financial/entitySettle/proofreading';
const PROOFREAD_DATA = '/financial/proofreadData';
const VOS = '/financial/balanceReport/vos';
export const ENTITY_ACCOUNT_DETAIL = `${ACCOUNTS}/details`;
export const VOS_BALANCE_DETAIL = `${VOS}/detail`;

export const EntitySettlePerm = {
  ACCOUNTS: screen(ACCOUNTS),
  /** open and change settlement accounts (their rule) */
  ACCOUNT_EDIT: `${screen(ACCOUNTS)}:edit`,
  REPORT: screen(REPORT),
  /** generate (rebuild) a period's report from the traffic rollups */
  GENERATE: `${screen(REPORT)}:generate`,
  PROOFREADING: screen(PROOFREADING),
  /** confirm or dispute a period's figure for one side */
  PROOFREAD: `${screen(PROOFREADING)}:proofread`,
  PROOFREAD_DATA: screen(PROOFREAD_DATA),
  VOS: screen(VOS),
} as const;

/** the generate action (POST): one period, `YYYY-MM` */
export const ENTITY_SETTLE_GENERATE_PATH = '/v2/fc/entity-settle/report/generate';
export const entitySettleGenerate = z.object({ period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) });
export type EntitySettleGenerate = z.infer<typeof entitySettleGenerate>;
/** what a generation did: rows written, kept (confirmed), dropped, and the entity pairs with no account */
export const entitySettleGenerated = z.object({
  period: z.string(),
  written: z.number().int(),
  kept: z.number().int(),
  dropped: z.number().int(),
  lines: z.number().int(),
  unsettled: z.array(z.object({ sellerEntityId: z.number(), buyerEntityId: z.number(), currency: z.string() })),
});
export type EntitySettleGenerated = z.infer<typeof entitySettleGenerated>;

export const SETTLEMENT_STATES = ['pending', 'confirmed', 'disputed'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];
export const settlementStateOptions = [
  { value: 'pending', label: label('待对账', 'Pending'), color: 'gold' },
  { value: 'confirmed', label: label('已确认', 'Confirmed'), color: 'green' },
  { value: 'disputed', label: label('有争议', 'Disputed'), color: 'red' },
] as const;
export const SETTLEMENT_SIDES = ['seller', 'buyer'] as const;
export type SettlementSide = (typeof SETTLEMENT_SIDES)[number];
const sideOptions = [
  { value: 'seller', label: label('供方主体（通道方）', 'Seller (route side)') },
  { value: 'buyer', label: label('需方主体（客户方）', 'Buyer (customer side)') },
] as const;

const amount = (zh: string, en: string) =>
  ({ kind: 'text', label: label(zh, en), required: true, readOnly: true, decimal: true }) as const;
const optAmount = (zh: string, en: string) =>
  ({ kind: 'text', label: label(zh, en), readOnly: true, decimal: true }) as const;
const entity = (zh: string, en: string) =>
  ({ kind: 'number', ref: 'entity', label: label(zh, en), required: true, createOnly: true, track: true }) as const;
const shown = (zh: string, en: string) => ({ kind: 'text', label: label(zh, en), readOnly: true }) as const;
const count = (zh: string, en: string) =>
  ({ kind: 'number', label: label(zh, en), required: true, readOnly: true, quantity: true }) as const;
const period = { kind: 'text', label: label('结算月份', 'Period'), required: true, readOnly: true } as const;

/** `entitySettle/account`: the settlement account of a seller, buyer and currency, with its transfer-price rule. */
export const entityAccountResource = defineResource({
  key: 'finance.entityAccount',
  title: label('主体结算账户', 'Entity settlement accounts'),
  api: '/v2/fc/entity-settle/account',
  routes: { list: ACCOUNTS, detail: ENTITY_ACCOUNT_DETAIL },
  titleField: 'code',
  fields: {
    code: { kind: 'text', label: label('账户编号', 'Account code'), required: true, readOnly: true },
    sellerEntityId: entity('供方主体', 'Seller entity'),
    sellerName: shown('供方主体', 'Seller entity'),
    buyerEntityId: entity('需方主体', 'Buyer entity'),
    buyerName: shown('需方主体', 'Buyer entity'),
    currency: {
      kind: 'text',
      label: label('结算币种', 'Currency'),
      required: true,
      createOnly: true,
      rules: { pattern: '^[A-Z]{3}$' },
    },
    markupPct: {
      kind: 'text',
      label: label('加价率（%）', 'Markup (%)'),
      required: true,
      decimal: true,
      rules: { pattern: '^(100(\\.0{1,2})?|\\d{1,2}(\\.\\d{1,2})?)$' },
      track: true,
    },
    enabled: { kind: 'boolean', label: label('启用', 'Enabled'), required: true, track: true },
    remark: { kind: 'text', label: label('备注', 'Remark'), rules: { maxLength: 200 }, track: true },
    settled: amount('累计结算金额', 'Settled to date'),
    createdBy: { kind: 'user', label: label('创建人', 'Opened by'), readOnly: true },
    updatedAt: { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true },
  },
  list: {
    columns: [
      'code',
      'sellerName',
      'buyerName',
      'currency',
      'markupPct',
      'settled',
      'enabled',
      'createdBy',
      'updatedAt',
    ],
    filters: {
      sellerEntityId: { op: 'eq', field: 'sellerEntityId' },
      buyerEntityId: { op: 'eq', field: 'buyerEntityId' },
      currency: { op: 'eq', field: 'currency' },
      enabled: { op: 'eq', field: 'enabled' },
    },
    sortable: ['code', 'updatedAt'],
    defaultSort: { field: 'code', order: 'ascend' },
  },
  form: { sections: [{ fields: ['sellerEntityId', 'buyerEntityId', 'currency', 'markupPct', 'enabled', 'remark'] }] },
  detail: { header: ['code', 'sellerName', 'buyerName', 'currency', 'markupPct'] },
  access: {
    list: EntitySettlePerm.ACCOUNTS,
    create: EntitySettlePerm.ACCOUNT_EDIT,
    update: EntitySettlePerm.ACCOUNT_EDIT,
  },
  export: { fileName: label('主体结算账户', 'entity-settlement-accounts') },
  history: {},
});

/** The fields of a settlement row both the report and the proofreading read. */
const settlementFields = {
  period,
  accountId: { kind: 'number', label: label('结算账户', 'Settlement account'), required: true, readOnly: true },
  accountCode: shown('结算账户', 'Settlement account'),
  sellerEntityId: { kind: 'number', ref: 'entity', label: label('供方主体', 'Seller entity'), readOnly: true },
  sellerName: shown('供方主体', 'Seller entity'),
  buyerEntityId: { kind: 'number', ref: 'entity', label: label('需方主体', 'Buyer entity'), readOnly: true },
  buyerName: shown('需方主体', 'Buyer entity'),
  currency: { kind: 'text', label: label('币种', 'Currency'), required: true, readOnly: true },
  count: count('条数 / 呼叫数', 'Messages / calls'),
  seconds: count('计费秒数', 'Billed seconds'),
  cost: amount('通道成本', 'Route cost'),
  markupPct: { kind: 'text', label: label('加价率（%）', 'Markup (%)'), required: true, readOnly: true, decimal: true },
  amount: amount('结算金额', 'Settlement amount'),
  lines: count('明细行', 'Lines'),
  state: {
    kind: 'enum',
    label: label('对账状态', 'State'),
    required: true,
    readOnly: true,
    options: settlementStateOptions,
    track: true,
  },
  sellerAmount: { ...optAmount('供方确认金额', 'Seller’s amount'), track: true },
  buyerAmount: { ...optAmount('需方确认金额', 'Buyer’s amount'), track: true },
  difference: optAmount('差额', 'Difference'),
  note: { kind: 'text', label: label('争议说明', 'Dispute note'), readOnly: true, track: true },
  generatedAt: { kind: 'datetime', label: label('生成时间', 'Generated'), required: true, readOnly: true },
  confirmedAt: { kind: 'datetime', label: label('确认时间', 'Confirmed'), readOnly: true },
} as const;
const settlementFilters = {
  period: { op: 'eq', field: 'period' },
  sellerEntityId: { op: 'eq', field: 'sellerEntityId' },
  buyerEntityId: { op: 'eq', field: 'buyerEntityId' },
  accountId: { op: 'eq', field: 'accountId' },
  state: { op: 'eq', field: 'state' },
} as const;

/** `entitySettle/report`: per month and settlement account, the cross-entity traffic and what it settles for. */
export const entityReportResource = defineResource({
  key: 'finance.entityReport',
  title: label('主体结算报表', 'Entity settlement report'),
  api: '/v2/fc/entity-settle/report',
  routes: { list: REPORT },
  titleField: 'accountCode',
  fields: settlementFields,
  list: {
    // the figures first: the narrower screens collapse the tail (the account code names the pair)
    columns: [
      'period',
      'accountCode',
      'amount',
      'currency',
      'state',
      'cost',
      'markupPct',
      'count',
      'seconds',
      'sellerName',
      'buyerName',
      'generatedAt',
    ],
    filters: settlementFilters,
    sortable: ['period', 'generatedAt'],
    defaultSort: { field: 'period', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['period', 'accountCode', 'amount', 'currency', 'state'] },
  access: { list: EntitySettlePerm.REPORT },
  export: { fileName: label('主体结算报表', 'entity-settlement-report') },
  history: false,
});

/** `entitySettle/proofreading`: each side's figure of a period, their difference and the state. */
export const entityProofreadingResource = defineResource({
  key: 'finance.entityProofreading',
  title: label('主体对账', 'Entity reconciliation'),
  api: '/v2/fc/entity-settle/proofreading',
  routes: { list: PROOFREADING },
  titleField: 'accountCode',
  fields: settlementFields,
  list: {
    columns: [
      'period',
      'accountCode',
      'state',
      'amount',
      'currency',
      'sellerAmount',
      'buyerAmount',
      'difference',
      'note',
      'sellerName',
      'buyerName',
      'confirmedAt',
    ],
    filters: settlementFilters,
    sortable: ['period', 'generatedAt'],
    defaultSort: { field: 'period', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['period', 'accountCode', 'amount', 'currency', 'state'] },
  access: { list: EntitySettlePerm.PROOFREADING },
  commands: {
    confirm: {
      label: label('确认金额', 'Confirm amount'),
      input: {
        side: { kind: 'enum', label: label('确认方', 'Side'), required: true, options: sideOptions },
        amount: {
          kind: 'text',
          label: label('本方金额', 'Amount on our books'),
          required: true,
          decimal: true,
          rules: { pattern: '^-?\\d{1,14}(\\.\\d{1,4})?$' },
        },
      },
      perm: EntitySettlePerm.PROOFREAD,
      when: { field: 'state', in: ['pending', 'disputed'] },
    },
    dispute: {
      label: label('提出争议', 'Dispute'),
      input: {
        side: { kind: 'enum', label: label('争议方', 'Side'), required: true, options: sideOptions },
        note: { kind: 'text', label: label('争议说明', 'Dispute note'), required: true, rules: { maxLength: 300 } },
      },
      perm: EntitySettlePerm.PROOFREAD,
      when: { field: 'state', in: ['pending'] },
    },
  },
  export: { fileName: label('主体对账', 'entity-reconciliation') },
  history: {},
});

/** `proofreadData`: the day × destination lines behind a period's figure. */
export const entityProofreadDataResource = defineResource({
  key: 'finance.entityProofreadData',
  title: label('对账数据', 'Reconciliation data'),
  api: '/v2/fc/entity-settle/proofread-data',
  routes: { list: PROOFREAD_DATA },
  titleField: 'day',
  fields: {
    settlementId: { kind: 'number', label: label('结算单', 'Settlement'), required: true, readOnly: true },
    accountId: { kind: 'number', label: label('结算账户', 'Settlement account'), required: true, readOnly: true },
    period,
    accountCode: shown('结算账户', 'Settlement account'),
    day: { kind: 'date', label: label('日期', 'Day'), required: true, readOnly: true },
    product: {
      kind: 'enum',
      label: label('产品', 'Product'),
      required: true,
      readOnly: true,
      options: [
        { value: 'sms', label: label('短信', 'SMS') },
        { value: 'voice', label: label('语音', 'Voice') },
        { value: 'whatsapp', label: label('WhatsApp', 'WhatsApp') },
        { value: 'email', label: label('邮件', 'Email') },
      ],
    },
    country: { kind: 'country', label: label('目的国家/地区', 'Destination'), required: true, readOnly: true },
    currency: { kind: 'text', label: label('币种', 'Currency'), required: true, readOnly: true },
    count: count('条数 / 呼叫数', 'Messages / calls'),
    seconds: count('计费秒数', 'Billed seconds'),
    cost: amount('通道成本', 'Route cost'),
    amount: amount('结算金额', 'Settlement amount'),
  },
  list: {
    columns: ['day', 'accountCode', 'product', 'country', 'count', 'seconds', 'cost', 'amount', 'currency', 'period'],
    filters: {
      settlementId: { op: 'eq', field: 'settlementId' },
      accountId: { op: 'eq', field: 'accountId' },
      period: { op: 'eq', field: 'period' },
      day: { op: 'range', field: 'day' },
      country: { op: 'eq', field: 'country' },
    },
    sortable: ['day'],
    defaultSort: { field: 'day', order: 'ascend' },
  },
  form: { sections: [] },
  access: { list: EntitySettlePerm.PROOFREAD_DATA },
  export: { fileName: label('对账数据', 'reconciliation-data') },
  history: false,
});

/**
 * `balanceReport/vos` (+detail): the voice (VOS) accounts' balance per day — every consumer account
 * carrying voice, from the end-of-day snapshots: opening, recharges, voice consumption, other
 * movements, closing. The detail is one account's days.
 */
export const vosBalanceResource = defineResource({
  key: 'finance.vosBalance',
  title: label('VOS 余额报表', 'VOS balance report'),
  api: '/v2/fc/balance-report/vos',
  routes: { list: VOS, detail: VOS_BALANCE_DETAIL },
  titleField: 'accountCode',
  fields: {
    day: { kind: 'date', label: label('日期', 'Day'), required: true, readOnly: true },
    accountId: { kind: 'number', ref: 'account', label: label('账户', 'Account'), required: true, readOnly: true },
    accountCode: shown('语音账户', 'Voice account'),
    customerName: shown('客户名称', 'Customer name'),
    ownerId: { kind: 'user', label: label('客户负责人', 'Customer owner'), readOnly: true },
    currency: { kind: 'text', label: label('币种', 'Currency'), required: true, readOnly: true },
    opening: amount('期初余额', 'Opening balance'),
    recharges: amount('当日充值', 'Top-ups'),
    consumption: amount('当日消费', 'Consumption'),
    other: amount('其他变动', 'Other movements'),
    closing: amount('期末余额', 'Closing balance'),
    creditLine: amount('信用额度', 'Credit line'),
    available: amount('可用额度', 'Available'),
  },
  list: {
    columns: [
      'day',
      'accountCode',
      'customerName',
      'closing',
      'currency',
      'opening',
      'recharges',
      'consumption',
      'other',
      'available',
      'creditLine',
    ],
    filters: {
      day: { op: 'range', field: 'day' },
      accountId: { op: 'eq', field: 'accountId' },
      currency: { op: 'eq', field: 'currency' },
    },
    sortable: ['day'],
    defaultSort: { field: 'day', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['day', 'accountCode', 'customerName', 'closing', 'currency'] },
  access: { list: EntitySettlePerm.VOS, owner: 'ownerId' },
  export: { fileName: label('VOS 余额报表', 'vos-balances') },
  history: false,
});
