import { defineResource, label } from '../resource/define.js';
import { accountStateOptions, billingOptions } from './account.js';
import { FinPerm } from './perms.js';

const money = (zh: string, en: string) =>
  ({ kind: 'text', label: label(zh, en), required: true, readOnly: true, decimal: true }) as const;

/**
 * `account/snapshot` (账户快照): every opened consumer account's balance at the end of each day, taken
 * by the nightly job from the ledger (opening = the entries before the day, credits and debits of the
 * day, closing = opening + credits − debits) with the credit line and state it had then. Read only:
 * a snapshot once taken never changes, so month-end balances and "what did this customer have on
 * the 3rd" are answered as they were, whatever is posted later.
 */
export const accountSnapshotResource = defineResource({
  key: 'finance.accountSnapshot',
  title: label('账户快照', 'Account snapshots'),
  api: '/v2/fc/account/snapshot',
  routes: { list: '/financial/account/snapshot' },
  titleField: 'accountCode',
  fields: {
    day: { kind: 'date', label: label('快照日', 'Day'), required: true, readOnly: true },
    accountId: { kind: 'number', ref: 'account', label: label('账户', 'Account'), required: true, readOnly: true },
    accountCode: { kind: 'text', label: label('账户编号', 'Account code'), readOnly: true },
    customerName: { kind: 'text', label: label('客户名称', 'Customer name'), readOnly: true },
    ownerId: { kind: 'user', label: label('客户负责人', 'Customer owner'), readOnly: true },
    currency: { kind: 'text', label: label('币种', 'Currency'), required: true, readOnly: true },
    billing: {
      kind: 'enum',
      label: label('付费方式', 'Billing method'),
      required: true,
      readOnly: true,
      options: billingOptions,
    },
    opening: money('期初余额', 'Opening balance'),
    credits: money('当日入账', 'Credits'),
    debits: money('当日出账', 'Debits'),
    closing: money('期末余额', 'Closing balance'),
    creditLine: money('信用额度', 'Credit line'),
    tempCredit: money('临时额度', 'Temporary credit'),
    available: money('可用额度', 'Available'),
    entries: {
      kind: 'number',
      label: label('当日分录数', 'Entries of the day'),
      required: true,
      readOnly: true,
      quantity: true,
    },
    state: {
      kind: 'enum',
      label: label('账户状态', 'State'),
      required: true,
      readOnly: true,
      options: accountStateOptions,
    },
    createdAt: { kind: 'datetime', label: label('快照时间', 'Taken'), required: true, readOnly: true },
  },
  list: {
    // the closing balance and what is left to spend first: the narrower screens collapse the tail
    columns: [
      'day',
      'accountCode',
      'customerName',
      'closing',
      'available',
      'currency',
      'opening',
      'credits',
      'debits',
      'billing',
      'state',
    ],
    filters: {
      day: { op: 'range', field: 'day' },
      accountId: { op: 'eq', field: 'accountId' },
      currency: { op: 'eq', field: 'currency' },
      billing: { op: 'eq', field: 'billing' },
      state: { op: 'eq', field: 'state' },
    },
    sortable: ['day'],
    defaultSort: { field: 'day', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['day', 'accountCode', 'customerName', 'closing', 'currency'] },
  access: { list: FinPerm.SNAPSHOTS, owner: 'ownerId' },
  export: { fileName: label('账户快照', 'Account snapshots') },
  history: false,
});
