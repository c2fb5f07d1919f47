import { emptyData, envelope } from '@portal/contracts';
import {
  bookBody,
  bookRow,
  changedCount,
  idQuery,
  MAIL_API,
  mailIdBody,
  mailIdParams,
  senderRuleBody,
  senderRuleRow,
  templateBody,
  templateRow,
} from '@portal/contracts/mail';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { mountResource } from '../../platform/resource/index.js';
import { addressBook } from './book.js';
import { mailBookList, mailSenderRuleList, mailTemplateList } from './lists.js';
import type { MailService } from './service.js';
import { mailTemplateStore } from './templates.js';

const own = { access: 'authenticated' as const };
const ownQuiet = { access: 'authenticated' as const, audit: false };
const idsBody = z.object({ ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(500) });

/** Address book, templates, white / blacklists: each user's own, on any signed-in account (lists on the kernel). */
export async function mailBookRoutes(app: FastifyInstance, p: Platform, mail: MailService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail'];
  const P = MAIL_API;
  const book = addressBook(p);
  const temps = mailTemplateStore(p);
  // the three lists (spec paths queryPage, temp/query, whiteBlack/query) and their exports
  for (const list of [mailBookList, mailTemplateList, mailSenderRuleList]) await mountResource(app, p, list);

  // ── address book ──
  r.get(
    `${P}/email/book/queryBookAll`,
    {
      schema: { tags, summary: 'My whole address book (pickers)', response: { 200: envelope(z.array(bookRow)) } },
      config: ownQuiet,
    },
    async (req) => ok(await book.all(req.auth!.userId)),
  );
  r.get(
    `${P}/email/book/getEmailBook`,
    {
      schema: { tags, summary: 'One address book entry', querystring: idQuery, response: { 200: envelope(bookRow) } },
      config: ownQuiet,
    },
    async (req) => ok(await book.one(req.auth!.userId, req.query.id)),
  );
  r.post(
    `${P}/email/book/save`,
    {
      schema: {
        tags,
        summary: 'Add or change an address book entry',
        body: bookBody,
        response: { 200: envelope(bookRow) },
      },
      config: own,
    },
    async (req) => ok(await book.save(req.auth!.userId, req.body)),
  );
  r.post(
    `${P}/email/book/del`,
    {
      schema: {
        tags,
        summary: 'Delete address book entries',
        body: idsBody,
        response: { 200: envelope(changedCount) },
      },
      config: own,
    },
    async (req) => ok({ changed: await book.remove(req.auth!.userId, req.body.ids) }),
  );

  // ── templates ──
  r.get(
    `${P}/select/email/tempIncludeShare`,
    {
      schema: {
        tags,
        summary: 'Templates to pick from when writing',
        response: { 200: envelope(z.array(templateRow)) },
      },
      config: ownQuiet,
    },
    async (req) => ok(await temps.includeShared(req.auth!.userId)),
  );
  r.get(
    `${P}/temp/view/:id`,
    {
      schema: { tags, summary: 'A template', params: mailIdParams, response: { 200: envelope(templateRow) } },
      config: ownQuiet,
    },
    async (req) => ok(await temps.one(req.auth!.userId, req.params.id)),
  );
  r.post(
    `${P}/temp/save`,
    {
      schema: {
        tags,
        summary: 'Create or change my template',
        body: templateBody,
        response: { 200: envelope(templateRow) },
      },
      config: own,
    },
    async (req) => ok(await temps.save(req.auth!.userId, req.body)),
  );
  r.post(
    `${P}/temp/del`,
    {
      schema: { tags, summary: 'Delete my template', body: mailIdBody, response: { 200: envelope(emptyData) } },
      config: own,
    },
    async (req) => {
      await temps.remove(req.auth!.userId, req.body.id);
      return ok(null);
    },
  );

  // ── white and blacklist ──
  r.get(
    `${P}/whiteBlack/view/:id`,
    {
      schema: { tags, summary: 'One list entry', params: mailIdParams, response: { 200: envelope(senderRuleRow) } },
      config: ownQuiet,
    },
    async (req) => ok(await mail.rules.one(req.auth!.userId, req.params.id)),
  );
  r.post(
    `${P}/whiteBlack/update`,
    {
      schema: {
        tags,
        summary: 'Put an address or @domain on my white or blacklist',
        body: senderRuleBody,
        response: { 200: envelope(senderRuleRow) },
      },
      config: own,
    },
    async (req) => ok(await mail.rules.save(req.auth!.userId, req.body)),
  );
  r.post(
    `${P}/whiteBlack/del`,
    {
      schema: { tags, summary: 'Remove list entries', body: idsBody, response: { 200: envelope(changedCount) } },
      config: own,
    },
    async (req) => ok({ changed: await mail.rules.remove(req.auth!.userId, req.body.ids) }),
  );
}
