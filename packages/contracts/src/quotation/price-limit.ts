import { defineResource, label, type ResourceField } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { productOptions } from './fields.js';

const SMS_KEY = permOf(routeByPath('/offerManage/sms-price-limit')!);
const TARIFF_KEY = permOf(routeByPath('/setModule/financial/tariff')!);

const fields = {
  country: {
    kind: 'country',
    label: label('国家/地区', 'Country or region'),
    required: true,
    createOnly: true,
    track: true,
  },
  network: { kind: 'operator', label: label('网络（MCC+MNC）', 'Network (MCC+MNC)'), createOnly: true, track: true },
  minPrice: {
    kind: 'text',
    label: label('最低价', 'Minimum price'),
    decimal: true,
    rules: { maxLength: 19, pattern: '^\\d{1,12}(\\.\\d{1,6})?$' },
    track: true,
  },
  minMarginPct: { kind: 'percent', label: label('最低毛利率 %', 'Minimum margin %'), track: true },
  currency: {
    kind: 'text',
    label: label('币种', 'Currency'),
    required: true,
    createOnly: true,
    rules: { minLength: 3, maxLength: 3, pattern: '^[A-Z]{3}$' },
    track: true,
  },
  updatedBy: { kind: 'user', label: label('更新人', 'Updated by'), readOnly: true },
  updatedAt: { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true },
} as const satisfies Record<string, ResourceField>;

const columns = ['country', 'network', 'minPrice', 'minMarginPct', 'currency', 'updatedBy', 'updatedAt'] as const;
const form = ['country', 'network', 'minPrice', 'minMarginPct', 'currency'] as const;

/**
 * `sms-price-limit` (decision 0079): the least an SMS customer price may be, per country or one of
 * its networks — a minimum price, a minimum margin over the dearest live cost, or both. A price
 * below it becomes a special-price request. The SMS rows of `qm_price_limits`.
 */
export const smsPriceLimitResource = defineResource({
  key: 'quotation.smsPriceLimit',
  title: label('短信限价', 'SMS price limits'),
  api: '/v2/qm/sms-price-limit',
  routes: { list: '/offerManage/sms-price-limit' },
  titleField: 'country',
  fields,
  list: {
    columns,
    filters: { country: { op: 'eq', field: 'country' } },
    sortable: ['country', 'updatedAt'],
    defaultSort: { field: 'country', order: 'ascend' },
  },
  form: { sections: [{ fields: form }] },
  detail: { header: ['country', 'network', 'currency'] },
  access: { list: SMS_KEY, create: SMS_KEY, update: SMS_KEY, delete: SMS_KEY },
  export: { fileName: label('短信限价', 'sms-price-limits') },
  history: {},
});

/** The products whose limits the tariff settings hold (SMS has its own screen). */
export const TARIFF_PRODUCTS = ['voice', 'whatsapp', 'number', 'email'] as const;

/**
 * `/setModule/financial/tariff` (decision 0079): the same limits for the other products (voice,
 * WhatsApp, number rental, e-mail) — the non-SMS rows of `qm_price_limits`, under the settings key.
 */
export const tariffResource = defineResource({
  key: 'quotation.tariff',
  title: label('资费设置', 'Tariffs'),
  api: '/v2/qm/tariff',
  routes: { list: '/setModule/financial/tariff' },
  titleField: 'country',
  fields: {
    product: {
      kind: 'enum',
      label: label('产品', 'Product'),
      required: true,
      createOnly: true,
      options: productOptions.filter((o) => (TARIFF_PRODUCTS as readonly string[]).includes(o.value)),
      track: true,
    },
    ...fields,
  },
  list: {
    columns: ['country', 'product', ...columns.slice(1)],
    filters: { product: { op: 'eq', field: 'product' }, country: { op: 'eq', field: 'country' } },
    sortable: ['country', 'updatedAt'],
    defaultSort: { field: 'country', order: 'ascend' },
  },
  form: { sections: [{ fields: ['product', ...form] }] },
  detail: { header: ['product', 'country', 'network'] },
  access: { list: TARIFF_KEY, create: TARIFF_KEY, update: TARIFF_KEY, delete: TARIFF_KEY },
  export: { fileName: label('资费设置', 'tariffs') },
  history: {},
});
