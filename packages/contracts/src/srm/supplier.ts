import { defineOwnership } from '../ownership/define.js';
import { ownedPartyFields, PARTY_ALIAS_PATTERN, PARTY_DOMAIN_PATTERN } from '../ownership/party.js';
import { defineResource } from '../resource/define.js';
import { SrmPerm } from './perms.js';

export const SUPPLIER_TYPES = ['operator', 'aggregator', 'sim_farm', 'equipment_vendor'] as const;
export type SupplierType = (typeof SUPPLIER_TYPES)[number];
export const SUPPLIER_PRODUCTS = ['sms', 'voice', 'whatsapp', 'email'] as const;
export type SupplierProduct = (typeof SUPPLIER_PRODUCTS)[number];
export const SUPPLIER_STATES = ['private', 'sea', 'blacklist'] as const;
export type SupplierState = (typeof SUPPLIER_STATES)[number];

/** an alias is the short name routing and billing show: letters, digits, dash and underscore */
export const SUPPLIER_ALIAS_PATTERN = PARTY_ALIAS_PATTERN;
/** a company web or e-mail domain, lower case */
export const SUPPLIER_DOMAIN_PATTERN = PARTY_DOMAIN_PATTERN;

const party = ownedPartyFields({
  noun: { zh: '供应商', en: 'Supplier' },
  name: { zh: '供应商名称', en: 'Supplier name' },
  owner: { zh: '采购负责人', en: 'Purchasing owner' },
  states: SUPPLIER_STATES,
});

/**
 * A supplier: a carrier, aggregator, SIM farm or equipment vendor we buy from. Code, owner,
 * state, lock and admission are set by the room (create, pool verbs, commands, the admission
 * approval), never typed. `admitted` is what the channels half checks before a route carries traffic.
 */
export const supplierResource = defineResource({
  key: 'srm.supplier',
  title: { zh: '供应商', en: 'Suppliers' },
  api: '/v2/srm/supplier',
  routes: { list: '/srm/supplier/my-supplier', detail: '/srm/supplier/my-supplier/details' },
  titleField: 'name',
  fields: {
    ...party.identity,
    type: {
      kind: 'enum',
      label: { zh: '供应商类型', en: 'Supplier type' },
      required: true,
      track: true,
      options: [
        { value: SUPPLIER_TYPES[0], label: { zh: '运营商', en: 'Operator' }, color: 'green' },
        { value: SUPPLIER_TYPES[1], label: { zh: '聚合商', en: 'Aggregator' }, color: 'blue' },
        { value: SUPPLIER_TYPES[2], label: { zh: '卡池（SIM Farm）', en: 'SIM farm' }, color: 'orange' },
        { value: SUPPLIER_TYPES[3], label: { zh: '设备供应商', en: 'Equipment vendor' }, color: 'purple' },
      ],
    },
    products: {
      kind: 'enum',
      label: { zh: '供应产品', en: 'Products' },
      multiple: true,
      maxItems: 4,
      track: true,
      options: [
        { value: SUPPLIER_PRODUCTS[0], label: { zh: '短信', en: 'SMS' } },
        { value: SUPPLIER_PRODUCTS[1], label: { zh: '语音', en: 'Voice' } },
        { value: SUPPLIER_PRODUCTS[2], label: { zh: 'WhatsApp', en: 'WhatsApp' } },
        { value: SUPPLIER_PRODUCTS[3], label: { zh: '邮件', en: 'E-mail' } },
      ],
    },
    country: party.country,
    level: { kind: 'dict', dict: 'purchase.supplier_level', label: { zh: '供应商等级', en: 'Level' }, track: true },
    /** changed afterwards only through a source change approval */
    source: {
      kind: 'dict',
      dict: 'purchase.supplier_source',
      label: { zh: '供应商来源', en: 'Source' },
      createOnly: true,
      track: true,
    },
    entityId: {
      kind: 'number',
      ref: 'entity',
      label: { zh: '我方签约主体', en: 'Our contracting entity' },
      /** changed afterwards only through an entity change approval (supplier-body-replace) */
      createOnly: true,
      track: true,
    },
    paymentMethod: {
      kind: 'dict',
      dict: 'purchase.payment_method',
      label: { zh: '付款方式', en: 'Payment method' },
      track: true,
    },
    paymentTermDays: {
      kind: 'number',
      label: { zh: '账期（天）', en: 'Payment terms (days)' },
      rules: { min: 0, max: 180 },
      track: true,
    },
    domains: party.domains({ zh: '公司域名', en: 'Company domains' }),
    ...party.reach,
    remark: { kind: 'textarea', label: { zh: '备注', en: 'Remark' }, rules: { maxLength: 1000 }, track: true },
    ...party.ownership,
    admitted: {
      kind: 'boolean',
      label: { zh: '已准入', en: 'Admitted' },
      required: true,
      readOnly: true,
      track: true,
    },
    admittedAt: { kind: 'datetime', label: { zh: '准入时间', en: 'Admitted on' }, readOnly: true },
    ...party.contact,
  },
  list: {
    columns: [
      'code',
      'name',
      'alias',
      'type',
      'products',
      'country',
      'level',
      'state',
      'admitted',
      'ownerName',
      'lastContactAt',
      'createdAt',
    ],
    filters: {
      keyword: {
        op: 'like',
        fields: ['name', 'alias', 'code'],
        label: { zh: '名称/简称/编号', en: 'Name, alias or code' },
      },
      type: { op: 'eq', field: 'type' },
      state: { op: 'eq', field: 'state' },
      country: { op: 'eq', field: 'country' },
      level: { op: 'eq', field: 'level' },
      source: { op: 'eq', field: 'source' },
      admitted: { op: 'eq', field: 'admitted' },
      ownerId: { op: 'eq', field: 'ownerId' },
      lastContactAt: { op: 'range', field: 'lastContactAt' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['code', 'name', 'alias', 'lastContactAt', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: {
    sections: [
      {
        title: { zh: '基本信息', en: 'Company' },
        fields: ['name', 'alias', 'type', 'products', 'country', 'level', 'source'],
      },
      {
        title: { zh: '合作条款', en: 'Terms' },
        fields: ['entityId', 'paymentMethod', 'paymentTermDays'],
      },
      { title: { zh: '联系方式', en: 'Reach' }, fields: ['domains', 'phone', 'address', 'remark'] },
    ],
  },
  detail: {
    header: ['code', 'alias', 'type', 'state', 'admitted', 'ownerName'],
    tabs: [
      { key: 'contacts', title: { zh: '联系人', en: 'Contacts' } },
      { key: 'admissions', title: { zh: '准入申请', en: 'Admission' } },
      { key: 'requests', title: { zh: '转移与主体变更', en: 'Transfer and entity' } },
      { key: 'channels', title: { zh: '通道', en: 'Channels' } },
      { key: 'owners', title: { zh: '流转记录', en: 'Owner log' } },
      { key: 'mails', title: { zh: '邮件', en: 'Mails' } },
    ],
  },
  access: {
    list: SrmPerm.SUPPLIERS,
    create: SrmPerm.SUPPLIER_EDIT,
    update: SrmPerm.SUPPLIER_EDIT,
    owner: 'ownerId',
  },
  commands: {
    lock: {
      label: { zh: '锁定/解锁', en: 'Lock or unlock' },
      input: { locked: { kind: 'boolean', label: { zh: '锁定', en: 'Locked' }, required: true } },
      perm: SrmPerm.SUPPLIER_LOCK,
    },
    blacklist: {
      label: { zh: '拉黑', en: 'Blacklist' },
      confirm: { zh: '拉黑后不可再采购，确定？', en: 'A blacklisted supplier cannot be bought from. Continue?' },
      input: {
        reason: {
          kind: 'text',
          label: { zh: '拉黑原因', en: 'Reason' },
          required: true,
          rules: { minLength: 2, maxLength: 200 },
        },
      },
      perm: SrmPerm.SUPPLIER_BLACKLIST,
    },
  },
  history: { followUp: { dict: 'purchase.follow_up_type' } },
});

/** Suppliers' owner and open sea (公海供应商): the platform ownership piece (decision 0031). */
export const supplierOwnership = defineOwnership({
  resource: supplierResource,
  pool: { zh: '公海供应商', en: 'Open sea suppliers' },
  perms: {
    pool: SrmPerm.SEA,
    claim: SrmPerm.SEA,
    distribute: SrmPerm.DISTRIBUTE,
    returnToPool: SrmPerm.SUPPLIER_RETURN,
    transfer: SrmPerm.HANDOVER,
    share: SrmPerm.SHARE,
    log: SrmPerm.TRANSFER_LOG,
    admin: SrmPerm.DISTRIBUTE,
  },
  related: { contacts: { zh: '联系人', en: 'Contacts' } },
});
