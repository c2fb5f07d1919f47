import { emptyData, envelope, pageResult } from '@portal/contracts';
import {
  billFlagOption,
  checkCcResult,
  checkOwnerBody,
  dealingsGroup,
  dealingsGroupQuery,
  dealingsQuery,
  MAIL_API,
  mailIdBody,
  mailLogQuery,
  mailLogRow,
  mailRow,
  ownerWarning,
  pushBillBody,
  pushBillResult,
  timedDraftBody,
  timedTimeBody,
} from '@portal/contracts/mail';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../platform/files/names.js';
import { filesOf } from '../../platform/files/service.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import { dealings } from './dealings.js';
import { emlFileName, emlOf } from './eml.js';
import type { MailService } from './service.js';
import { timedSends } from './timed.js';

const own = { access: 'authenticated' as const };
const ownQuiet = { access: 'authenticated' as const, audit: false };
const emlParams = z.object({
  accountId: z.coerce.number().int().positive().max(2_147_483_647),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Timed drafts, mail logs, `.eml` download, dealings with customers and suppliers, bill mail to finance. */
export async function mailRecordRoutes(app: FastifyInstance, p: Platform, mail: MailService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail'];
  const P = MAIL_API;
  const timed = timedSends(p, mail);
  const deal = dealings(p, mail);
  const files = await filesOf(p);

  // ── timed sends ──
  r.post(
    `${P}/draft/timing/save`,
    {
      schema: {
        tags,
        summary: 'Save a draft to be sent at a time',
        body: timedDraftBody,
        response: { 200: envelope(mailIdBody) },
      },
      config: own,
    },
    async (req) => ok({ id: await timed.save(req.auth!.userId, req.body) }),
  );
  r.post(
    `${P}/draft/update/timing/time`,
    {
      schema: {
        tags,
        summary: 'Change the send time of a timed draft, or cancel it (null)',
        body: timedTimeBody,
        response: { 200: envelope(emptyData) },
      },
      config: own,
    },
    async (req) => {
      await timed.retime(req.auth!.userId, req.body.id, req.body.sendAt);
      return ok(null);
    },
  );

  // ── logs and .eml ──
  r.post(
    `${P}/emailLog/query`,
    {
      schema: {
        tags,
        summary: 'Mail log: sent, received, failed (mine; administrators: anyone’s)',
        body: mailLogQuery,
        response: { 200: envelope(pageResult(mailLogRow)) },
      },
      config: ownQuiet,
    },
    async (req) => ok(await mail.log.page(req.auth!, req.body)),
  );
  r.get(
    `${P}/file/eml/download/:accountId/:id`,
    {
      schema: { tags, summary: 'Download a mail as .eml', params: emlParams },
      config: ownQuiet,
    },
    async (req, reply) => {
      const {
        mb,
        rows: [m],
      } = await mail.ownedMail(req.auth!.userId, [req.params.id]);
      if (mb.id !== req.params.accountId) throw new AppError('NOT_FOUND');
      const raw = await emlOf(m!, files);
      return reply
        .header('content-type', 'message/rfc822')
        .header('content-disposition', contentDisposition(emlFileName(m!)))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(raw);
    },
  );

  // ── dealings ──
  r.post(
    `${P}/dealings/query`,
    {
      schema: {
        tags,
        summary: 'My mails with customers and suppliers',
        body: dealingsQuery,
        response: { 200: envelope(pageResult(mailRow)) },
      },
      config: ownQuiet,
    },
    async (req) => ok(await deal.mails(req.auth!.userId, req.body)),
  );
  for (const kind of ['customer', 'supplier'] as const)
    r.post(
      `${P}/dealings/${kind}/query`,
      {
        schema: {
          tags,
          summary: `My ${kind}s I exchanged mail with, latest first`,
          body: dealingsGroupQuery,
          response: { 200: envelope(pageResult(dealingsGroup)) },
        },
        config: ownQuiet,
      },
      async (req) => ok(await deal.groups(req.auth!.userId, kind, req.body)),
    );
  r.post(
    `${P}/check/owner`,
    {
      schema: {
        tags,
        summary: 'Recipients who belong to a customer owned by someone else',
        body: checkOwnerBody,
        response: { 200: envelope(z.array(ownerWarning)) },
      },
      config: ownQuiet,
    },
    async (req) => ok(await deal.checkOwner(req.auth!.userId, req.body.emails)),
  );
  r.post(
    `${P}/check/cc/email`,
    {
      schema: {
        tags,
        summary: 'Which addresses break the recipient rule',
        body: checkOwnerBody,
        response: { 200: envelope(checkCcResult) },
      },
      config: ownQuiet,
    },
    async (req) => ok({ invalid: deal.checkCc(req.body.emails) }),
  );

  // ── bill mail to finance ──
  r.post(
    `${P}/select/selectBillFlagEnumList`,
    {
      schema: { tags, summary: 'Kinds of bill mail', response: { 200: envelope(z.array(billFlagOption)) } },
      config: ownQuiet,
    },
    async (req) => ok(deal.billFlags(localeOf(req.headers) === 'en' ? 'en' : 'zh')),
  );
  r.post(
    `${P}/email/receive/pushToFcBillEmail`,
    {
      schema: {
        tags,
        summary: 'Hand a received bill mail to finance (once)',
        body: pushBillBody,
        response: { 200: envelope(pushBillResult) },
      },
      config: own,
    },
    async (req) => ok(await deal.pushBill(req.auth!.userId, req.body)),
  );
}
