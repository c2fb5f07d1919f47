import { defineResource } from '../resource/define.js';
import { RefPerm } from './perms.js';

const name = { zh: '名称', en: 'Name' };

/**
 * Mobile networks by MCC + MNC (`/setModule/financial/mcc-mnc`): seeded from mcc-mnc-list, renamed,
 * re-linked, retired or added by administrators, and merged into another operator (its codes then
 * report under the survivor). Never deleted.
 */
export const operatorResource = defineResource({
  key: 'reference.operator',
  title: { zh: '移动网络', en: 'Mobile networks' },
  api: '/v2/sys/staff/ref/operator',
  routes: { list: '/setModule/financial/mcc-mnc' },
  titleField: 'mccmnc',
  fields: {
    mccmnc: { kind: 'operator', label: { zh: 'MCC+MNC', en: 'MCC+MNC' }, required: true, readOnly: true },
    mcc: {
      kind: 'text',
      label: { zh: 'MCC', en: 'MCC' },
      required: true,
      createOnly: true,
      rules: { pattern: '^\\d{3}$', maxLength: 3 },
    },
    mnc: {
      kind: 'text',
      label: { zh: 'MNC', en: 'MNC' },
      required: true,
      createOnly: true,
      rules: { pattern: '^\\d{2,3}$', maxLength: 3 },
    },
    countryCode: { kind: 'country', label: { zh: '国家/地区', en: 'Country or region' }, track: true },
    name: {
      kind: 'text',
      label: { zh: '中文名称', en: 'Name (Chinese)' },
      required: true,
      rules: { maxLength: 128 },
      track: true,
    },
    nameEn: {
      kind: 'text',
      label: { zh: '英文名称', en: 'Name (English)' },
      required: true,
      rules: { maxLength: 128 },
      track: true,
    },
    displayName: { kind: 'text', label: name, required: true, readOnly: true },
    brand: { kind: 'text', label: { zh: '品牌', en: 'Brand' }, rules: { maxLength: 128 }, track: true },
    status: {
      kind: 'enum',
      label: { zh: '状态', en: 'Status' },
      track: true,
      options: [
        { value: 'active', label: { zh: '在用', en: 'Active' }, color: 'green' },
        { value: 'inactive', label: { zh: '停用', en: 'Retired' }, color: 'default' },
        { value: 'merged', label: { zh: '已合并', en: 'Merged' }, color: 'purple' },
      ],
    },
    mergedIntoId: {
      kind: 'number',
      ref: 'operator',
      label: { zh: '并入', en: 'Merged into' },
      readOnly: true,
      track: true,
    },
    mergedIntoName: { kind: 'text', label: { zh: '并入', en: 'Merged into' }, readOnly: true },
    source: {
      kind: 'enum',
      label: { zh: '来源', en: 'Source' },
      required: true,
      readOnly: true,
      options: [
        { value: 'seed', label: { zh: '数据包', en: 'Data package' } },
        { value: 'manual', label: { zh: '手工添加', en: 'Added by hand' } },
      ],
    },
    updatedAt: { kind: 'datetime', label: { zh: '更新时间', en: 'Updated' }, required: true, readOnly: true },
  },
  list: {
    columns: ['mccmnc', 'countryCode', 'displayName', 'brand', 'status', 'mergedIntoName', 'source', 'updatedAt'],
    filters: {
      keyword: { op: 'like', fields: ['mccmnc', 'name', 'nameEn', 'brand'], label: name },
      country: { op: 'eq', field: 'countryCode' },
      mcc: { op: 'eq', field: 'mcc' },
      mnc: { op: 'eq', field: 'mnc' },
      status: { op: 'eq', field: 'status' },
    },
    sortable: ['mccmnc', 'updatedAt'],
    defaultSort: { field: 'mccmnc', order: 'ascend' },
  },
  form: { sections: [{ fields: ['mcc', 'mnc', 'countryCode', 'name', 'nameEn', 'brand', 'status'] }] },
  detail: { header: ['mccmnc', 'status', 'mergedIntoName'] },
  access: { list: RefPerm.OPERATOR, create: RefPerm.OPERATOR, update: RefPerm.OPERATOR },
  commands: {
    merge: {
      label: { zh: '合并到运营商', en: 'Merge into an operator' },
      confirm: {
        zh: '合并后该网络的号段归入目标运营商统计，不能撤销。确定吗？',
        en: "The network's codes will report under the chosen operator from now on. This cannot be undone. Continue?",
      },
      input: {
        intoId: {
          kind: 'number',
          ref: 'operator',
          label: { zh: '目标运营商', en: 'Surviving operator' },
          required: true,
        },
      },
      perm: RefPerm.OPERATOR,
    },
  },
  export: { fileName: { zh: '移动网络', en: 'mobile-networks' } },
  history: {},
});
