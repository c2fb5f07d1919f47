import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';

/**
 * what a two-way rule did with an MO (decision 0115): an opt-out is done at once, the others wait for
 * review; an approved reply is `sent` once the platform acknowledges it, an approved forward is `done`
 * when the owner is told (decision 0123); an opt-out is `reversed` when the handset opted back in or
 * staff took the number off the blacklist (decision 0131)
 */
export const TWO_WAY_ACTION_STATES = ['pending', 'approved', 'rejected', 'done', 'sent', 'reversed'] as const;
export type TwoWayActionState = (typeof TWO_WAY_ACTION_STATES)[number];
const REVIEW_KEY = permOf(routeByPath('/businessOperations/two-way-review')!);
/** approve or reject a pending auto reply / forward */
export const TWO_WAY_REVIEW_DECIDE = `${REVIEW_KEY}:decide`;

/**
 * `/businessOperations/two-way-review` (decision 0115): the auto replies and forwards two-way rules
 * made of incoming MO, which operations approve (the platform sends them) or reject (never sent);
 * opt-outs are listed as done. Read-only besides the two commands; data scope on the customer's owner.
 */
export const twoWayReviewResource = defineResource({
  key: 'traffic.twoWayReview',
  title: label('双向短信审核', 'Two-way SMS review'),
  api: '/v2/traffic/two-way-review',
  routes: { list: '/businessOperations/two-way-review' },
  titleField: 'moId',
  fields: {
    moId: { kind: 'text', label: label('上行消息 ID', 'MO id'), readOnly: true },
    moAt: { kind: 'datetime', label: label('上行时间', 'MO received'), required: true, readOnly: true },
    accountId: { kind: 'number', ref: 'account', label: label('账户', 'Account'), readOnly: true },
    customerId: { kind: 'customer', label: label('客户', 'Customer'), readOnly: true },
    ownerId: { kind: 'user', label: label('负责人', 'Owner'), readOnly: true },
    handset: { kind: 'text', label: label('手机号码', 'Handset'), readOnly: true },
    senderId: { kind: 'text', label: label('发送方 ID', 'Sender id'), readOnly: true },
    keyword: { kind: 'text', label: label('命中关键字', 'Keyword'), readOnly: true },
    action: {
      kind: 'enum',
      label: label('动作', 'Action'),
      readOnly: true,
      options: [
        { value: 'reply', label: label('自动回复', 'Auto reply') },
        { value: 'optout', label: label('退订（加入黑名单）', 'Opt out (blacklist)') },
        { value: 'optin', label: label('重新订阅（移出黑名单）', 'Opt in (off the blacklist)') },
        { value: 'forward', label: label('转发给负责人', 'Forward to owner') },
      ],
    },
    replyText: { kind: 'textarea', label: label('回复内容', 'Reply text'), readOnly: true },
    forwardTo: { kind: 'user', label: label('转发给', 'Forward to'), readOnly: true },
    state: {
      kind: 'enum',
      label: label('审核状态', 'Review state'),
      required: true,
      readOnly: true,
      track: true,
      options: [
        { value: 'pending', label: label('待审核', 'Pending'), color: 'blue' },
        { value: 'approved', label: label('已通过', 'Approved'), color: 'green' },
        { value: 'rejected', label: label('已驳回', 'Rejected'), color: 'red' },
        { value: 'done', label: label('已执行', 'Done'), color: 'default' },
        { value: 'sent', label: label('已发送', 'Sent'), color: 'cyan' },
        { value: 'reversed', label: label('已恢复订阅', 'Opted back in'), color: 'purple' },
      ],
    },
    reviewedBy: { kind: 'user', label: label('审核人', 'Reviewed by'), readOnly: true },
    reviewedAt: { kind: 'datetime', label: label('审核时间', 'Reviewed'), readOnly: true },
    rejectReason: { kind: 'text', label: label('驳回原因', 'Reject reason'), readOnly: true, track: true },
    sentAt: { kind: 'datetime', label: label('发送时间', 'Sent'), readOnly: true },
    sentMessageId: { kind: 'text', label: label('回复消息 ID', 'Reply message id'), readOnly: true, track: true },
    reversalReason: { kind: 'text', label: label('恢复订阅原因', 'Opt-in reason'), readOnly: true, track: true },
  },
  list: {
    columns: [
      'handset',
      'keyword',
      'action',
      'state',
      'moAt',
      'replyText',
      'accountId',
      'senderId',
      'reviewedBy',
      'reviewedAt',
      'rejectReason',
      'sentAt',
      'sentMessageId',
      'reversalReason',
    ],
    filters: {
      state: { op: 'eq', field: 'state' },
      action: { op: 'eq', field: 'action' },
      accountId: { op: 'eq', field: 'accountId' },
      handset: { op: 'eq', field: 'handset' },
      moAt: { op: 'range', field: 'moAt' },
    },
    sortable: ['moAt'],
    defaultSort: { field: 'moAt', order: 'descend' },
  },
  form: { sections: [{ fields: [] }] },
  detail: { header: ['action', 'state', 'accountId', 'handset'] },
  access: { list: REVIEW_KEY, owner: 'ownerId' },
  commands: {
    approve: {
      label: label('通过', 'Approve'),
      confirm: label(
        '通过后平台将发送此回复，转发将通知负责人，确认？',
        'Approve: the platform sends this reply, a forward tells the owner?',
      ),
      perm: TWO_WAY_REVIEW_DECIDE,
      when: { field: 'state', in: ['pending'] },
    },
    reject: {
      label: label('驳回', 'Reject'),
      input: {
        reason: {
          kind: 'text',
          label: label('驳回原因', 'Reason'),
          required: true,
          rules: { minLength: 2, maxLength: 200 },
        },
      },
      perm: TWO_WAY_REVIEW_DECIDE,
      when: { field: 'state', in: ['pending'] },
    },
    /** staff take an opted-out number off the account's blacklist (the handset asked by other means) */
    optIn: {
      label: label('恢复订阅', 'Opt back in'),
      input: {
        reason: {
          kind: 'text',
          label: label('原因', 'Reason'),
          required: true,
          rules: { minLength: 2, maxLength: 200 },
        },
      },
      perm: TWO_WAY_REVIEW_DECIDE,
      when: { field: 'action', in: ['optout'] },
    },
  },
  export: { fileName: label('双向短信审核', 'two-way-review') },
  history: {},
});
