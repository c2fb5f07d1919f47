import { defineMessageTemplates } from '../../platform/i18n/message-templates.js';

/** Feedback messages, rendered in the reader's language when read. */
defineMessageTemplates('feedback', {
  replied: {
    title: { 'zh-CN': '您的反馈有新回复', en: 'Your feedback has a reply' },
    content: { 'zh-CN': '{reply}', en: '{reply}' },
  },
});
