import { defineMessageTemplates } from '../../../platform/i18n/message-templates.js';

/** Churn messages, rendered in the reader's language when read. */
defineMessageTemplates('crmChurn', {
  churning: {
    title: { 'zh-CN': '客户流失预警', en: 'Customer churning' },
    content: {
      'zh-CN': '客户 {name}（{code}）近 {days} 天付费流量较前 {days} 天下降 {fall}%，请及时跟进。',
      en: 'Paid traffic of {name} ({code}) fell by {fall}% over the last {days} days against the {days} days before: follow it up.',
    },
  },
  returned: {
    title: { 'zh-CN': '流失客户已退回公海', en: 'Churning customer returned to the open sea' },
    content: {
      'zh-CN': '客户 {name}（{code}）付费流量下降 {fall}%，已按流失规则退回公海。',
      en: 'Paid traffic of {name} ({code}) fell by {fall}%: it returned to the open sea under the churn rule.',
    },
  },
});
