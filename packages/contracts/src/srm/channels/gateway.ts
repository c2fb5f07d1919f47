import { defineResource, type ResourceField } from '../../resource/define.js';
import { supplierFields } from './channel.js';
import { ChannelPerm } from './perms.js';

export const GATEWAY_SIDES = ['landing', 'docking'] as const;
/** an IPv4 or IPv6 address, the server checks it fully */
export const IP_PATTERN = '^[0-9A-Fa-f:.]{2,45}$';
/** an address or a network in CIDR form */
export const CIDR_PATTERN = '^[0-9A-Fa-f:.]{2,45}(/[0-9]{1,3})?$';

const common = {
  name: {
    kind: 'text',
    label: { zh: '网关名称', en: 'Gateway name' },
    required: true,
    rules: { minLength: 2, maxLength: 64 },
    track: true,
  },
  ips: {
    kind: 'text',
    label: { zh: 'IP 地址', en: 'IP addresses' },
    required: true,
    multiple: true,
    maxItems: 20,
    rules: { pattern: IP_PATTERN },
    track: true,
  },
  port: {
    kind: 'number',
    label: { zh: '端口', en: 'Port' },
    required: true,
    rules: { min: 1, max: 65535 },
    track: true,
  },
  prefixes: {
    kind: 'text',
    label: { zh: '前缀', en: 'Prefixes' },
    multiple: true,
    maxItems: 200,
    rules: { pattern: '^[0-9#*]{1,15}$' },
    track: true,
  },
  capacity: {
    kind: 'number',
    label: { zh: '并发上限', en: 'Concurrent calls' },
    required: true,
    rules: { min: 1, max: 100000 },
    track: true,
  },
  enabled: { kind: 'boolean', label: { zh: '启用', en: 'Enabled' }, required: true, track: true },
  remark: { kind: 'textarea', label: { zh: '备注', en: 'Remark' }, rules: { maxLength: 500 } },
  createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, required: true, readOnly: true },
} as const satisfies Record<string, ResourceField>;

/** VOS routing (landing) gateways: where our voice traffic leaves towards a supplier. */
export const landingGatewayResource = defineResource({
  key: 'srm.landingGateway',
  title: { zh: '落地网关', en: 'Landing gateways' },
  api: '/v2/srm/vos/landing/gateway',
  routes: { list: '/businessInquiry/vos/landing/gateway' },
  titleField: 'name',
  fields: {
    ...common,
    ...supplierFields(),
    priority: {
      kind: 'number',
      label: { zh: '优先级', en: 'Priority' },
      required: true,
      rules: { min: 1, max: 99 },
      track: true,
    },
  },
  list: {
    columns: ['name', 'supplierName', 'ips', 'port', 'prefixes', 'capacity', 'priority', 'enabled', 'createdAt'],
    filters: {
      keyword: { op: 'like', fields: ['name'] },
      supplierId: { op: 'eq', field: 'supplierId' },
      enabled: { op: 'eq', field: 'enabled' },
    },
    sortable: ['name', 'priority', 'capacity', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: {
    sections: [
      { fields: ['name', 'supplierId', 'ips', 'port', 'prefixes', 'capacity', 'priority', 'enabled', 'remark'] },
    ],
  },
  access: { list: ChannelPerm.LANDING, create: ChannelPerm.LANDING_EDIT, update: ChannelPerm.LANDING_EDIT },
  history: {},
});

/** VOS mapping (docking) gateways: where a customer's voice traffic comes in. */
export const dockingGatewayResource = defineResource({
  key: 'srm.dockingGateway',
  title: { zh: '对接网关', en: 'Docking gateways' },
  api: '/v2/srm/vos/docking/gateway',
  routes: { list: '/businessInquiry/vos/docking/gateway' },
  titleField: 'name',
  fields: {
    ...common,
    customerId: { kind: 'customer', label: { zh: '客户', en: 'Customer' }, required: true, createOnly: true },
    channelIds: {
      kind: 'number',
      ref: 'channel',
      label: { zh: '可用通道 ID', en: 'Channel ids allowed' },
      multiple: true,
      maxItems: 50,
      track: true,
    },
  },
  list: {
    columns: ['name', 'customerId', 'ips', 'port', 'prefixes', 'capacity', 'enabled', 'createdAt'],
    filters: {
      keyword: { op: 'like', fields: ['name'] },
      customerId: { op: 'eq', field: 'customerId' },
      enabled: { op: 'eq', field: 'enabled' },
    },
    sortable: ['name', 'capacity', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: {
    sections: [
      { fields: ['name', 'customerId', 'ips', 'port', 'prefixes', 'capacity', 'channelIds', 'enabled', 'remark'] },
    ],
  },
  access: { list: ChannelPerm.DOCKING, create: ChannelPerm.DOCKING_EDIT, update: ChannelPerm.DOCKING_EDIT },
  history: {},
});

/**
 * `gateway/ip`: the IP allow-list of the voice switch. Entries may not overlap (one address
 * belongs to one side and one owner); an overlapping network is refused.
 */
export const gatewayIpResource = defineResource({
  key: 'srm.gatewayIp',
  title: { zh: '网关 IP', en: 'Gateway IPs' },
  api: '/v2/srm/gateway/ip',
  routes: { list: '/businessInquiry/gateway/ip' },
  titleField: 'cidr',
  fields: {
    cidr: {
      kind: 'text',
      label: { zh: 'IP / 网段', en: 'IP or network (CIDR)' },
      required: true,
      rules: { maxLength: 49, pattern: CIDR_PATTERN },
      track: true,
    },
    side: {
      kind: 'enum',
      label: { zh: '方向', en: 'Side' },
      required: true,
      track: true,
      options: [
        { value: GATEWAY_SIDES[0], label: { zh: '落地（供应商）', en: 'Landing (supplier)' }, color: 'purple' },
        { value: GATEWAY_SIDES[1], label: { zh: '对接（客户）', en: 'Docking (customer)' }, color: 'blue' },
      ],
    },
    description: {
      kind: 'text',
      label: { zh: '说明', en: 'Description' },
      required: true,
      rules: { maxLength: 128 },
      track: true,
    },
    enabled: { kind: 'boolean', label: { zh: '启用', en: 'Enabled' }, required: true, track: true },
    createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, required: true, readOnly: true },
  },
  list: {
    columns: ['cidr', 'side', 'description', 'enabled', 'createdAt'],
    filters: {
      keyword: { op: 'like', fields: ['cidr', 'description'], label: { zh: 'IP/说明', en: 'IP or description' } },
      side: { op: 'eq', field: 'side' },
      enabled: { op: 'eq', field: 'enabled' },
    },
    sortable: ['cidr', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['cidr', 'side', 'description', 'enabled'] }] },
  access: {
    list: ChannelPerm.GATEWAY_IPS,
    create: ChannelPerm.GATEWAY_IP_EDIT,
    update: ChannelPerm.GATEWAY_IP_EDIT,
    delete: ChannelPerm.GATEWAY_IP_EDIT,
  },
  history: {},
});
