import { defineResource } from '../resource/define.js';
import { CrmPerm } from './perms.js';

/** A person at a customer; phone in E.164, e-mail checked; owned with the customer. */
export const contactResource = defineResource({
  key: 'crm.contact',
  title: { zh: '联系人', en: 'Contacts' },
  api: '/v2/crm/contact',
  routes: { list: '/crm/client-partner/my-client' },
  titleField: 'name',
  fields: {
    customerId: {
      kind: 'customer',
      ref: 'customer',
      label: { zh: '客户', en: 'Customer' },
      required: true,
      createOnly: true,
    },
    customerName: { kind: 'text', label: { zh: '客户', en: 'Customer' }, readOnly: true },
    name: { kind: 'text', label: { zh: '姓名', en: 'Name' }, required: true, rules: { maxLength: 64 }, track: true },
    title: { kind: 'text', label: { zh: '职位', en: 'Position' }, rules: { maxLength: 64 }, track: true },
    phone: {
      kind: 'phone',
      label: { zh: '电话', en: 'Phone' },
      track: true,
      perm: CrmPerm.CONTACT_DETAILS,
    },
    email: { kind: 'email', label: { zh: '邮箱', en: 'E-mail' }, track: true, perm: CrmPerm.CONTACT_DETAILS },
    keyDecisionMaker: { kind: 'boolean', label: { zh: '关键决策人', en: 'Key decision maker' }, track: true },
    remark: { kind: 'textarea', label: { zh: '备注', en: 'Remark' }, rules: { maxLength: 500 } },
    ownerId: { kind: 'user', label: { zh: '负责人', en: 'Owner' }, readOnly: true },
    createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, required: true, readOnly: true },
  },
  list: {
    columns: ['name', 'customerName', 'title', 'phone', 'email', 'keyDecisionMaker', 'createdAt'],
    filters: {
      keyword: { op: 'like', fields: ['name', 'email', 'phone'] },
      customerId: { op: 'eq', field: 'customerId' },
      keyDecisionMaker: { op: 'eq', field: 'keyDecisionMaker' },
    },
    sortable: ['name', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['customerId', 'name', 'title', 'phone', 'email', 'keyDecisionMaker', 'remark'] }] },
  detail: { header: ['customerName', 'keyDecisionMaker'] },
  access: {
    list: CrmPerm.CUSTOMERS,
    create: CrmPerm.CONTACT_EDIT,
    update: CrmPerm.CONTACT_EDIT,
    delete: CrmPerm.CONTACT_EDIT,
    owner: 'ownerId',
  },
  history: {},
});
