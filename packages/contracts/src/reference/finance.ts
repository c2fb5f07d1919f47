import type { ResourceField } from '../resource/define.js';
import { defineResource } from '../resource/define.js';
import { displayName, enabled, keyword, label, nameEn, nameZh, REF, updatedAt } from './fields.js';
import { RefPerm } from './perms.js';

/**
 * Our signing entities, the banks and accounts they hold, and the brands they sign for
 * (`/setModule/financial/{main-body, bank, brand}`): kept by finance, never deleted (disabled instead).
 */

const code = {
  kind: 'text',
  label: label('编码', 'Code'),
  required: true,
  rules: { maxLength: 32, pattern: '^[A-Z0-9][A-Z0-9_-]{1,31}$' },
  track: true,
} as const;
const currencyCode = {
  kind: 'text',
  label: label('币种', 'Currency'),
  required: true,
  rules: { maxLength: 3, pattern: '^[A-Z]{3}$' },
  track: true,
} as const;
/** The name typed in both languages, and the one a list shows in the reader's language. */
const names = { name: nameZh, nameEn, displayName } as const;
/** A finance record's own fields, then the two every one of them ends with: enabled, last change. */
const referenceFields = <const F extends Record<string, ResourceField>>(own: F) => ({ ...own, enabled, updatedAt });
/** A finance settings record: the screen's key reads and writes it; details head with its key field; history; export. */
const kept = (perm: string, keyField: string, fileName: ResourceField['label']) => ({
  detail: { header: [keyField, 'enabled', 'updatedAt'] },
  access: { list: perm, create: perm, update: perm },
  export: { fileName },
  history: {},
});
const ref = (to: string, l: ResourceField['label']) =>
  ({ kind: 'number', ref: to, label: l, required: true, track: true }) as const;

export const entityResource = defineResource({
  key: 'reference.entity',
  title: label('签约主体', 'Contracting entities'),
  api: `${REF}/entity`,
  routes: { list: '/setModule/financial/main-body' },
  titleField: 'code',
  fields: referenceFields({
    code,
    ...names,
    countryCode: { kind: 'country', label: label('国家/地区', 'Country or region'), required: true, track: true },
    currencyCode,
    taxId: { kind: 'text', label: label('税号', 'Tax id'), rules: { maxLength: 64 }, track: true },
    address: { kind: 'textarea', label: label('地址', 'Address'), rules: { maxLength: 300 }, track: true },
    accountCount: {
      kind: 'number',
      label: label('银行账户', 'Bank accounts'),
      required: true,
      readOnly: true,
      quantity: true,
    },
  }),
  list: {
    columns: ['code', 'displayName', 'countryCode', 'currencyCode', 'taxId', 'accountCount', 'enabled', 'updatedAt'],
    filters: {
      keyword: keyword(['code', 'name', 'nameEn', 'taxId']),
      country: { op: 'eq', field: 'countryCode' },
      enabled: { op: 'eq', field: 'enabled' },
    },
    sortable: ['code', 'updatedAt'],
    defaultSort: { field: 'code', order: 'ascend' },
  },
  form: {
    sections: [{ fields: ['code', 'name', 'nameEn', 'countryCode', 'currencyCode', 'taxId', 'address', 'enabled'] }],
  },
  ...kept(RefPerm.ENTITY, 'code', label('签约主体', 'contracting-entities')),
});

export const bankResource = defineResource({
  key: 'reference.bank',
  title: label('银行', 'Banks'),
  api: `${REF}/bank`,
  routes: { list: '/setModule/financial/bank' },
  titleField: 'swift',
  fields: referenceFields({
    ...names,
    /** ISO 9362; letters 5-6 are the bank's country (checked on save), stored in capitals */
    swift: {
      kind: 'text',
      label: label('SWIFT/BIC', 'SWIFT/BIC'),
      required: true,
      rules: { maxLength: 11, pattern: '^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$' },
      track: true,
    },
    countryCode: { kind: 'country', label: label('国家/地区', 'Country or region'), required: true, track: true },
  }),
  list: {
    columns: ['displayName', 'swift', 'countryCode', 'enabled', 'updatedAt'],
    filters: { keyword: keyword(['name', 'nameEn', 'swift']), country: { op: 'eq', field: 'countryCode' } },
    sortable: ['swift', 'updatedAt'],
    defaultSort: { field: 'swift', order: 'ascend' },
  },
  form: { sections: [{ fields: ['name', 'nameEn', 'swift', 'countryCode', 'enabled'] }] },
  ...kept(RefPerm.BANK, 'swift', label('银行', 'banks')),
});

export const bankAccountResource = defineResource({
  key: 'reference.bankAccount',
  title: label('银行账户', 'Bank accounts'),
  api: `${REF}/bank-account`,
  routes: { list: '/setModule/financial/bank' },
  titleField: 'accountNo',
  fields: referenceFields({
    entityId: ref('entity', label('签约主体', 'Entity')),
    entityName: { kind: 'text', label: label('签约主体', 'Entity'), required: true, readOnly: true },
    bankId: ref('bank', label('开户银行', 'Bank')),
    bankName: { kind: 'text', label: label('开户银行', 'Bank'), required: true, readOnly: true },
    swift: { kind: 'text', label: label('SWIFT/BIC', 'SWIFT/BIC'), required: true, readOnly: true },
    accountName: {
      kind: 'text',
      label: label('户名', 'Account name'),
      required: true,
      rules: { maxLength: 140 },
      track: true,
    },
    /** an IBAN or a local number; spaces are dropped and letters put in capitals on save */
    accountNo: {
      kind: 'text',
      label: label('账号', 'Account number'),
      required: true,
      rules: { maxLength: 48, pattern: '^[A-Za-z0-9 -]{4,48}$' },
      track: true,
    },
    currencyCode,
  }),
  list: {
    columns: ['entityName', 'bankName', 'swift', 'accountName', 'accountNo', 'currencyCode', 'enabled', 'updatedAt'],
    filters: {
      keyword: keyword(['accountName', 'accountNo']),
      entityId: { op: 'eq', field: 'entityId' },
      bankId: { op: 'eq', field: 'bankId' },
      currency: { op: 'eq', field: 'currencyCode' },
    },
    sortable: ['accountNo', 'updatedAt'],
    defaultSort: { field: 'updatedAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['entityId', 'bankId', 'accountName', 'accountNo', 'currencyCode', 'enabled'] }] },
  ...kept(RefPerm.BANK, 'accountNo', label('银行账户', 'bank-accounts')),
});

export const brandResource = defineResource({
  key: 'reference.brand',
  title: label('品牌', 'Brands'),
  api: `${REF}/brand`,
  routes: { list: '/setModule/financial/brand' },
  titleField: 'code',
  fields: referenceFields({
    code,
    ...names,
    entityId: ref('entity', label('签约主体', 'Entity')),
    entityName: { kind: 'text', label: label('签约主体', 'Entity'), required: true, readOnly: true },
    website: {
      kind: 'text',
      label: label('网站', 'Website'),
      rules: { maxLength: 200, pattern: '^https?://\\S+$' },
      track: true,
    },
    supportEmail: { kind: 'email', label: label('客服邮箱', 'Support e-mail'), track: true },
  }),
  list: {
    columns: ['code', 'displayName', 'entityName', 'website', 'supportEmail', 'enabled', 'updatedAt'],
    filters: { keyword: keyword(['code', 'name', 'nameEn']), entityId: { op: 'eq', field: 'entityId' } },
    sortable: ['code', 'updatedAt'],
    defaultSort: { field: 'code', order: 'ascend' },
  },
  form: { sections: [{ fields: ['code', 'name', 'nameEn', 'entityId', 'website', 'supportEmail', 'enabled'] }] },
  ...kept(RefPerm.BRAND, 'code', label('品牌', 'brands')),
});
