import { defineResource, type EnumOption, SIGNED_IN } from './resource/define.js';

/** Message kinds the platform produces; the list filters by them. */
export const MESSAGE_TYPES = ['approval', 'alarm', 'mail', 'system', 'feedback', 'notice'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

const TYPE_LABELS: Record<MessageType, EnumOption['label']> = {
  approval: { zh: '审批', en: 'Approval' },
  alarm: { zh: '告警', en: 'Alarm' },
  mail: { zh: '邮件', en: 'Mail' },
  system: { zh: '系统', en: 'System' },
  feedback: { zh: '反馈', en: 'Feedback' },
  notice: { zh: '公告', en: 'Notice' },
};

const M = '/v2/sys/mc/message';
const shown = { readOnly: true, required: true } as const;

/**
 * `/message/notification`: the caller's own messages (spec 7, `/v2/sys/mc/message`). Written by the
 * notifier, never through the list; a templated message's title and content are rendered in the
 * reader's language when read. Marking read and read-all stay the spec's own calls.
 */
export const messageResource = defineResource({
  key: 'messages.center',
  title: { zh: '我的消息', en: 'My messages' },
  api: M,
  paths: { page: `${M}/query/center/message/list`, export: `${M}/query/center/message/list/export` },
  routes: { list: '/message/notification' },
  titleField: 'title',
  fields: {
    userId: { kind: 'user', label: { zh: '接收人', en: 'Recipient' }, ...shown },
    type: {
      kind: 'enum',
      label: { zh: '类型', en: 'Type' },
      ...shown,
      options: MESSAGE_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] })),
    },
    /** 1 ordinary, 2 new-mail notice */
    msgType: { kind: 'number', label: { zh: '消息类别', en: 'Message kind' }, ...shown },
    title: { kind: 'text', label: { zh: '标题', en: 'Title' }, ...shown },
    content: { kind: 'textarea', label: { zh: '内容', en: 'Content' }, ...shown },
    link: { kind: 'text', label: { zh: '链接', en: 'Link' }, readOnly: true },
    sourceKind: { kind: 'text', label: { zh: '来源类型', en: 'Source kind' }, readOnly: true },
    sourceId: { kind: 'text', label: { zh: '来源', en: 'Source' }, readOnly: true },
    status: {
      kind: 'enum',
      label: { zh: '状态', en: 'State' },
      ...shown,
      options: [
        { value: 0, label: { zh: '未读', en: 'Unread' }, color: 'processing' },
        { value: 1, label: { zh: '已读', en: 'Read' }, color: 'default' },
      ],
    },
    createdAt: { kind: 'datetime', label: { zh: '时间', en: 'Time' }, ...shown },
    readAt: { kind: 'datetime', label: { zh: '阅读时间', en: 'Read at' }, readOnly: true },
  },
  list: {
    columns: ['title', 'status', 'type', 'content', 'createdAt'],
    /** the file keeps the layout it had before the port */
    exportColumns: ['type', 'title', 'content', 'status', 'createdAt', 'readAt'],
    filters: {
      type: { op: 'eq', field: 'type' },
      status: { op: 'eq', field: 'status' },
      keyword: { op: 'like', fields: ['title', 'content'], label: { zh: '关键词', en: 'Keyword' } },
      sent: { op: 'range', field: 'createdAt', bounds: ['from', 'to'] },
    },
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [] },
  access: { list: SIGNED_IN, owner: 'userId' },
  export: { fileName: { zh: '我的消息', en: 'my messages' } },
  history: false,
});
