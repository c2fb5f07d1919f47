import { defineMessageTemplates } from '../../platform/i18n/message-templates.js';

/** The new-mail push: {newEmailNum} and {emailboxType} are filled in by the client (spec 3). */
defineMessageTemplates('mail', {
  newMail: {
    title: { 'zh-CN': '新邮件', en: 'New mail' },
    content: { 'zh-CN': '您有{newEmailNum}封新邮件', en: 'You have {newEmailNum} new mails' },
  },
});
