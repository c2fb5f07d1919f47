import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';

/**
 * Supplier control lists (decision 0114, issue 17 "Bills and statements"): suppliers finance has put
 * on a list of its own. `blacklist`: we must not route to or pay them (traffic reads it through the
 * `supplierBlocked` port); `exempt`: the supplier-overdue rules leave them alone for a period;
 * `whitelist`: always allowed, whatever a rule says. One row per list and supplier; a row counts on a
 * day from `fromDay` through `until` (empty: no end) while it is enabled. Adding or changing a row
 * needs the list's `:edit` key (finance), seeing them the screen's permission and the supplier-owner
 * data scope.
 */
export const SUPPLIER_CONTROL_KINDS = ['blacklist', 'exempt', 'whitelist'] as const;
export type SupplierControlKind = (typeof SUPPLIER_CONTROL_KINDS)[number];

const TITLES: Record<SupplierControlKind, readonly [string, string, string]> = {
  blacklist: ['供应商黑名单', 'Supplier blacklist', 'supplier-blacklist'],
  exempt: ['豁免名单', 'Exemptions', 'supplier-exemptions'],
  whitelist: ['供应商白名单', 'Supplier whitelist', 'supplier-whitelist'],
};

/** The screen permission of a list and the key that adds or changes its rows. */
export const supplierControlPerm = (kind: SupplierControlKind) => {
  const path = `/financial/supplier-control/${kind}`;
  const route = routeByPath(path);
  if (!route) throw new Error(`finance: no route ${path}`);
  const LIST = permOf(route);
  return { LIST, EDIT: `${LIST}:edit` } as const;
};

export const supplierControlResource = (kind: SupplierControlKind) => {
  const [zh, en, file] = TITLES[kind];
  const perm = supplierControlPerm(kind);
  return defineResource({
    key: `finance.supplierControl.${kind}`,
    title: label(zh, en),
    api: `/v2/fc/supplier-control/${kind}`,
    routes: { list: `/financial/supplier-control/${kind}` },
    titleField: 'supplierName',
    fields: {
      supplierId: {
        kind: 'supplier',
        label: label('供应商', 'Supplier'),
        required: true,
        createOnly: true,
        track: true,
      },
      supplierCode: { kind: 'text', label: label('供应商编号', 'Supplier code'), readOnly: true },
      supplierName: { kind: 'text', label: label('供应商名称', 'Supplier name'), readOnly: true },
      ownerId: { kind: 'user', label: label('供应商负责人', 'Supplier owner'), readOnly: true },
      fromDay: { kind: 'date', label: label('生效日', 'From'), required: true, track: true },
      until: { kind: 'date', label: label('截止日', 'Through'), track: true },
      enabled: { kind: 'boolean', label: label('启用', 'Enabled'), required: true, track: true },
      reason: { kind: 'text', label: label('原因', 'Reason'), required: true, rules: { maxLength: 200 }, track: true },
      createdBy: { kind: 'user', label: label('登记人', 'Listed by'), readOnly: true },
      updatedAt: { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true },
    },
    list: {
      columns: [
        'supplierCode',
        'supplierName',
        'reason',
        'fromDay',
        'until',
        'enabled',
        'ownerId',
        'createdBy',
        'updatedAt',
      ],
      filters: {
        supplierId: { op: 'eq', field: 'supplierId' },
        enabled: { op: 'eq', field: 'enabled' },
        fromDay: { op: 'range', field: 'fromDay' },
      },
      sortable: ['updatedAt', 'fromDay'],
      defaultSort: { field: 'updatedAt', order: 'descend' },
    },
    form: { sections: [{ fields: ['supplierId', 'fromDay', 'until', 'enabled', 'reason'] }] },
    detail: { header: ['supplierName', 'fromDay', 'until', 'enabled'] },
    access: { list: perm.LIST, create: perm.EDIT, update: perm.EDIT, owner: 'ownerId' },
    export: { fileName: label(zh, file) },
    history: {},
  });
};

const SET_PATH = '/setModule/financial/supplier-control-set';
const SET = (() => {
  const route = routeByPath(SET_PATH);
  if (!route) throw new Error(`finance: no route ${SET_PATH}`);
  return permOf(route);
})();

/**
 * `/setModule/financial/supplier-control-set` (decision 0114): the supplier-overdue thresholds per
 * currency from a day — days after a confirmed supplier bill's period we pay by, days before that to
 * warn, the balance floor of a prepaid supplier account (minor units), who is told. The row of a
 * currency in force on a day is the one with the latest first day not after it; changes have history.
 */
export const supplierControlSetResource = defineResource({
  key: 'finance.supplierControlSet',
  title: label('供应商管控设置', 'Supplier control settings'),
  api: '/v2/fc/supplier-control-set',
  routes: { list: SET_PATH },
  titleField: 'currency',
  fields: {
    currency: {
      kind: 'text',
      label: label('币种', 'Currency'),
      required: true,
      createOnly: true,
      rules: { pattern: '^[A-Z]{3}$' },
    },
    effectiveFrom: { kind: 'date', label: label('生效日', 'Effective from'), required: true, createOnly: true },
    dueDays: {
      kind: 'number',
      label: label('账期（天）', 'Due days'),
      required: true,
      rules: { min: 0, max: 365 },
      track: true,
    },
    warnDays: {
      kind: 'number',
      label: label('提前提醒（天）', 'Warn days before'),
      required: true,
      rules: { min: 0, max: 60 },
      track: true,
    },
    balanceFloor: {
      kind: 'money',
      label: label('预付余额下限', 'Prepaid balance floor'),
      required: true,
      rules: { min: 0 },
      track: true,
    },
    toOwner: {
      kind: 'boolean',
      label: label('通知供应商负责人', 'Tell the supplier owner'),
      required: true,
      track: true,
    },
    toFinance: { kind: 'boolean', label: label('通知财务', 'Tell finance'), required: true, track: true },
    remark: { kind: 'text', label: label('备注', 'Remark'), rules: { maxLength: 200 }, track: true },
    updatedAt: { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true },
  },
  list: {
    columns: ['currency', 'effectiveFrom', 'dueDays', 'warnDays', 'balanceFloor', 'toOwner', 'toFinance', 'updatedAt'],
    filters: { currency: { op: 'eq', field: 'currency' }, effectiveFrom: { op: 'range', field: 'effectiveFrom' } },
    sortable: ['effectiveFrom', 'updatedAt'],
    defaultSort: { field: 'effectiveFrom', order: 'descend' },
  },
  form: {
    sections: [
      {
        fields: ['currency', 'effectiveFrom', 'dueDays', 'warnDays', 'balanceFloor', 'toOwner', 'toFinance', 'remark'],
      },
    ],
  },
  detail: { header: ['currency', 'effectiveFrom', 'dueDays', 'balanceFloor'] },
  access: { list: SET, create: SET, update: SET },
  export: { fileName: label('供应商管控设置', 'supplier-control-settings') },
  history: {},
});
