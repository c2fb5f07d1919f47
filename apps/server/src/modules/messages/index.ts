import type { Module } from '../index.js';
import { registerMessageCenterChannel } from './live.js';
import { messageRoutes } from './routes.js';
import { unreadCount } from './service.js';

/** Message center: stored messages of every module, the live stream, the bell's unread flag. */
export const messagesModule: Module = {
  name: 'messages',
  async register(app, p) {
    registerMessageCenterChannel(app, p);
    p.summary.register('messages', async (auth) => ({ unread: (await unreadCount(p.db, auth.userId)) > 0 }));
    await messageRoutes(app, p);
  },
};
