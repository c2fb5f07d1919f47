import { defineMessageTemplates } from '../../platform/i18n/message-templates.js';

/** A ding notice pushed to everyone: its title in the reader's language when read. */
defineMessageTemplates('notice', {
  ding: {
    title: { 'zh-CN': '{title}', en: '{title}' },
    content: { 'zh-CN': '{content}', en: '{content}' },
  },
});
