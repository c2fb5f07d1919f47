import { Perm } from '../permissions.js';
import { defineResource, type ResourceField, SIGNED_IN } from '../resource/define.js';

const F = '/v2/sys/staff/feedback';
const shown = { readOnly: true, required: true } as const;

/** A user's feedback as both lists show it (written by commitFeedback, feedbackReply and feedbackClose). */
const fields = {
  id: { kind: 'number', label: { zh: '编号', en: 'ID' }, ...shown },
  userId: { kind: 'user', label: { zh: '反馈人', en: 'From' }, ...shown },
  userName: { kind: 'text', label: { zh: '反馈人', en: 'From' }, ...shown },
  questionId: { kind: 'number', ref: 'feedbackQuestion', label: { zh: '类型', en: 'Type' }, ...shown },
  questionName: { kind: 'text', label: { zh: '类型', en: 'Type' }, readOnly: true },
  content: { kind: 'textarea', label: { zh: '反馈内容', en: 'Feedback' }, ...shown },
  page: { kind: 'text', label: { zh: '页面', en: 'Page' }, readOnly: true },
  status: {
    kind: 'enum',
    label: { zh: '状态', en: 'State' },
    ...shown,
    options: [
      { value: 'pending', label: { zh: '待处理', en: 'Waiting' }, color: 'warning' },
      { value: 'replied', label: { zh: '已回复', en: 'Replied' }, color: 'processing' },
      { value: 'closed', label: { zh: '已关闭', en: 'Closed' }, color: 'default' },
    ],
  },
  replyCount: { kind: 'number', label: { zh: '回复数', en: 'Replies' }, quantity: true, ...shown },
  imageCount: { kind: 'number', label: { zh: '截图数', en: 'Screenshots' }, quantity: true, ...shown },
  /** a reply the author has not opened yet */
  unseenReply: { kind: 'boolean', label: { zh: '新回复', en: 'New reply' }, ...shown },
  createdAt: { kind: 'datetime', label: { zh: '反馈时间', en: 'Sent at' }, ...shown },
  updatedAt: { kind: 'datetime', label: { zh: '更新时间', en: 'Updated' }, ...shown },
  closedAt: { kind: 'datetime', label: { zh: '关闭时间', en: 'Closed at' }, readOnly: true },
} as const satisfies Record<string, ResourceField>;

const byTime = { sortable: ['createdAt'], defaultSort: { field: 'createdAt', order: 'descend' } } as const;

/** `/csc/feedbackmanagement/fb-list`: every user's feedback, for its managers (answered in the detail drawer). */
export const feedbackResource = defineResource({
  key: 'feedback.manage',
  title: { zh: '用户反馈', en: 'Feedback' },
  api: `${F}/manage`,
  paths: { page: `${F}/feedbackManagePage`, export: `${F}/feedbackManagePage/export` },
  routes: { list: '/csc/feedbackmanagement/fb-list' },
  titleField: 'content',
  fields,
  list: {
    columns: ['content', 'userName', 'questionName', 'status', 'createdAt', 'replyCount', 'page'],
    /** the file keeps the layout it had before the port */
    exportColumns: [
      'id',
      'userName',
      'questionName',
      'content',
      'page',
      'status',
      'replyCount',
      'imageCount',
      'createdAt',
      'updatedAt',
    ],
    filters: {
      status: { op: 'eq', field: 'status' },
      questionId: { op: 'eq', field: 'questionId' },
      keyword: { op: 'like', fields: ['content'], label: { zh: '关键词', en: 'Keyword' } },
      sent: { op: 'range', field: 'createdAt', bounds: ['from', 'to'] },
    },
    ...byTime,
  },
  form: { sections: [] },
  access: { list: Perm.FEEDBACK_MANAGE },
  export: { fileName: { zh: '用户反馈', en: 'feedback' } },
  history: false,
});

/** `/csc/feedbackmanagement/feedback`: my own feedback and whether it has a reply I have not seen. */
export const myFeedbackResource = defineResource({
  key: 'feedback.mine',
  title: { zh: '我的反馈', en: 'My feedback' },
  api: `${F}/mine`,
  paths: { page: `${F}/myFeedbackPage` },
  routes: { list: '/csc/feedbackmanagement/feedback' },
  titleField: 'content',
  fields,
  list: {
    columns: ['content', 'questionName', 'status', 'replyCount', 'createdAt'],
    filters: { status: { op: 'eq', field: 'status' } },
    ...byTime,
  },
  form: { sections: [] },
  access: { list: SIGNED_IN, owner: 'userId' },
  export: { fileName: { zh: '我的反馈', en: 'my-feedback' } },
  history: false,
});
