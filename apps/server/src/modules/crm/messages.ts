import { defineMessageTemplates } from '../../platform/i18n/message-templates.js';

/** CRM messages, rendered in the reader's language when read. */
defineMessageTemplates('crm', {
  followUpDue: {
    title: { 'zh-CN': '客户跟进提醒', en: 'Follow-up due' },
    content: {
      'zh-CN': '客户 {name}（{code}）计划于 {at} 跟进，请及时联系。',
      en: 'The customer {name} ({code}) was due for a follow-up at {at}.',
    },
  },
});
