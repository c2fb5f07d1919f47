import {
  changeByMsgIdBody,
  changedCount,
  changeStatusBody,
  dropList,
  envelope,
  homeListQuery,
  MESSAGE_TYPES,
  messageRow,
  readAllBody,
  serverTime,
  typeCounts,
  unreadState,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import { mountResource } from '../../platform/resource/index.js';
import { messageList } from './list.js';
import { countsByType, latestMessages, messageById, readAll, setStatus, unreadCount } from './service.js';

/** Every message call is about the caller's own messages: any signed-in user. */
const own = { access: 'authenticated' as const };
const ownQuiet = { access: 'authenticated' as const, audit: false };
const P = '/v2/sys/mc/message';

export async function messageRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];

  r.get(
    `${P}/getServerTime`,
    { schema: { tags, summary: 'Server clock', response: { 200: envelope(serverTime) } }, config: own },
    async () => {
      const now = new Date();
      return ok({ now: now.toISOString(), epochMs: now.getTime() });
    },
  );

  r.get(
    `${P}/getDropList`,
    {
      schema: { tags, summary: 'Filter options: types and states', response: { 200: envelope(dropList) } },
      config: own,
    },
    async () =>
      ok({
        types: MESSAGE_TYPES.map((value) => ({ value })),
        statuses: [{ value: 0 as const }, { value: 1 as const }],
      }),
  );

  r.get(
    `${P}/thereAreUnreadMessages`,
    { schema: { tags, summary: 'Unread flag (the bell dot)', response: { 200: envelope(unreadState) } }, config: own },
    async (req) => {
      const total = await unreadCount(p.db, req.auth!.userId);
      // the three mail counters join this answer once mail exists (spec 7); never faked
      return ok({ unread: total > 0, total });
    },
  );

  r.get(
    `${P}/getMsgTypeCount`,
    { schema: { tags, summary: 'Messages and unread by type', response: { 200: envelope(typeCounts) } }, config: own },
    async (req) => ok(await countsByType(p.db, req.auth!.userId)),
  );

  // the center's page, detail and export (the caller's own messages, rendered in their language)
  await mountResource(app, p, messageList);

  r.post(
    `${P}/query/home/message/list`,
    {
      schema: {
        tags,
        summary: 'Latest messages (the bell)',
        body: homeListQuery,
        response: { 200: envelope(z.array(messageRow)) },
      },
      config: ownQuiet,
    },
    async (req) =>
      ok(await latestMessages(p.db, req.auth!.userId, localeOf(req.headers), req.body.size, req.body.status)),
  );

  r.post(
    `${P}/query/home/message/change/status`,
    {
      schema: {
        tags,
        summary: 'Mark messages read or unread',
        body: changeStatusBody,
        response: { 200: envelope(changedCount) },
      },
      config: ownQuiet,
    },
    async (req) => ok({ changed: await setStatus(p.db, req.auth!.userId, req.body.ids, req.body.status) }),
  );

  r.post(
    `${P}/changeMsgStatusByMsgId`,
    {
      schema: {
        tags,
        summary: 'Mark one message read',
        body: changeByMsgIdBody,
        response: { 200: envelope(changedCount) },
      },
      config: ownQuiet,
    },
    async (req) => {
      const changed = await setStatus(p.db, req.auth!.userId, [req.body.msgId], 1);
      if (changed === 0) {
        const row = await messageById(p.db, req.body.msgId);
        if (row?.userId !== req.auth!.userId) throw new AppError('NOT_FOUND');
      }
      return ok({ changed });
    },
  );

  r.post(
    `${P}/readAll`,
    {
      schema: {
        tags,
        summary: 'Mark all my messages read',
        body: readAllBody,
        response: { 200: envelope(changedCount) },
      },
      config: ownQuiet,
    },
    async (req) => ok({ changed: await readAll(p.db, req.auth!.userId, req.body.type) }),
  );
}
