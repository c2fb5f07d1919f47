import { emptyData, envelope, pageResult } from '@portal/contracts';
import {
  MAIL_API,
  MARKETING_CLICK_PATH,
  MARKETING_OPEN_PATH,
  MARKETING_PERM,
  mailIdBody,
  marketingDetail,
  marketingQuery,
  marketingRow,
  marketingSaveBody,
  marketingTokenParams,
  marketingTracking,
} from '@portal/contracts/mail';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/envelope.js';
import { localeOf } from '../../../platform/http/locale.js';
import type { Platform } from '../../../platform/platform.js';
import type { MailService } from '../service.js';
import { marketing } from './service.js';

const tags = ['mail'];
const P = `${MAIL_API}/marketing`;
const access = { access: { perm: MARKETING_PERM } };
/** public tracking hits per visitor address and minute (a mail client loads the pixel once or twice) */
const HITS_PER_MINUTE = 60;
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const NOT_VALID = '<!doctype html><meta charset="utf-8"><title>Link</title><p>此链接无效。 This link is not valid.</p>';

/** Marketing mail: the caller's campaigns (CRM's customers key) and the public open / click tracking. */
export async function marketingRoutes(app: FastifyInstance, p: Platform, mail: MailService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const m = marketing(p, mail);
  mail.inboundHooks.push((a, id, raw) => m.onInbound(a, id, raw));

  r.post(
    `${P}/query`,
    {
      schema: {
        tags,
        summary: 'Marketing mails in my data scope (mine only with `mine`)',
        body: marketingQuery,
        response: { 200: envelope(pageResult(marketingRow)) },
      },
      config: access,
    },
    async (req) => ok(await m.list(req.auth!, localeOf(req.headers), req.body)),
  );
  r.post(
    `${P}/detail`,
    {
      schema: {
        tags,
        summary: 'A marketing mail with its copies and links',
        body: mailIdBody,
        response: { 200: envelope(marketingDetail) },
      },
      config: access,
    },
    async (req) => ok(await m.detail(req.auth!, localeOf(req.headers), req.body.id)),
  );
  r.post(
    `${P}/save`,
    {
      schema: {
        tags,
        summary: 'Save a marketing mail draft (recipients: contacts of customers in my data scope)',
        body: marketingSaveBody,
        response: { 200: envelope(mailIdBody) },
      },
      config: access,
    },
    async (req) => ok(await m.save(req.auth!, req.body)),
  );
  r.post(
    `${P}/send`,
    {
      schema: {
        tags,
        summary: 'Send a marketing mail: one tracked copy per recipient, sent by a background job',
        body: mailIdBody,
        response: { 200: envelope(marketingDetail) },
      },
      config: access,
    },
    async (req) => ok(await m.send(req.auth!, localeOf(req.headers), req.body.id)),
  );
  r.post(
    `${P}/resume`,
    {
      schema: {
        tags,
        summary: 'Resume a send whose job failed for good (author or mailbox administrator); no copy goes twice',
        body: mailIdBody,
        response: { 200: envelope(marketingDetail) },
      },
      config: access,
    },
    async (req) => ok(await m.resume(req.auth!, localeOf(req.headers), req.body.id)),
  );
  r.post(
    `${P}/delete`,
    {
      schema: {
        tags,
        summary: 'Delete a marketing mail and its tracking',
        body: mailIdBody,
        response: { 200: envelope(emptyData) },
      },
      config: access,
    },
    async (req) => {
      await m.remove(req.auth!, req.body.id);
      return ok(null);
    },
  );
  r.post(
    `${P}/tracking`,
    {
      schema: {
        tags,
        summary: 'E-mail tracking details of one copy',
        body: mailIdBody,
        response: { 200: envelope(marketingTracking) },
      },
      config: access,
    },
    async (req) => ok(await m.tracking(req.auth!, req.body.id)),
  );

  // the same pixel whatever the token: the answer never tells a valid copy from a made-up one
  r.get(
    `${MARKETING_OPEN_PATH}/:token`,
    {
      schema: { tags, summary: 'Open pixel of a marketing copy (public, signed token)', params: marketingTokenParams },
      config: { access: 'public', audit: false, rateLimit: { max: HITS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      await m.recordOpen(req.params.token);
      return reply
        .header('cache-control', 'no-store, max-age=0')
        .header('referrer-policy', 'no-referrer')
        .type('image/gif')
        .send(PIXEL);
    },
  );
  // redirects only to a link recorded from the copy's own mail, never to a URL from the request
  r.get(
    `${MARKETING_CLICK_PATH}/:token`,
    {
      schema: {
        tags,
        summary: 'Tracked link of a marketing copy (public, signed token)',
        params: marketingTokenParams,
      },
      config: { access: 'public', audit: false, rateLimit: { max: HITS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const url = await m.recordClick(req.params.token);
      reply.header('cache-control', 'no-store, max-age=0').header('referrer-policy', 'no-referrer');
      if (!url) return reply.code(404).type('text/html; charset=utf-8').send(NOT_VALID);
      return reply.redirect(url, 302);
    },
  );
}
