import { defineResource, label } from '../resource/define.js';
import { MAIL_FAILED_FILTER, MAILED_HEADER, mailedFields } from './bill-mail.js';
import { FinPerm } from './perms.js';

const money = (zh: string, en: string) =>
  ({ kind: 'text', label: label(zh, en), required: true, readOnly: true, decimal: true }) as const;

/**
 * Prepaid monthly statements (预付月结单, decision 0111): one per prepaid account and closed calendar month,
 * numbered `ST…`, written by the bill run from the ledger's entries by their day — opening balance, money in
 * (recharges, payments, gifts, hedges, positive adjustments), money out (refunds, negative adjustments),
 * consumption, closing balance (the database checks closing = opening + in − out − consumption). A tab of
 * the bills screen; each row's XLSX lists the month's consumption by day, product and country.
 */
export const statementResource = defineResource({
  key: 'finance.statement',
  title: label('预付月结单', 'Prepaid statements'),
  api: '/v2/fc/statement',
  routes: { list: '/financial/account/consumer/bill' },
  titleField: 'code',
  fields: {
    code: { kind: 'text', label: label('结单编号', 'Statement number'), required: true, readOnly: true },
    accountId: { kind: 'number', ref: 'account', label: label('账户', 'Account'), required: true, readOnly: true },
    accountCode: { kind: 'text', label: label('账户编号', 'Account code'), readOnly: true },
    customerName: { kind: 'text', label: label('客户名称', 'Customer name'), readOnly: true },
    ownerId: { kind: 'user', label: label('客户负责人', 'Customer owner'), readOnly: true },
    periodStart: { kind: 'date', label: label('月份开始', 'Month from'), required: true, readOnly: true },
    periodEnd: { kind: 'date', label: label('月份结束', 'Month to'), required: true, readOnly: true },
    currency: { kind: 'text', label: label('币种', 'Currency'), required: true, readOnly: true },
    opening: money('期初余额', 'Opening balance'),
    moneyIn: money('本月入账', 'Money in'),
    moneyOut: money('本月退出', 'Money out'),
    consumption: money('本月消费', 'Consumption'),
    closing: money('期末余额', 'Closing balance'),
    entries: { kind: 'number', label: label('分录数', 'Entries'), required: true, readOnly: true, quantity: true },
    issuedAt: { kind: 'datetime', label: label('生成时间', 'Issued'), required: true, readOnly: true },
    ...mailedFields,
  },
  list: {
    columns: [
      'code',
      'accountCode',
      'closing',
      'consumption',
      'periodStart',
      'opening',
      'moneyIn',
      'moneyOut',
      'currency',
      'customerName',
      'issuedAt',
    ],
    filters: {
      keyword: { op: 'like', fields: ['code'], label: label('结单编号', 'Statement number') },
      accountId: { op: 'eq', field: 'accountId' },
      periodStart: { op: 'range', field: 'periodStart' },
      ...MAIL_FAILED_FILTER,
    },
    sortable: ['issuedAt', 'periodStart'],
    defaultSort: { field: 'issuedAt', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['code', 'accountCode', 'periodStart', 'closing', 'currency', ...MAILED_HEADER] },
  access: { list: FinPerm.BILLS, owner: 'ownerId' },
  export: { fileName: label('预付月结单', 'Prepaid statements') },
  history: {},
});

/** A prepaid statement's XLSX: `GET {statementResource.api}/{id}/statement`. */
export const prepaidStatementPath = (id: number | string) => `/v2/fc/statement/${id}/statement`;

/** Mails a prepaid statement to its account's billing contact: `POST`, answers `billMailResult`. */
export const prepaidStatementMailPath = (id: number | string) => `/v2/fc/statement/${id}/mail`;
