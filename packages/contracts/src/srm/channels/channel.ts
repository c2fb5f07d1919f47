import { defineResource } from '../../resource/define.js';
import { ChannelPerm } from './perms.js';

export const CHANNEL_PRODUCTS = ['sms', 'voice', 'whatsapp', 'email'] as const;
export const CHANNEL_PROTOCOLS = ['smpp', 'http', 'sip'] as const;
export const CHANNEL_STATES = ['testing', 'live', 'paused', 'closed'] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];
export const CHANNEL_TAGS = ['otp', 'marketing', 'premium'] as const;
export const SENDER_ID_TYPES = ['alphanumeric', 'numeric', 'short_code'] as const;

/** The state changes a channel allows; closed is final (a new channel replaces it). */
export const CHANNEL_MOVES: Record<ChannelState, readonly ChannelState[]> = {
  testing: ['live', 'paused', 'closed'],
  live: ['paused', 'closed'],
  paused: ['live', 'testing', 'closed'],
  closed: [],
};

/** a host name or an IPv4/IPv6 address */
export const HOST_PATTERN =
  '^([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$|^[0-9A-Fa-f:.]+$';
/** a dialled prefix: digits only, country code first */
export const PREFIX_PATTERN = '^[0-9]{1,15}$';

export type ChannelProduct = (typeof CHANNEL_PRODUCTS)[number];
const productOptions = [
  { value: CHANNEL_PRODUCTS[0], label: { zh: '短信', en: 'SMS' }, color: 'blue' },
  { value: CHANNEL_PRODUCTS[1], label: { zh: '语音', en: 'Voice' }, color: 'purple' },
  { value: CHANNEL_PRODUCTS[2], label: { zh: 'WhatsApp', en: 'WhatsApp' }, color: 'green' },
  { value: CHANNEL_PRODUCTS[3], label: { zh: '邮件', en: 'E-mail' }, color: 'cyan' },
] as const;

/**
 * The channel room's resources name their supplier the same way (channels, landing gateways,
 * channel resources): its id, given on create only, and its name, read only. `label` names the
 * supplier's role (a channel resource's "vendor").
 */
export const supplierFields = (
  label: { zh: string; en: string } = { zh: '供应商', en: 'Supplier' },
  extra: { ref?: string } = {},
) =>
  ({
    supplierId: { kind: 'supplier', ...extra, label, required: true, createOnly: true },
    supplierName: { kind: 'text', label, readOnly: true },
  }) as const;

/** The product a channel-room record carries (required, given on create only), of these products. */
export const productField = (products: readonly ChannelProduct[] = CHANNEL_PRODUCTS) =>
  ({
    kind: 'enum',
    label: { zh: '产品', en: 'Product' },
    required: true,
    createOnly: true,
    options: productOptions.filter((o) => products.includes(o.value)),
  }) as const;

const stateOptions = [
  { value: CHANNEL_STATES[0], label: { zh: '测试中', en: 'Testing' }, color: 'gold' },
  { value: CHANNEL_STATES[1], label: { zh: '在线', en: 'Live' }, color: 'green' },
  { value: CHANNEL_STATES[2], label: { zh: '暂停', en: 'Paused' }, color: 'orange' },
  { value: CHANNEL_STATES[3], label: { zh: '已关闭', en: 'Closed' }, color: 'default' },
] as const;

/**
 * A channel: one supplier route for one product. The connection secret is written, never read
 * back; coverage is networks (MCC/MNC) for messaging and dialled prefixes for voice. The state moves
 * by its command only, and only an admitted supplier's channel may go live.
 */
export const channelResource = defineResource({
  key: 'srm.channel',
  title: { zh: '通道', en: 'Channels' },
  api: '/v2/srm/channel',
  routes: { list: '/businessInquiry/channelManage' },
  titleField: 'name',
  fields: {
    code: { kind: 'text', label: { zh: '通道编号', en: 'Channel code' }, readOnly: true },
    name: {
      kind: 'text',
      label: { zh: '通道名称', en: 'Channel name' },
      required: true,
      rules: { minLength: 2, maxLength: 64 },
      track: true,
    },
    ...supplierFields(),
    product: productField(),
    protocol: {
      kind: 'enum',
      label: { zh: '接入协议', en: 'Protocol' },
      required: true,
      track: true,
      options: [
        { value: CHANNEL_PROTOCOLS[0], label: { zh: 'SMPP', en: 'SMPP' } },
        { value: CHANNEL_PROTOCOLS[1], label: { zh: 'HTTP', en: 'HTTP' } },
        { value: CHANNEL_PROTOCOLS[2], label: { zh: 'SIP 中继', en: 'SIP trunk' } },
      ],
    },
    host: {
      kind: 'text',
      label: { zh: '主机', en: 'Host' },
      required: true,
      rules: { maxLength: 253, pattern: HOST_PATTERN },
      track: true,
    },
    port: {
      kind: 'number',
      label: { zh: '端口', en: 'Port' },
      required: true,
      rules: { min: 1, max: 65535 },
      track: true,
    },
    systemId: {
      kind: 'text',
      label: { zh: '账号（System ID）', en: 'Account (system id)' },
      rules: { maxLength: 64 },
      track: true,
    },
    password: {
      kind: 'text',
      label: { zh: '接入密码', en: 'Connection secret' },
      secret: true,
      rules: { maxLength: 128 },
    },
    networks: {
      kind: 'operator',
      label: { zh: '覆盖网络', en: 'Networks covered' },
      multiple: true,
      maxItems: 500,
      track: true,
    },
    prefixes: {
      kind: 'text',
      label: { zh: '覆盖号段', en: 'Prefixes covered' },
      multiple: true,
      maxItems: 500,
      rules: { pattern: PREFIX_PATTERN },
      track: true,
    },
    senderIdType: {
      kind: 'enum',
      label: { zh: 'Sender ID 类型', en: 'Sender id type' },
      track: true,
      options: [
        { value: SENDER_ID_TYPES[0], label: { zh: '字母数字', en: 'Alphanumeric' } },
        { value: SENDER_ID_TYPES[1], label: { zh: '数字', en: 'Numeric' } },
        { value: SENDER_ID_TYPES[2], label: { zh: '短码', en: 'Short code' } },
      ],
    },
    senderIdRegistration: {
      kind: 'boolean',
      label: { zh: '需报备 Sender ID', en: 'Sender id registration needed' },
      track: true,
    },
    capacity: {
      kind: 'number',
      label: { zh: '容量（MPS / 并发）', en: 'Capacity (MPS / calls)' },
      required: true,
      rules: { min: 1, max: 100000 },
      track: true,
    },
    tags: {
      kind: 'enum',
      label: { zh: '标签', en: 'Tags' },
      multiple: true,
      maxItems: 3,
      track: true,
      options: [
        { value: CHANNEL_TAGS[0], label: { zh: '验证码', en: 'OTP' }, color: 'blue' },
        { value: CHANNEL_TAGS[1], label: { zh: '营销', en: 'Marketing' }, color: 'magenta' },
        { value: CHANNEL_TAGS[2], label: { zh: '优质', en: 'Premium' }, color: 'gold' },
      ],
    },
    state: {
      kind: 'enum',
      label: { zh: '状态', en: 'State' },
      required: true,
      readOnly: true,
      track: true,
      options: stateOptions,
    },
    stateChangedAt: { kind: 'datetime', label: { zh: '状态变更时间', en: 'State since' }, readOnly: true },
    remark: { kind: 'textarea', label: { zh: '备注', en: 'Remark' }, rules: { maxLength: 500 }, track: true },
    createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, required: true, readOnly: true },
  },
  list: {
    columns: [
      'code',
      'name',
      'supplierName',
      'product',
      'protocol',
      'capacity',
      'senderIdType',
      'tags',
      'state',
      'stateChangedAt',
      'createdAt',
    ],
    filters: {
      keyword: {
        op: 'like',
        fields: ['name', 'code'],
        label: { zh: '名称/编号', en: 'Name or code' },
      },
      supplierId: { op: 'eq', field: 'supplierId' },
      product: { op: 'eq', field: 'product' },
      protocol: { op: 'eq', field: 'protocol' },
      state: { op: 'eq', field: 'state' },
      networks: { op: 'in', field: 'networks' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['code', 'name', 'capacity', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: {
    sections: [
      {
        title: { zh: '基本信息', en: 'Channel' },
        fields: ['name', 'supplierId', 'product', 'capacity', 'tags', 'remark'],
      },
      { title: { zh: '连接', en: 'Connection' }, fields: ['protocol', 'host', 'port', 'systemId', 'password'] },
      {
        title: { zh: '覆盖与 Sender ID', en: 'Coverage and sender ids' },
        fields: ['networks', 'prefixes', 'senderIdType', 'senderIdRegistration'],
      },
    ],
  },
  detail: {
    header: ['code', 'supplierName', 'product', 'state', 'capacity'],
    tabs: [
      { key: 'coverage', title: { zh: '覆盖网络', en: 'Coverage' } },
      { key: 'senderIds', title: { zh: 'Sender ID', en: 'Sender ids' } },
      { key: 'quality', title: { zh: '质量与成本', en: 'Quality and cost' } },
    ],
  },
  access: {
    list: ChannelPerm.CHANNELS,
    create: ChannelPerm.CHANNEL_EDIT,
    update: ChannelPerm.CHANNEL_EDIT,
  },
  commands: {
    state: {
      label: { zh: '变更状态', en: 'Change state' },
      input: {
        state: { kind: 'enum', label: { zh: '新状态', en: 'New state' }, required: true, options: stateOptions },
      },
      perm: ChannelPerm.CHANNEL_STATE,
    },
  },
  history: {},
});
