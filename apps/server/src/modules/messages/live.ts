import { LIVE_HEARTBEAT_INTERVAL_MS } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { LiveHub } from '../../platform/live/hub.js';
import { registerLiveRoutes } from '../../platform/live/routes.js';
import type { Platform } from '../../platform/platform.js';
import { messageById, storeMessages, type TemplatedNotification, toPushMessage } from './service.js';

/** Bus topic of a stored message; the payload is `userId:messageId` (ids only). */
export const MESSAGE_TOPIC = 'mc.message';

/** LIVE_HEARTBEAT_MS overrides the 30 s heartbeat (tests, benchmarks). */
function heartbeatMs(): number {
  const v = Number(process.env.LIVE_HEARTBEAT_MS);
  return Number.isInteger(v) && v >= 50 ? v : LIVE_HEARTBEAT_INTERVAL_MS;
}

/**
 * The message center as a notifier channel: it stores the message and announces it on the bus;
 * every process reads the row for the users connected to it and pushes it down their streams.
 */
export function registerMessageCenterChannel(app: FastifyInstance, p: Platform): LiveHub {
  const hub = new LiveHub({
    heartbeatMs: heartbeatMs(),
    maxPerSession: p.config.liveMaxStreamsPerSession,
    maxPerUser: p.config.liveMaxStreamsPerUser,
    log: p.log,
  });
  registerLiveRoutes(app, p, hub);

  const unsubscribe = p.bus.subscribe(MESSAGE_TOPIC, (payload) => {
    const [user, id] = payload.split(':').map(Number);
    if (!Number.isInteger(user) || !Number.isInteger(id) || !hub.hasUser(user!)) return;
    messageById(p.db, id!)
      .then((row) => {
        if (row && row.userId === user) hub.sendToUserIn(user, 'message', (locale) => toPushMessage(row, locale));
      })
      .catch((err) => p.log.warn({ err, id }, 'live message read failed'));
  });
  app.addHook('onClose', async () => unsubscribe());

  p.notifier.register('message-center', async (n) => {
    const stored = await storeMessages(p.db, n as TemplatedNotification);
    await Promise.all(stored.map((m) => p.bus.publish(MESSAGE_TOPIC, `${m.userId}:${m.id}`)));
  });
  return hub;
}
