import { defineResource } from '../resource/define.js';
import { displayName, enabled, keyword, label, nameEn, nameZh, REF, updatedAt } from './fields.js';
import { RefPerm } from './perms.js';

/**
 * Currencies (ISO 4217), their effective-dated exchange rates and the messaging platform's billing
 * currencies (`/setModule/financial/{currency, xe-rate}`, `/setModule/uplatform/ucurrency`).
 * Never deleted: a currency is switched off, a rate corrected, a later day's rate supersedes it.
 */

const CODE = '^[A-Z]{3}$';
const code = {
  kind: 'text',
  label: label('币种代码', 'Code'),
  required: true,
  rules: { maxLength: 3, pattern: CODE },
} as const;
const kept = (perm: string, keyField: string, fileName: { zh: string; en: string }) => ({
  detail: { header: [keyField, 'enabled', 'updatedAt'] },
  access: { list: perm, update: perm },
  export: { fileName },
  history: {},
});

/** ISO 4217 currencies, seeded from the standard: names, symbol and whether staff may pick one are edited. */
export const currencyResource = defineResource({
  key: 'reference.currency',
  title: label('币种', 'Currencies'),
  api: `${REF}/currency`,
  routes: { list: '/setModule/financial/currency' },
  titleField: 'code',
  fields: {
    code: { ...code, readOnly: true },
    name: nameZh,
    nameEn,
    displayName,
    numeric: { kind: 'text', label: label('数字代码', 'Numeric code'), required: true, readOnly: true },
    digits: { kind: 'number', label: label('小数位', 'Minor unit digits'), required: true, readOnly: true },
    symbol: { kind: 'text', label: label('符号', 'Symbol'), rules: { maxLength: 8 }, track: true },
    enabled,
    updatedAt,
  },
  list: {
    columns: ['code', 'displayName', 'numeric', 'digits', 'symbol', 'enabled', 'updatedAt'],
    filters: { keyword: keyword(['code', 'name', 'nameEn']), enabled: { op: 'eq', field: 'enabled' } },
    sortable: ['code', 'updatedAt'],
    defaultSort: { field: 'code', order: 'ascend' },
  },
  form: { sections: [{ fields: ['name', 'nameEn', 'symbol', 'enabled'] }] },
  ...kept(RefPerm.CURRENCY, 'code', label('币种', 'currencies')),
});

/**
 * An exchange rate from a day on (1 `from` = `rate` `to`) until a later day's row of the pair: a
 * rate for any past day is answerable (`GET …/rate/at`). A day's rate is corrected, never entered
 * twice; rows come from hand entry or a file import (`…/rate/import`, with a dry-run preview).
 */
export const rateResource = defineResource({
  key: 'reference.rate',
  title: label('汇率', 'Exchange rates'),
  api: `${REF}/rate`,
  routes: { list: '/setModule/financial/xe-rate' },
  titleField: 'pair',
  fields: {
    day: { kind: 'date', label: label('生效日期', 'Effective day'), required: true, createOnly: true },
    from: { ...code, label: label('源币种', 'From'), createOnly: true },
    to: { ...code, label: label('目标币种', 'To'), createOnly: true },
    pair: { kind: 'text', label: label('币种对', 'Pair'), required: true, readOnly: true },
    rate: {
      kind: 'text',
      label: label('汇率', 'Rate'),
      required: true,
      decimal: true,
      track: true,
      // positive, at most 12 integer and 10 fraction digits
      rules: { maxLength: 23, pattern: '^(?=.*[1-9])\\d{1,12}(\\.\\d{1,10})?$' },
    },
    source: {
      kind: 'enum',
      label: label('来源', 'Source'),
      required: true,
      readOnly: true,
      options: [
        { value: 'manual', label: label('手工录入', 'Entered') },
        { value: 'import', label: label('文件导入', 'Imported'), color: 'blue' },
      ],
    },
    note: { kind: 'text', label: label('备注', 'Note'), rules: { maxLength: 200 }, track: true },
    updatedBy: { kind: 'user', label: label('修改人', 'Changed by'), readOnly: true },
    updatedAt: { ...updatedAt, label: label('修改时间', 'Changed') },
  },
  list: {
    columns: ['day', 'from', 'to', 'rate', 'source', 'note', 'updatedBy', 'updatedAt'],
    filters: {
      from: { op: 'eq', field: 'from' },
      to: { op: 'eq', field: 'to' },
      day: { op: 'range', field: 'day', bounds: ['dayFrom', 'dayTo'] },
    },
    sortable: ['day', 'updatedAt'],
    defaultSort: { field: 'day', order: 'descend' },
  },
  form: { sections: [{ fields: ['from', 'to', 'day', 'rate', 'note'] }] },
  detail: { header: ['pair', 'day', 'rate', 'source'] },
  access: { list: RefPerm.RATE, create: RefPerm.RATE, update: RefPerm.RATE },
  export: { fileName: label('汇率', 'exchange-rates') },
  history: {},
});

/** The currencies the messaging platform bills in: its own code for each and the precision of unit prices. */
export const platformCurrencyResource = defineResource({
  key: 'reference.platformCurrency',
  title: label('U 平台币种', 'Platform currencies'),
  api: `${REF}/ucurrency`,
  routes: { list: '/setModule/uplatform/ucurrency' },
  titleField: 'code',
  fields: {
    code: { ...code, label: label('币种', 'Currency'), createOnly: true },
    name: { ...displayName, label: nameZh.label },
    nameEn: { ...displayName, label: nameEn.label },
    displayName,
    /** the code the platform's API uses for it (usually the ISO code) */
    platformCode: {
      kind: 'text',
      label: label('平台代码', 'Platform code'),
      required: true,
      rules: { maxLength: 10, pattern: '^[A-Z0-9]{2,10}$' },
      track: true,
    },
    /** decimals of unit prices on the platform (an SMS costs 0.0035 USD: 4) */
    priceDigits: {
      kind: 'number',
      label: label('单价小数位', 'Price decimals'),
      required: true,
      rules: { min: 0, max: 8 },
      track: true,
    },
    enabled,
    updatedAt,
  },
  list: {
    columns: ['code', 'displayName', 'platformCode', 'priceDigits', 'enabled', 'updatedAt'],
    filters: { keyword: keyword(['code', 'platformCode']) },
    sortable: ['code', 'updatedAt'],
    defaultSort: { field: 'code', order: 'ascend' },
  },
  form: { sections: [{ fields: ['code', 'platformCode', 'priceDigits', 'enabled'] }] },
  ...kept(RefPerm.PLATFORM_CURRENCY, 'code', label('U平台币种', 'platform-currencies')),
  access: { list: RefPerm.PLATFORM_CURRENCY, create: RefPerm.PLATFORM_CURRENCY, update: RefPerm.PLATFORM_CURRENCY },
});
