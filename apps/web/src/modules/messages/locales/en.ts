import type { Messages } from '../../../platform/locales/types';
import type { zhCN } from './zh-CN';

/** Texts of the message center module in English. */
export const en: Messages<typeof zhCN> = {
  messages: {
    latest: 'Latest messages',
    none: 'No messages',
    viewAll: 'View all messages',
    open: 'Open source',
    markRead: 'Mark read',
    readAll: 'Mark all read',
    readAllConfirm: 'Mark every message read?',
    readAllDone: '{{count}} messages marked read',
  },
};
