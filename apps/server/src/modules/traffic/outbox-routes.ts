import { envelope } from '@portal/contracts';
import {
  blacklistFeed,
  blacklistFeedQuery,
  cancellationFeed,
  cancellationFeedQuery,
  INGEST_SCOPE,
  outboxAck,
  outboxAckResult,
  outboxQuery,
  outboxReply,
} from '@portal/contracts/traffic';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { verifyToken } from './clients.js';
import {
  ackReplies,
  approvedReplies,
  cancellationFeed as readCancellations,
  blacklistFeed as readFeed,
} from './outbox.js';

const tags = ['traffic'];
/** under the ingestion path: the same machine client and token, never a staff token */
const B = '/v2/traffic/ingest';

/** What the messaging platform reads back (decision 0123): approved auto replies to send, the opt-out blacklist. */
export async function outboxRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const machine = { access: 'public' as const, audit: false };

  r.get(
    `${B}/outbox/replies`,
    {
      schema: {
        tags,
        summary: 'Auto replies approved in two-way-review and not yet acknowledged, oldest first (at least once)',
        querystring: outboxQuery,
        response: { 200: envelope(z.array(outboxReply)) },
      },
      config: machine,
    },
    async (req) => {
      await verifyToken(p.db, p.clock.now(), req.headers.authorization, INGEST_SCOPE);
      return ok(await approvedReplies(p.db, req.query.limit));
    },
  );

  r.post(
    `${B}/outbox/replies/ack`,
    {
      schema: {
        tags,
        summary: 'The platform sent these replies, with the message id each send carries; answered per item',
        body: outboxAck,
        response: { 200: envelope(outboxAckResult) },
      },
      config: machine,
    },
    async (req) => {
      await verifyToken(p.db, p.clock.now(), req.headers.authorization, INGEST_SCOPE);
      return ok(await ackReplies(p.db, p.clock.now(), req.body.items));
    },
  );

  r.get(
    `${B}/blacklist`,
    {
      schema: {
        tags,
        summary:
          'The numbers each account must not send to (opt-outs) and those that opted back in, changed after the cursor, with the next cursor',
        querystring: blacklistFeedQuery,
        response: { 200: envelope(blacklistFeed) },
      },
      config: machine,
    },
    async (req) => {
      await verifyToken(p.db, p.clock.now(), req.headers.authorization, INGEST_SCOPE);
      return ok(await readFeed(p.db, req.query.after, req.query.limit));
    },
  );

  r.get(
    `${B}/outbox/cancellations`,
    {
      schema: {
        tags,
        summary: 'Scheduled sends staff cancelled after the cursor: not to be sent (decision 0124)',
        querystring: cancellationFeedQuery,
        response: { 200: envelope(cancellationFeed) },
      },
      config: machine,
    },
    async (req) => {
      await verifyToken(p.db, p.clock.now(), req.headers.authorization, INGEST_SCOPE);
      return ok(await readCancellations(p.db, req.query.after, req.query.limit));
    },
  );
}
