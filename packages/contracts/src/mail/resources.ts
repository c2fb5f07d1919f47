import { defineResource, SIGNED_IN } from '../resource/define.js';

/**
 * The mailbox settings' personal lists on the resource kernel: each staff member lists and exports
 * their own entries. Writing stays the room's spec calls (`email/book/save`, `temp/save`,
 * `whiteBlack/update` and their deletes), which take the spec's bodies (no version, a list of ids).
 */
const A = '/v2/emailbox';
const shown = { readOnly: true, required: true } as const;
const owner = { kind: 'user', label: { zh: '所有人', en: 'Owner' }, ...shown } as const;
const updatedAt = { kind: 'datetime', label: { zh: '更新时间', en: 'Updated' }, ...shown } as const;

/** `/message/email/adb`: my address book. */
export const mailBookResource = defineResource({
  key: 'mail.book',
  title: { zh: '通讯录', en: 'Address book' },
  api: `${A}/email/book`,
  paths: { page: `${A}/email/book/queryPage` },
  routes: { list: '/message/email/adb' },
  titleField: 'email',
  fields: {
    userId: owner,
    email: { kind: 'text', label: { zh: '邮箱', en: 'Email' }, ...shown },
    name: { kind: 'text', label: { zh: '姓名', en: 'Name' }, ...shown },
    company: { kind: 'text', label: { zh: '公司', en: 'Company' }, ...shown },
    phone: { kind: 'text', label: { zh: '电话', en: 'Phone' }, ...shown },
    remark: { kind: 'textarea', label: { zh: '备注', en: 'Remark' }, ...shown },
    updatedAt,
  },
  list: {
    columns: ['name', 'email', 'company', 'phone', 'remark', 'updatedAt'],
    filters: { keyword: { op: 'like', fields: ['email', 'name', 'company'], label: { zh: '关键词', en: 'Keyword' } } },
    sortable: ['name', 'updatedAt'],
    defaultSort: { field: 'name', order: 'ascend' },
  },
  form: { sections: [] },
  access: { list: SIGNED_IN, owner: 'userId' },
  export: { fileName: { zh: '通讯录', en: 'address-book' } },
  history: false,
});

/** Mailbox settings → templates: my own (colleagues' shared ones are offered when writing). */
export const mailTemplateResource = defineResource({
  key: 'mail.template',
  title: { zh: '邮件模板', en: 'Mail templates' },
  api: `${A}/temp`,
  paths: { page: `${A}/temp/query` },
  routes: { list: '/message/email/set' },
  titleField: 'name',
  fields: {
    userId: owner,
    name: { kind: 'text', label: { zh: '模板名称', en: 'Name' }, ...shown },
    subject: { kind: 'text', label: { zh: '主题', en: 'Subject' }, ...shown },
    content: { kind: 'textarea', label: { zh: '内容', en: 'Content' }, ...shown },
    shared: { kind: 'boolean', label: { zh: '共享', en: 'Shared' }, ...shown },
    updatedAt,
  },
  list: {
    columns: ['name', 'subject', 'shared', 'updatedAt'],
    filters: {
      keyword: { op: 'like', fields: ['name', 'subject'], label: { zh: '关键词', en: 'Keyword' } },
      shared: { op: 'eq', field: 'shared' },
    },
    sortable: ['name', 'updatedAt'],
    defaultSort: { field: 'updatedAt', order: 'descend' },
  },
  form: { sections: [] },
  access: { list: SIGNED_IN, owner: 'userId' },
  export: { fileName: { zh: '邮件模板', en: 'mail-templates' } },
  history: false,
});

/** Mailbox settings → white / blacklist: an address or `@domain`; learned entries come from spam moves. */
export const mailSenderRuleResource = defineResource({
  key: 'mail.senderRule',
  title: { zh: '黑白名单', en: 'White and blacklist' },
  api: `${A}/whiteBlack`,
  paths: { page: `${A}/whiteBlack/query` },
  routes: { list: '/message/email/set' },
  titleField: 'value',
  fields: {
    userId: owner,
    kind: {
      kind: 'enum',
      label: { zh: '名单', en: 'List' },
      ...shown,
      options: [
        { value: 'white', label: { zh: '白名单', en: 'Whitelist' }, color: 'green' },
        { value: 'black', label: { zh: '黑名单', en: 'Blacklist' }, color: 'red' },
      ],
    },
    value: { kind: 'text', label: { zh: '地址或域名', en: 'Address or @domain' }, ...shown },
    source: {
      kind: 'enum',
      label: { zh: '来源', en: 'Source' },
      ...shown,
      options: [
        { value: 'manual', label: { zh: '手动添加', en: 'Added by hand' } },
        { value: 'learned', label: { zh: '移动邮件学习', en: 'Learned from moves' }, color: 'blue' },
      ],
    },
    remark: { kind: 'text', label: { zh: '备注', en: 'Remark' }, ...shown },
    updatedAt,
  },
  list: {
    columns: ['value', 'kind', 'source', 'remark', 'updatedAt'],
    filters: {
      kind: { op: 'eq', field: 'kind' },
      keyword: { op: 'like', fields: ['value'], label: { zh: '关键词', en: 'Keyword' } },
    },
    sortable: ['value', 'updatedAt'],
    defaultSort: { field: 'value', order: 'ascend' },
  },
  form: { sections: [] },
  access: { list: SIGNED_IN, owner: 'userId' },
  export: { fileName: { zh: '黑白名单', en: 'sender-lists' } },
  history: false,
});
