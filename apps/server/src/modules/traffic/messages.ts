import { defineMessageTemplates } from '../../platform/i18n/message-templates.js';

/** Traffic messages, rendered in the reader's language when read. */
defineMessageTemplates('traffic', {
  twoWayForward: {
    title: { 'zh-CN': '客户手机上行转发', en: 'A handset answered your customer' },
    content: {
      'zh-CN': '号码 {handset} 回复了账户 {account} 的发送方 {sender}，命中关键字「{keyword}」（{at}），请跟进。',
      en: 'The handset {handset} answered the sender {sender} of the account {account} with the keyword “{keyword}” ({at}); please follow up.',
    },
  },
});
