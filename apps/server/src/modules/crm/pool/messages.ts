import { defineMessageTemplates } from '../../../platform/i18n/message-templates.js';

/** Open-sea messages, rendered in the reader's language when read. */
defineMessageTemplates('crmPool', {
  returnSoon: {
    title: { 'zh-CN': '客户即将退回公海', en: 'Customers return to the open sea soon' },
    content: {
      'zh-CN': '您有 {count} 个客户将于 {at} 前退回公海（{names}），请及时跟进或成交。',
      en: '{count} of your customers return to the open sea by {at} ({names}): follow them up or close a deal.',
    },
  },
  returned: {
    title: { 'zh-CN': '客户已退回公海', en: 'Customers returned to the open sea' },
    content: {
      'zh-CN': '您有 {count} 个客户已按保有规则退回公海（{names}）。',
      en: '{count} of your customers returned to the open sea under the retention rules ({names}).',
    },
  },
  loginPrompt: {
    title: { 'zh-CN': '公海提醒', en: 'Open-sea reminder' },
    content: {
      'zh-CN': '您有 {count} 个客户将在 {days} 天内退回公海：{names}',
      en: '{count} of your customers return to the open sea within {days} days: {names}',
    },
  },
});
