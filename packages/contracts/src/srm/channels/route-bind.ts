import { defineResource } from '../../resource/define.js';
import { ChannelPerm } from './perms.js';

/** a time of day, 24 h, UTC */
export const TIME_OF_DAY_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/**
 * A route binding: a customer's traffic to a country (or one network of it) goes through a channel.
 * Among the bindings that apply at a moment, a lower priority is tried first (failover order) and
 * the weight shares traffic within one priority. A binding applies from `effectiveFrom` until
 * `effectiveTo` (open when empty) and, when a window is set, only between its times of day (UTC).
 */
export const routeBindResource = defineResource({
  key: 'srm.routeBind',
  title: { zh: '路由绑定', en: 'Route bindings' },
  api: '/v2/srm/route-bind',
  routes: { list: '/businessInquiry/route-bind' },
  titleField: 'channelName',
  fields: {
    customerId: { kind: 'customer', label: { zh: '客户', en: 'Customer' }, required: true, createOnly: true },
    /** one consumer account of the customer (empty: all its accounts); its own bindings come first */
    accountCode: {
      kind: 'text',
      label: { zh: '客户账户（空为全部账户）', en: 'Account (empty: all accounts)' },
      createOnly: true,
      rules: { maxLength: 32 },
    },
    country: { kind: 'country', label: { zh: '国家/地区', en: 'Country' }, required: true, createOnly: true },
    network: {
      kind: 'operator',
      label: { zh: '网络（空为全国）', en: 'Network (empty: whole country)' },
      createOnly: true,
    },
    channelId: {
      kind: 'number',
      ref: 'channel',
      label: { zh: '通道 ID', en: 'Channel id' },
      required: true,
      track: true,
    },
    channelName: { kind: 'text', label: { zh: '通道', en: 'Channel' }, readOnly: true },
    priority: {
      kind: 'number',
      label: { zh: '优先级（失败转移顺序）', en: 'Priority (failover order)' },
      required: true,
      rules: { min: 1, max: 99 },
      track: true,
    },
    weight: {
      kind: 'number',
      label: { zh: '权重', en: 'Weight' },
      required: true,
      rules: { min: 1, max: 100 },
      track: true,
    },
    windowFrom: {
      kind: 'text',
      label: { zh: '时段开始（UTC）', en: 'Window from (UTC)' },
      rules: { pattern: TIME_OF_DAY_PATTERN },
      track: true,
    },
    windowTo: {
      kind: 'text',
      label: { zh: '时段结束（UTC）', en: 'Window to (UTC)' },
      rules: { pattern: TIME_OF_DAY_PATTERN },
      track: true,
    },
    effectiveFrom: { kind: 'datetime', label: { zh: '生效时间', en: 'Effective from' }, required: true, track: true },
    effectiveTo: { kind: 'datetime', label: { zh: '失效时间', en: 'Effective until' }, track: true },
    remark: { kind: 'textarea', label: { zh: '备注', en: 'Remark' }, rules: { maxLength: 500 } },
    createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, required: true, readOnly: true },
  },
  list: {
    columns: [
      'customerId',
      'accountCode',
      'country',
      'network',
      'channelName',
      'priority',
      'weight',
      'windowFrom',
      'windowTo',
      'effectiveFrom',
      'effectiveTo',
    ],
    filters: {
      customerId: { op: 'eq', field: 'customerId' },
      accountCode: { op: 'eq', field: 'accountCode' },
      country: { op: 'eq', field: 'country' },
      network: { op: 'eq', field: 'network' },
      channelId: { op: 'eq', field: 'channelId' },
      effectiveFrom: { op: 'range', field: 'effectiveFrom' },
    },
    sortable: ['priority', 'effectiveFrom', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: {
    sections: [
      { title: { zh: '目的地', en: 'Destination' }, fields: ['customerId', 'accountCode', 'country', 'network'] },
      { title: { zh: '路由', en: 'Route' }, fields: ['channelId', 'priority', 'weight', 'windowFrom', 'windowTo'] },
      { title: { zh: '生效', en: 'Effective dates' }, fields: ['effectiveFrom', 'effectiveTo', 'remark'] },
    ],
  },
  detail: { header: ['customerId', 'country', 'network', 'priority', 'weight'] },
  access: {
    list: ChannelPerm.ROUTES,
    create: ChannelPerm.ROUTE_EDIT,
    update: ChannelPerm.ROUTE_EDIT,
    delete: ChannelPerm.ROUTE_EDIT,
  },
  history: {},
});
