import type { Module } from '../../platform/module.js';
import { registerMessageCenterChannel } from './live.js';
import { messageRoutes } from './routes.js';
import { unreadCount } from './service.js';

/** Message center: stored messages of every module, the live stream, the bell's unread flag. */
export const messagesModule: Module = {
  name: 'messages',
  async register(app, p) {
    registerMessageCenterChannel(app, p);
    p.summary.register('messages', async (auth) => {
      const n = await unreadCount(p.db, auth.userId);
      return { unread: n > 0, unreadNum: n };
    });
    await messageRoutes(app, p);
  },
};
