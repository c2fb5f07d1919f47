import { defineResource } from '../../resource/define.js';
import { ChannelPerm } from './perms.js';

/**
 * `channel/info`: one row per channel and network it covers, with the network's country and
 * operator. Written through the channel's `networks`; read here to answer "who covers what".
 */
export const coverageResource = defineResource({
  key: 'srm.channelCoverage',
  title: { zh: '通道信息', en: 'Channel coverage' },
  api: '/v2/srm/channel/coverage',
  routes: { list: '/businessInquiry/channel/info' },
  titleField: 'channelName',
  fields: {
    channelId: { kind: 'number', ref: 'channel', label: { zh: '通道 ID', en: 'Channel id' }, readOnly: true },
    channelCode: { kind: 'text', label: { zh: '通道编号', en: 'Channel code' }, readOnly: true },
    channelName: { kind: 'text', label: { zh: '通道名称', en: 'Channel' }, readOnly: true },
    product: { kind: 'text', label: { zh: '产品', en: 'Product' }, readOnly: true },
    state: { kind: 'text', label: { zh: '通道状态', en: 'Channel state' }, readOnly: true },
    mccmnc: { kind: 'operator', label: { zh: 'MCC/MNC', en: 'MCC/MNC' }, readOnly: true },
    country: { kind: 'country', label: { zh: '国家/地区', en: 'Country' }, readOnly: true },
    operatorName: { kind: 'text', label: { zh: '运营商', en: 'Operator' }, readOnly: true },
  },
  list: {
    columns: ['channelCode', 'channelName', 'product', 'state', 'country', 'mccmnc', 'operatorName'],
    filters: {
      keyword: { op: 'like', fields: ['mccmnc'], label: { zh: 'MCC/MNC', en: 'MCC/MNC' } },
      channelId: { op: 'eq', field: 'channelId' },
      mccmnc: { op: 'eq', field: 'mccmnc' },
      country: { op: 'eq', field: 'country' },
    },
    sortable: ['mccmnc', 'country'],
    defaultSort: { field: 'mccmnc', order: 'ascend' },
  },
  form: { sections: [] },
  access: { list: ChannelPerm.COVERAGE },
  history: false,
});
