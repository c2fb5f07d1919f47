import { defineResource } from '../resource/define.js';
import { SrmPerm } from './perms.js';

/** A person at a supplier (account manager, NOC, billing); phone in E.164; owned with the supplier. */
export const supplierContactResource = defineResource({
  key: 'srm.contact',
  title: { zh: '供应商联系人', en: 'Supplier contacts' },
  api: '/v2/srm/contact',
  routes: { list: '/srm/supplier/my-supplier' },
  titleField: 'name',
  fields: {
    supplierId: {
      kind: 'supplier',
      ref: 'supplier',
      label: { zh: '供应商', en: 'Supplier' },
      required: true,
      createOnly: true,
    },
    supplierName: { kind: 'text', label: { zh: '供应商', en: 'Supplier' }, readOnly: true },
    name: { kind: 'text', label: { zh: '姓名', en: 'Name' }, required: true, rules: { maxLength: 64 }, track: true },
    role: {
      kind: 'enum',
      label: { zh: '角色', en: 'Role' },
      track: true,
      options: [
        { value: 'business', label: { zh: '商务', en: 'Account manager' } },
        { value: 'noc', label: { zh: '技术/NOC', en: 'NOC / technical' } },
        { value: 'billing', label: { zh: '账务', en: 'Billing' } },
      ],
    },
    phone: { kind: 'phone', label: { zh: '电话', en: 'Phone' }, track: true, perm: SrmPerm.CONTACT_DETAILS },
    email: { kind: 'email', label: { zh: '邮箱', en: 'E-mail' }, track: true, perm: SrmPerm.CONTACT_DETAILS },
    im: {
      kind: 'text',
      label: { zh: '即时通讯（Skype/Telegram）', en: 'IM (Skype, Telegram)' },
      rules: { maxLength: 64 },
    },
    remark: { kind: 'textarea', label: { zh: '备注', en: 'Remark' }, rules: { maxLength: 500 } },
    ownerId: { kind: 'user', label: { zh: '负责人', en: 'Owner' }, readOnly: true },
    createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, required: true, readOnly: true },
  },
  list: {
    columns: ['name', 'supplierName', 'role', 'phone', 'email', 'im', 'createdAt'],
    filters: {
      keyword: { op: 'like', fields: ['name', 'email', 'phone'] },
      supplierId: { op: 'eq', field: 'supplierId' },
      role: { op: 'eq', field: 'role' },
    },
    sortable: ['name', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['supplierId', 'name', 'role', 'phone', 'email', 'im', 'remark'] }] },
  detail: { header: ['supplierName', 'role'] },
  access: {
    list: SrmPerm.SUPPLIERS,
    create: SrmPerm.CONTACT_EDIT,
    update: SrmPerm.CONTACT_EDIT,
    delete: SrmPerm.CONTACT_EDIT,
    owner: 'ownerId',
  },
  history: {},
});
