import { defineSection } from './define.js';

/**
 * Message center (/message/...), spec 2. Every screen here is personal (the user's own mailbox
 * and notices), so all are `common`. The mail detail view is /message/email/details with the
 * mail id, the details type (sent, editAgain, inbox, spam) and the cached search state in the query.
 * /message/email/none (no bound mailbox) highlights the inbox.
 */
const s = defineSection('message');
const common = { common: true } as const;
const inbox = 'email/inbox';

s.group('email', '邮箱', 'Mail', 'MailOutlined')
  .page('email', '邮箱', 'Mail', undefined, { ...common, hidden: true, redirect: '/message/email/inbox' })
  .page('email/write', '写邮件', 'Compose', 'EditOutlined', common)
  .page(inbox, '收件箱', 'Inbox', 'InboxOutlined', { ...common, name: 'MessageEmailInbox' })
  .page('email/star', '星标邮件', 'Starred', 'StarOutlined', common)
  .page('email/sent', '已发送', 'Sent', 'SendOutlined', common)
  .page('email/drafts', '草稿箱', 'Drafts', 'FileOutlined', common)
  .page('email/spam', '垃圾邮件', 'Spam', 'DeleteOutlined', { ...common, name: 'MessageEmailSpam' })
  .page('email/vce', '往来邮件', 'Correspondence', 'CommentOutlined', { ...common, oneBookmark: true })
  .page('email/adb', '通讯录', 'Address book', 'ContactsOutlined', common)
  .page('email/logs', '客户邮件日志', 'Customer mail log', 'FileSearchOutlined', common)
  .page('email/set', '邮箱设置', 'Mailbox settings', 'SettingOutlined', { ...common, oneBookmark: true })
  .page('email/um', '使用手册', 'User manual', 'QuestionCircleOutlined', common)
  .detail('email/details', '邮件详情', 'Mail details', inbox, { tagPath: 'fullPath', titleFrom: 'subject' })
  .detail('email/none', '未绑定邮箱', 'No mailbox bound', inbox, { detail: false });

s.group('notice', '消息通知', 'Notifications', 'BellOutlined')
  .page('notification', '消息查询', 'Messages', 'BellOutlined', common)
  .page('publicnotice/timeaxis', '版本迭代', 'Release timeline', 'FieldTimeOutlined', common)
  .page('publicnotice/noticelist', '版本公告列表', 'Release notes', 'NotificationOutlined', common);

s.wildcard('消息中心', 'Message center');

export const messageRoutes = s.routes;
