import { z } from 'zod';
import { defineResource } from '../../resource/define.js';
import { productField, supplierFields } from './channel.js';
import { ChannelPerm } from './perms.js';

export const CHANNEL_RESOURCE_KINDS = ['sim_ports', 'number_range', 'whatsapp_number', 'sender_number'] as const;
export const CHANNEL_RESOURCE_PRODUCTS = ['sms', 'voice', 'whatsapp'] as const;
export const CHANNEL_RESOURCE_STATES = ['pool', 'allocated', 'retired'] as const;
export type ChannelResourceState = (typeof CHANNEL_RESOURCE_STATES)[number];

/**
 * A channel resource (`channel-resource-mgr/resource-manage`): something a vendor (a supplier, most
 * often a SIM farm or aggregator) provides that carries one customer's traffic — a SIM-bank port
 * group, a range of sender numbers, a WhatsApp number. It waits in the pool until allocated to one
 * consumer account (finance's, named by code through the accounts port), is released back to the
 * pool, or retired for good.
 */
export const channelResourceResource = defineResource({
  key: 'srm.channelResource',
  title: { zh: '通道资源', en: 'Channel resources' },
  api: '/v2/srm/channel-resource',
  routes: { list: '/businessOperations/channel-resource-mgr/resource-manage' },
  titleField: 'identifier',
  fields: {
    identifier: {
      kind: 'text',
      label: { zh: '资源标识', en: 'Identifier' },
      required: true,
      rules: { minLength: 2, maxLength: 64 },
      track: true,
    },
    kind: {
      kind: 'enum',
      label: { zh: '资源类型', en: 'Kind' },
      required: true,
      createOnly: true,
      track: true,
      options: [
        { value: CHANNEL_RESOURCE_KINDS[0], label: { zh: '卡池端口组', en: 'SIM-bank ports' }, color: 'orange' },
        { value: CHANNEL_RESOURCE_KINDS[1], label: { zh: '号段', en: 'Number range' }, color: 'blue' },
        { value: CHANNEL_RESOURCE_KINDS[2], label: { zh: 'WhatsApp 号码', en: 'WhatsApp number' }, color: 'green' },
        { value: CHANNEL_RESOURCE_KINDS[3], label: { zh: '发送号码', en: 'Sender number' }, color: 'purple' },
      ],
    },
    ...supplierFields({ zh: '资源商', en: 'Vendor' }, { ref: 'supplier' }),
    product: productField(CHANNEL_RESOURCE_PRODUCTS),
    country: { kind: 'country', label: { zh: '国家/地区', en: 'Country' }, required: true, track: true },
    capacity: {
      kind: 'number',
      label: { zh: '容量（端口/号码数）', en: 'Capacity (ports or numbers)' },
      required: true,
      rules: { min: 1, max: 1_000_000 },
      track: true,
    },
    state: {
      kind: 'enum',
      label: { zh: '状态', en: 'State' },
      required: true,
      readOnly: true,
      track: true,
      options: [
        { value: CHANNEL_RESOURCE_STATES[0], label: { zh: '池中', en: 'In the pool' }, color: 'blue' },
        { value: CHANNEL_RESOURCE_STATES[1], label: { zh: '已分配', en: 'Allocated' }, color: 'green' },
        { value: CHANNEL_RESOURCE_STATES[2], label: { zh: '已停用', en: 'Retired' } },
      ],
    },
    accountCode: { kind: 'text', label: { zh: '分配账户', en: 'Allocated to account' }, readOnly: true, track: true },
    allocatedAt: { kind: 'datetime', label: { zh: '分配时间', en: 'Allocated on' }, readOnly: true },
    remark: { kind: 'textarea', label: { zh: '备注', en: 'Remark' }, rules: { maxLength: 500 } },
    createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, required: true, readOnly: true },
  },
  list: {
    columns: [
      'identifier',
      'kind',
      'supplierName',
      'product',
      'country',
      'capacity',
      'state',
      'accountCode',
      'allocatedAt',
      'createdAt',
    ],
    filters: {
      keyword: { op: 'like', fields: ['identifier'] },
      kind: { op: 'eq', field: 'kind' },
      supplierId: { op: 'eq', field: 'supplierId' },
      product: { op: 'eq', field: 'product' },
      country: { op: 'eq', field: 'country' },
      state: { op: 'eq', field: 'state' },
      accountCode: { op: 'eq', field: 'accountCode' },
    },
    sortable: ['identifier', 'capacity', 'allocatedAt', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: {
    sections: [{ fields: ['identifier', 'kind', 'supplierId', 'product', 'country', 'capacity', 'remark'] }],
  },
  detail: { header: ['kind', 'supplierName', 'state', 'accountCode'] },
  access: {
    list: ChannelPerm.RESOURCES,
    create: ChannelPerm.RESOURCE_EDIT,
    update: ChannelPerm.RESOURCE_EDIT,
    delete: ChannelPerm.RESOURCE_EDIT,
  },
  commands: {
    allocate: {
      label: { zh: '分配', en: 'Allocate' },
      input: {
        accountCode: {
          kind: 'text',
          label: { zh: '客户账户编号', en: 'Customer account code' },
          required: true,
          rules: { minLength: 1, maxLength: 32 },
        },
      },
      perm: ChannelPerm.RESOURCE_ALLOCATE,
    },
    release: {
      label: { zh: '收回', en: 'Release' },
      confirm: { zh: '将该资源收回资源池？', en: 'Take this resource back into the pool?' },
      perm: ChannelPerm.RESOURCE_ALLOCATE,
    },
    retire: {
      label: { zh: '停用', en: 'Retire' },
      confirm: { zh: '停用后不能再分配，确认？', en: 'A retired resource is never allocated again. Retire it?' },
      perm: ChannelPerm.RESOURCE_EDIT,
    },
  },
  history: {},
});

/** A vendor of channel resources (`channel-resource-mgr/channel-resource-mer`) with its resources counted. */
export const resourceVendor = z.object({
  supplierId: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
  country: z.string(),
  admitted: z.boolean(),
  total: z.number(),
  inPool: z.number(),
  allocated: z.number(),
  retired: z.number(),
  /** ports or numbers of the resources not retired */
  capacity: z.number(),
});
export type ResourceVendor = z.infer<typeof resourceVendor>;
