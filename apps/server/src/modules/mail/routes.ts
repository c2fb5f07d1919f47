import { emptyData, envelope, Perm, pageResult } from '@portal/contracts';
import {
  accountQuery,
  accountRef,
  changedCount,
  contactQuery,
  contactSuggestion,
  draftSaveBody,
  draftView,
  junkMoveBody,
  MAIL_API,
  mailboxBindBody,
  mailboxStaffQuery,
  mailboxState,
  mailboxView,
  mailDetail,
  mailIdBody,
  mailIdParams,
  mailListQuery,
  mailMarkBody,
  mailRow,
  mailSendBody,
  mailSent,
  senderItem,
  signatureBody,
  signatureQuery,
  signatureRow,
  sseStatusBody,
  syncResult,
  unreadCounters,
} from '@portal/contracts/mail';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import type { ListBox, MailService } from './service.js';
import { sharedSignatureRows } from './settings.js';

/** Mail screens are personal (`common` in the registry): any signed-in user, on their own mailbox only. */
const own = { access: 'authenticated' as const };
const ownQuiet = { access: 'authenticated' as const, audit: false };
const idsBody = z.object({ ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(500) });

export async function mailRoutes(app: FastifyInstance, p: Platform, mail: MailService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail'];
  const P = MAIL_API;

  // ── mailbox binding ──
  r.get(
    `${P}/email/account/staff/state`,
    {
      schema: {
        tags,
        summary: 'My mailbox binding (the picked one, else the first)',
        querystring: accountQuery,
        response: { 200: envelope(mailboxState) },
      },
      config: ownQuiet,
    },
    async (req) => ok(await mail.state(req.auth!.userId, req.query.accountId)),
  );
  r.post(
    `${P}/email/account/staff/query`,
    {
      schema: {
        tags,
        summary: 'Bound mailboxes of all staff (administrators)',
        body: mailboxStaffQuery,
        response: { 200: envelope(pageResult(mailboxView)) },
      },
      config: { access: { perm: Perm.MAIL_ACCOUNTS }, audit: false },
    },
    async (req) => ok(await mail.staffAccounts(req.body)),
  );
  r.post(
    `${P}/email/account/staff/save`,
    {
      schema: {
        tags,
        summary: 'Bind my mailbox (administrators: anyone’s); the password is write-only',
        body: mailboxBindBody,
        response: { 200: envelope(mailboxView) },
      },
      config: own,
    },
    async (req) => {
      const target = req.body.userId ?? req.auth!.userId;
      if (target !== req.auth!.userId && !req.auth!.perms.has(Perm.MAIL_ACCOUNTS)) throw new AppError('NO_PERMISSION');
      return ok(await mail.bind(target, req.body));
    },
  );
  r.post(
    `${P}/email/account/staff/del`,
    {
      schema: { tags, summary: 'Unbind one of my mailboxes', body: mailIdBody, response: { 200: envelope(emptyData) } },
      config: own,
    },
    async (req) => {
      await mail.unbind(req.auth!.userId, req.body.id);
      return ok(null);
    },
  );
  r.post(
    `${P}/email/sender/list`,
    {
      schema: {
        tags,
        summary: 'My mailboxes (the switcher and the From picker)',
        response: { 200: envelope(z.array(senderItem)) },
      },
      config: ownQuiet,
    },
    async (req) => ok(await mail.senders(req.auth!.userId)),
  );
  r.post(
    `${P}/email/account/updateEmailSseStatus`,
    {
      schema: { tags, summary: 'New-mail push on or off', body: sseStatusBody, response: { 200: envelope(emptyData) } },
      config: own,
    },
    async (req) => {
      await mail.setSseStatus(req.auth!.userId, req.body.sseStatus, req.body.accountId);
      return ok(null);
    },
  );

  // ── folders ──
  const list = (path: string, box: ListBox, summary: string) =>
    r.post(
      `${P}/${path}`,
      {
        schema: { tags, summary, body: mailListQuery, response: { 200: envelope(pageResult(mailRow)) } },
        config: ownQuiet,
      },
      async (req) => ok(await mail.list(req.auth!.userId, box, req.body)),
    );
  r.post(
    `${P}/receive/query`,
    {
      schema: {
        tags,
        summary: 'Inbox; with star 1 the starred view (starred mail of the inbox and sent)',
        body: mailListQuery,
        response: { 200: envelope(pageResult(mailRow)) },
      },
      config: ownQuiet,
    },
    async (req) => ok(await mail.list(req.auth!.userId, req.body.star === 1 ? 'star' : 'inbox', req.body)),
  );
  list('junk/query', 'junk', 'Spam folder');
  list('send/query', 'sent', 'Sent mail');
  list('draft/query', 'drafts', 'Drafts');
  const mark = (path: string, summary: string) =>
    r.post(
      `${P}/${path}`,
      { schema: { tags, summary, body: mailMarkBody, response: { 200: envelope(changedCount) } }, config: own },
      async (req) => ok({ changed: await mail.mark(req.auth!.userId, req.body) }),
    );
  mark('receive/mark', 'Mark inbox mail read, unread, starred or not');
  mark('junk/mark', 'Mark spam read, unread, starred or not');

  r.post(
    `${P}/junk/move`,
    {
      schema: {
        tags,
        summary: 'Move mail to spam (junk: true) or back to the inbox',
        body: junkMoveBody,
        response: { 200: envelope(changedCount) },
      },
      config: own,
    },
    async (req) => ok({ changed: await mail.moveJunk(req.auth!.userId, req.body.ids, req.body.junk) }),
  );
  r.post(
    `${P}/receive/sync`,
    {
      schema: {
        tags,
        summary: 'Fetch new mail from the server now',
        body: accountRef,
        response: { 200: envelope(syncResult) },
      },
      config: own,
    },
    async (req) => {
      const box = await mail.mailboxOf(req.auth!.userId, req.body.accountId);
      return ok({ received: await mail.sync(box) });
    },
  );
  r.post(
    `${P}/message/non/read`,
    {
      schema: {
        tags,
        summary: 'The three unread counters',
        body: accountRef,
        response: { 200: envelope(unreadCounters) },
      },
      config: ownQuiet,
    },
    async (req) => ok(await mail.counters(req.auth!.userId, req.body.accountId)),
  );
  r.post(
    `${P}/email/detail`,
    {
      schema: { tags, summary: 'A mail (marks it read)', body: mailIdBody, response: { 200: envelope(mailDetail) } },
      config: ownQuiet,
    },
    async (req) => ok(await mail.detail(req.auth!.userId, req.body.id)),
  );

  // ── writing ──
  r.post(
    `${P}/email/send`,
    {
      schema: {
        tags,
        summary: 'Send a mail (and drop its draft)',
        body: mailSendBody,
        response: { 200: envelope(mailSent) },
      },
      config: own,
    },
    async (req) => ok(await mail.send(req.auth!.userId, req.body)),
  );
  r.post(
    `${P}/book/contact`,
    {
      schema: {
        tags,
        summary: 'Address suggestions',
        body: contactQuery,
        response: { 200: envelope(z.array(contactSuggestion)) },
      },
      config: ownQuiet,
    },
    async (req) => ok(await mail.contacts(req.auth!.userId, req.body.keyword, req.body.size, req.body.accountId)),
  );
  r.post(
    `${P}/draft/save`,
    {
      schema: {
        tags,
        summary: 'Save a draft (autosave)',
        body: draftSaveBody,
        response: { 200: envelope(mailIdBody) },
      },
      config: ownQuiet,
    },
    async (req) => ok({ id: await mail.saveDraft(req.auth!.userId, req.body) }),
  );
  r.get(
    `${P}/draft/view/:id`,
    {
      schema: { tags, summary: 'A draft to edit again', params: mailIdParams, response: { 200: envelope(draftView) } },
      config: ownQuiet,
    },
    async (req) => ok(await mail.viewDraft(req.auth!.userId, req.params.id)),
  );
  r.post(
    `${P}/draft/del`,
    {
      schema: { tags, summary: 'Delete drafts', body: idsBody, response: { 200: envelope(changedCount) } },
      config: own,
    },
    async (req) => ok({ changed: await mail.deleteDrafts(req.auth!.userId, req.body.ids) }),
  );

  // ── signatures ──
  r.post(
    `${P}/signature/query`,
    {
      schema: {
        tags,
        summary: 'My signatures',
        body: signatureQuery,
        response: { 200: envelope(pageResult(signatureRow)) },
      },
      config: ownQuiet,
    },
    async (req) => ok(await mail.signatures(req.auth!.userId, req.body)),
  );
  r.get(
    `${P}/select/email/signatureIncludeShare`,
    {
      schema: {
        tags,
        summary: "Signatures to pick from when writing: mine, then the administrators' shared ones (shared: true)",
        response: { 200: envelope(z.array(signatureRow)) },
      },
      config: ownQuiet,
    },
    async (req) =>
      ok([
        ...(await mail.signatures(req.auth!.userId, { page: 1, size: 200 })).records,
        ...(await sharedSignatureRows(p.db)),
      ]),
  );
  r.get(
    `${P}/signature/view/:id`,
    {
      schema: { tags, summary: 'A signature', params: mailIdParams, response: { 200: envelope(signatureRow) } },
      config: ownQuiet,
    },
    async (req) => ok(await mail.signature(req.auth!.userId, req.params.id)),
  );
  r.post(
    `${P}/signature/update`,
    {
      schema: {
        tags,
        summary: 'Create or change a signature',
        body: signatureBody,
        response: { 200: envelope(signatureRow) },
      },
      config: own,
    },
    async (req) => ok(await mail.saveSignature(req.auth!.userId, req.body)),
  );
  r.post(
    `${P}/signature/del`,
    {
      schema: { tags, summary: 'Delete a signature', body: mailIdBody, response: { 200: envelope(emptyData) } },
      config: own,
    },
    async (req) => {
      await mail.deleteSignature(req.auth!.userId, req.body.id);
      return ok(null);
    },
  );
}
