import { z } from 'zod';
import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { entryResource } from './application.js';

/** the ledger kinds a top-up record list shows: money put on the account, or given back */
export const TOP_UP_KINDS = ['recharge', 'payment', 'hedge', 'gift', 'adjustment', 'refund'] as const;

const VOICE = '/financial/recharge-record/voice';
const voicePerm = (() => {
  const route = routeByPath(VOICE);
  if (!route) throw new Error(`finance: no route ${VOICE}`);
  return permOf(route);
})();

/**
 * `recharge-record/voice` (decision 0121): the platform records' list narrowed to the money that came
 * into voice accounts (accounts whose products include voice): recharges, payments received, hedges,
 * gifts, adjustments and refunds — not consumption, bills or write-offs. Same columns, filters and
 * export as `recharge-record/platform`, its own screen key.
 */
export const voiceEntryResource = defineResource({
  ...entryResource,
  fields: {
    ...entryResource.fields,
    // the kind filter offers only what the list can hold
    kind: {
      ...entryResource.fields.kind,
      options: entryResource.fields.kind.options.filter((o) => (TOP_UP_KINDS as readonly string[]).includes(o.value)),
    },
  },
  key: 'finance.entry.voice',
  title: label('语音充值记录', 'Voice top-up records'),
  api: '/v2/fc/entry/voice',
  routes: { list: VOICE },
  access: { list: voicePerm, owner: 'ownerId' },
  export: { fileName: label('语音充值记录', 'Voice top-up records') },
});

const U_PLATFORM = '/financial/recharge-record/u-platform';
const uPlatformPerm = (() => {
  const route = routeByPath(U_PLATFORM);
  if (!route) throw new Error(`finance: no route ${U_PLATFORM}`);
  return permOf(route);
})();

/**
 * `recharge-record/u-platform` (decision 0128): the recharges customers paid online on the
 * self-service platform ("U platform"), posted from its signed payment notifications — the ledger's
 * entries of channel `u_platform` (their key is `u-platform:<payment id>`).
 */
export const uPlatformEntryResource = defineResource({
  ...entryResource,
  fields: {
    ...entryResource.fields,
    kind: {
      ...entryResource.fields.kind,
      options: entryResource.fields.kind.options.filter((o) => o.value === 'recharge'),
    },
    key: { ...entryResource.fields.key, label: label('支付单', 'Payment') },
    note: { kind: 'text', label: label('付款人', 'Payer'), readOnly: true },
  },
  list: {
    ...entryResource.list,
    columns: ['key', 'accountCode', 'customerName', 'amount', 'currency', 'balanceAfter', 'note', 'day', 'createdAt'],
    filters: {
      accountId: { op: 'eq', field: 'accountId' },
      day: { op: 'range', field: 'day' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
  },
  detail: { header: ['key', 'accountCode', 'amount', 'currency', 'day'] },
  key: 'finance.entry.uPlatform',
  title: label('U 平台充值记录', 'U-platform top-up records'),
  api: '/v2/fc/entry/u-platform',
  routes: { list: U_PLATFORM },
  access: { list: uPlatformPerm, owner: 'ownerId' },
  export: { fileName: label('U 平台充值记录', 'U-platform top-up records') },
});

const MAIN_ACCOUNT = '/financial/recharge-record/main-account';
const mainAccountPerm = (() => {
  const route = routeByPath(MAIN_ACCOUNT);
  if (!route) throw new Error(`finance: no route ${MAIN_ACCOUNT}`);
  return permOf(route);
})();

/**
 * `recharge-record/main-account` (decision 0134): the money put on main accounts (accounts other
 * accounts name as their main account) — recharges, payments, hedges, gifts, adjustments, refunds —
 * and the allocations inside their groups (out, back, between sub-accounts: decision 0141), each
 * once, on its source, with its direction (from → to).
 */
export const mainAccountEntryResource = defineResource({
  ...entryResource,
  fields: {
    ...entryResource.fields,
    kind: {
      ...entryResource.fields.kind,
      options: entryResource.fields.kind.options.filter((o) =>
        ([...TOP_UP_KINDS, 'allocation'] as readonly string[]).includes(o.value),
      ),
    },
    accountCode: { ...entryResource.fields.accountCode, label: label('账户', 'Account') },
    /** an allocation: the account the money went to (decision 0134, 0141) */
    subAccountCode: { kind: 'text', label: label('划入账户', 'To account'), readOnly: true },
    /** an allocation: `from → to` (decision 0141) */
    direction: { kind: 'text', label: label('划拨方向', 'From → to'), readOnly: true },
  },
  list: {
    ...entryResource.list,
    // the sub-account next to the amount, so the narrow layouts keep it in view
    columns: [
      'accountCode',
      'kind',
      'amount',
      'direction',
      'customerName',
      'currency',
      'balanceAfter',
      'day',
      'createdAt',
    ],
  },
  key: 'finance.entry.mainAccount',
  title: label('主账户充值记录', 'Main account top-up records'),
  api: '/v2/fc/entry/main-account',
  routes: { list: MAIN_ACCOUNT },
  access: { list: mainAccountPerm, owner: 'ownerId' },
  export: { fileName: label('主账户充值记录', 'Main account top-up records') },
});

/** The path the U platform posts its payment notifications to (machine-authenticated, idempotent). */
export const U_PLATFORM_NOTIFY_PATH = '/v2/fc/u-platform/notify';

/**
 * A payment notification of the U platform: one online payment onto one account. Signed with the
 * shared secret: `x-u-signature` = hex HMAC-SHA256 of `{timestamp}.{paymentId}.{accountCode}.{amount}.{currency}.{paidAt}`,
 * `x-u-timestamp` = the unix seconds it was signed (at most 5 minutes old).
 */
export const uPlatformPayment = z.object({
  paymentId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  accountCode: z.string().min(1).max(32),
  /** decimal text, positive, up to 4 places */
  amount: z.string().regex(/^(?!0+(\.0+)?$)\d{1,12}(\.\d{1,4})?$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  paidAt: z.string().datetime(),
  payer: z.string().max(128).optional(),
});
export type UPlatformPayment = z.infer<typeof uPlatformPayment>;
