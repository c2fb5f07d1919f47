import { nameEn, nameZh } from '../reference/fields.js';
import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { productOptions } from './fields.js';

const PERM = permOf(routeByPath('/setModule/financial/billing-method')!);

/**
 * `/setModule/financial/billing-method` (decision 0055): how a product is billed to customers —
 * on submit or on delivery, and the increments of a billed unit (voice: first / next seconds, e.g.
 * 60/60 or 1/1). A settings record on the kernel with its history; never deleted, disabled instead.
 */
export const billingMethodResource = defineResource({
  key: 'quotation.billingMethod',
  title: label('计费方式', 'Billing methods'),
  api: '/v2/qm/billing-method',
  routes: { list: '/setModule/financial/billing-method' },
  titleField: 'code',
  fields: {
    code: {
      kind: 'text',
      label: label('编码', 'Code'),
      required: true,
      createOnly: true,
      rules: { maxLength: 32, pattern: '^[A-Z0-9][A-Z0-9_-]{1,31}$' },
      track: true,
    },
    name: { ...nameZh, rules: { maxLength: 64 } },
    nameEn: { ...nameEn, rules: { maxLength: 64 } },
    product: {
      kind: 'enum',
      label: label('产品', 'Product'),
      required: true,
      options: productOptions,
      track: true,
    },
    basis: {
      kind: 'enum',
      label: label('计费依据', 'Billed on'),
      required: true,
      options: [
        { value: 'submit', label: label('按提交计费', 'Submit'), color: 'blue' },
        { value: 'delivery', label: label('按成功计费', 'Delivery'), color: 'green' },
      ],
      track: true,
    },
    firstIncrement: {
      kind: 'number',
      label: label('首次计费单位（秒/条）', 'First increment (s / units)'),
      required: true,
      rules: { min: 1, max: 3600 },
      track: true,
    },
    nextIncrement: {
      kind: 'number',
      label: label('后续计费单位（秒/条）', 'Next increment (s / units)'),
      required: true,
      rules: { min: 1, max: 3600 },
      track: true,
    },
    enabled: { kind: 'boolean', label: label('启用', 'Enabled'), required: true, track: true },
    remark: { kind: 'text', label: label('备注', 'Remark'), rules: { maxLength: 200 }, track: true },
    updatedAt: { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true },
  },
  list: {
    columns: ['code', 'name', 'nameEn', 'product', 'basis', 'firstIncrement', 'nextIncrement', 'enabled', 'updatedAt'],
    filters: { product: { op: 'eq', field: 'product' }, basis: { op: 'eq', field: 'basis' } },
    sortable: ['code', 'updatedAt'],
    defaultSort: { field: 'code', order: 'ascend' },
  },
  form: {
    sections: [
      {
        fields: ['code', 'name', 'nameEn', 'product', 'basis', 'firstIncrement', 'nextIncrement', 'enabled', 'remark'],
      },
    ],
  },
  detail: { header: ['code', 'product', 'enabled'] },
  access: { list: PERM, create: PERM, update: PERM },
  export: { fileName: label('计费方式', 'billing-methods') },
  history: {},
});
