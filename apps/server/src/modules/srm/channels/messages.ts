import { defineMessageTemplates } from '../../../platform/i18n/message-templates.js';

/** Channel messages, rendered in the reader's language when read. */
defineMessageTemplates('srm', {
  senderIdExpiring: {
    title: { 'zh-CN': 'Sender ID 即将到期', en: 'Sender id expiring' },
    content: {
      'zh-CN': 'Sender ID {senderId}（{country}）将于 {on} 到期，请及时续期。',
      en: 'The sender id {senderId} ({country}) expires on {on}; renew it in time.',
    },
  },
});
