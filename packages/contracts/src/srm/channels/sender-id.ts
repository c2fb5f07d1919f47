import { defineResource } from '../../resource/define.js';
import { ChannelPerm } from './perms.js';

export const SENDER_ID_STATES = ['requested', 'submitted', 'approved', 'rejected', 'expired'] as const;
export type SenderIdState = (typeof SENDER_ID_STATES)[number];
/** letters, digits and spaces: 11 characters for an alphanumeric sender, 16 digits for a number */
export const SENDER_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 ]{0,15}$';
/** days before expiry the registrant is reminded */
export const SENDER_ID_REMIND_DAYS = 30;

/**
 * A sender-id registration of a customer on a channel for a country: requested → submitted to the
 * carrier → approved (until an expiry date) or rejected; approved ones expire on their date.
 */
export const senderIdResource = defineResource({
  key: 'srm.senderId',
  title: { zh: 'Sender ID', en: 'Sender ids' },
  api: '/v2/srm/sender-id',
  routes: { list: '/businessInquiry/channel/sender-id' },
  titleField: 'senderId',
  fields: {
    senderId: {
      kind: 'text',
      label: { zh: 'Sender ID', en: 'Sender id' },
      required: true,
      rules: { maxLength: 16, pattern: SENDER_ID_PATTERN },
      track: true,
    },
    channelId: {
      kind: 'number',
      ref: 'channel',
      label: { zh: '通道 ID', en: 'Channel id' },
      required: true,
      createOnly: true,
    },
    channelName: { kind: 'text', label: { zh: '通道', en: 'Channel' }, readOnly: true },
    country: { kind: 'country', label: { zh: '国家/地区', en: 'Country' }, required: true, createOnly: true },
    customerId: { kind: 'customer', label: { zh: '客户', en: 'Customer' }, required: true, createOnly: true },
    state: {
      kind: 'enum',
      label: { zh: '状态', en: 'State' },
      required: true,
      readOnly: true,
      track: true,
      options: [
        { value: SENDER_ID_STATES[0], label: { zh: '待提交', en: 'Requested' }, color: 'default' },
        { value: SENDER_ID_STATES[1], label: { zh: '已提交', en: 'Submitted' }, color: 'blue' },
        { value: SENDER_ID_STATES[2], label: { zh: '已通过', en: 'Approved' }, color: 'green' },
        { value: SENDER_ID_STATES[3], label: { zh: '已驳回', en: 'Rejected' }, color: 'red' },
        { value: SENDER_ID_STATES[4], label: { zh: '已过期', en: 'Expired' }, color: 'orange' },
      ],
    },
    expiresOn: { kind: 'date', label: { zh: '到期日', en: 'Expires on' }, readOnly: true, track: true },
    rejectReason: { kind: 'text', label: { zh: '驳回原因', en: 'Reject reason' }, readOnly: true },
    documents: { kind: 'attachment', label: { zh: '报备材料', en: 'Documents' }, track: true },
    remark: { kind: 'textarea', label: { zh: '备注', en: 'Remark' }, rules: { maxLength: 500 } },
    createdBy: { kind: 'user', label: { zh: '申请人', en: 'Requested by' }, readOnly: true },
    createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, required: true, readOnly: true },
  },
  list: {
    columns: ['senderId', 'channelName', 'country', 'customerId', 'state', 'expiresOn', 'createdBy', 'createdAt'],
    filters: {
      keyword: { op: 'like', fields: ['senderId'] },
      channelId: { op: 'eq', field: 'channelId' },
      country: { op: 'eq', field: 'country' },
      customerId: { op: 'eq', field: 'customerId' },
      state: { op: 'eq', field: 'state' },
      expiresOn: { op: 'range', field: 'expiresOn' },
    },
    sortable: ['senderId', 'expiresOn', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['senderId', 'channelId', 'country', 'customerId', 'documents', 'remark'] }] },
  detail: { header: ['channelName', 'country', 'state', 'expiresOn'] },
  access: {
    list: ChannelPerm.SENDER_IDS,
    create: ChannelPerm.SENDER_ID_EDIT,
    update: ChannelPerm.SENDER_ID_EDIT,
  },
  commands: {
    submit: {
      label: { zh: '提交运营商', en: 'Submit to carrier' },
      confirm: { zh: '确认已将报备材料提交给运营商？', en: 'Mark the registration as submitted to the carrier?' },
      perm: ChannelPerm.SENDER_ID_STATE,
    },
    approve: {
      label: { zh: '通过', en: 'Approve' },
      input: { expiresOn: { kind: 'date', label: { zh: '到期日', en: 'Expires on' }, required: true } },
      perm: ChannelPerm.SENDER_ID_STATE,
    },
    reject: {
      label: { zh: '驳回', en: 'Reject' },
      input: {
        reason: {
          kind: 'text',
          label: { zh: '驳回原因', en: 'Reason' },
          required: true,
          rules: { minLength: 2, maxLength: 200 },
        },
      },
      perm: ChannelPerm.SENDER_ID_STATE,
    },
  },
  history: {},
});
