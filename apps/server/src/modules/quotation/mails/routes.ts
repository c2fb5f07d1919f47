import multipart from '@fastify/multipart';
import { envelope } from '@portal/contracts';
import {
  emailTemplate,
  QmPerm,
  QUOTE_LOCALES,
  QUOTE_TEMPLATE_VARS,
  quoteCompose,
  quoteSend,
  uploadedQuote,
} from '@portal/contracts/quotation';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filePart } from '../../../platform/files/part.js';
import { filesOf } from '../../../platform/files/service.js';
import { ok } from '../../../platform/http/envelope.js';
import { AppError } from '../../../platform/http/errors.js';
import { localeOf } from '../../../platform/http/locale.js';
import type { Platform } from '../../../platform/platform.js';
import { portOf } from '../../../platform/ports.js';
import { channelRefs, supplierContactEmails, supplierRefs } from '../../srm/index.js';
import { bookPerm, need, sendPerm } from '../perms.js';
import { qmEmailTemplates, qmQuoteEmails } from '../schema.js';
import { accountInScope, accountsInScope, userInScope } from '../scope.js';
import { openQuoteToken, QUOTE_LINK_DAYS, quoteLinkUrl, quoteToken } from './link.js';
import { composeQuote, sendQuote } from './service.js';
import { checkTemplate, templateOf } from './template.js';
import { readUploadedQuote } from './upload.js';

const tags = ['quotation'];
const any = z.any();
const idParam = z.object({ id: z.coerce.number().int().positive() });
const MAX_LIST_BYTES = 8 * 1024 * 1024;
/** a quote from an uploaded list carries its rows in the body (up to 5,000: ~1 MB of JSON) */
const QUOTE_BODY_LIMIT = 4 * 1024 * 1024;

/** `quote-email-template`, the send pages' preview and send, the sent quotes, and the public signed link. */
export async function quoteMailRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/qm/quote-email-template',
    {
      schema: {
        tags,
        summary: 'quote-email-template: the template of a language (the built-in one until saved) and its variables',
        querystring: z.object({ locale: z.enum(QUOTE_LOCALES) }),
        response: { 200: envelope(any) },
      },
      config: { access: { perm: QmPerm.QUOTE_EMAIL_TEMPLATE } },
    },
    async (req) =>
      ok({ locale: req.query.locale, ...(await templateOf(p.db, req.query.locale)), vars: QUOTE_TEMPLATE_VARS }),
  );

  r.post(
    '/v2/qm/quote-email-template',
    {
      schema: {
        tags,
        summary: 'quote-email-template: save the subject and body of a language',
        body: emailTemplate,
        response: { 200: envelope(any) },
      },
      config: { access: { perm: QmPerm.QUOTE_EMAIL_TEMPLATE }, checkRepeat: true },
    },
    async (req) => {
      const b = req.body;
      checkTemplate(b);
      const values = { ...b, updatedBy: req.auth!.userId, updatedAt: p.clock.now() };
      await p.db
        .insert(qmEmailTemplates)
        .values(values)
        .onConflictDoUpdate({ target: qmEmailTemplates.locale, set: values });
      return ok({ ...b, saved: true });
    },
  );

  await app.register(async (scope) => {
    if (!scope.hasRequestDecorator('file')) await scope.register(multipart, { throwFileSizeLimit: true });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/v2/qm/quote-upload/read',
      {
        schema: {
          tags,
          summary:
            'send/upload-file: read an uploaded price list (XLSX or CSV; SMS by MCC/MNC or voice A-Z, the import’s columns) into the rows of a quote, the bad rows with their reasons',
          consumes: ['multipart/form-data'],
          querystring: z.object({ product: z.enum(['sms', 'voice']) }),
          response: { 200: envelope(uploadedQuote) },
        },
        config: { access: 'authenticated', audit: false },
      },
      async (req) => {
        // the customer-quote screen of the product: what sending the quote to an account needs
        need(req.auth!, bookPerm('account', req.query.product));
        const buffer = await (await filePart(req, MAX_LIST_BYTES)).toBuffer();
        if (buffer.length > MAX_LIST_BYTES) throw new AppError('FILE_TOO_LARGE', { vars: { limit: '8 MB' } });
        return ok(await readUploadedQuote(p, req.query.product, buffer, localeOf(req.headers)));
      },
    );
  });

  r.post(
    '/v2/qm/quote-email/preview',
    {
      schema: {
        tags,
        summary: 'A send page’s quote as it will be sent: the rows of the book, subject and body from the template',
        body: quoteCompose.extend({ to: quoteSend.shape.to.optional() }),
        response: { 200: envelope(any) },
      },
      config: { access: 'authenticated' },
      bodyLimit: QUOTE_BODY_LIMIT,
    },
    async (req) => {
      need(req.auth!, ...sendPerm(req.body));
      const now = p.clock.now();
      const link = {
        url: quoteLinkUrl(p.config.publicUrl, '…'),
        expiresAt: new Date(now.getTime() + QUOTE_LINK_DAYS * 86_400_000),
      };
      const c = await composeQuote(p, req.auth!, req.body, link);
      return ok({ ...c, effectiveFrom: c.effectiveFrom.toISOString() });
    },
  );

  r.post(
    '/v2/qm/quote-email/send',
    {
      schema: {
        tags,
        summary: 'Send a quote: rendered, the XLSX price list attached, through the sender’s mailbox; kept as sent',
        body: quoteSend,
        response: { 200: envelope(z.object({ id: z.number(), mailId: z.number(), link: z.string() })) },
      },
      config: { access: 'authenticated', checkRepeat: true },
      bodyLimit: QUOTE_BODY_LIMIT,
    },
    async (req) => {
      need(req.auth!, ...sendPerm(req.body));
      return ok(await sendQuote(p, req.auth!, req.body));
    },
  );

  r.get(
    '/v2/qm/account/options',
    {
      schema: {
        tags,
        summary:
          'The account picker of the quotation screens: active accounts in the caller’s data scope, by code; empty without a quotation screen',
        querystring: z.object({
          keyword: z.string().trim().max(40).optional(),
          /** the picked account, listed first so the picker can name it */
          id: z.coerce.number().int().positive().optional(),
          /** the picked accounts of a picker of many (a group's members), comma-separated */
          ids: z
            .string()
            .regex(/^\d{1,9}(,\d{1,9}){0,199}$/)
            .optional(),
        }),
        response: { 200: envelope(any) },
      },
      config: { access: 'authenticated', audit: false },
    },
    async (req) => {
      // a picker: a caller without any quotation screen has nothing to pick, not an error
      const picks = [QmPerm.CUSTOMER_SMS, QmPerm.CUSTOMER_VOICE, QmPerm.QUOTE_EMAIL, QmPerm.GROUPS, QmPerm.AZ_GROUPS];
      if (!picks.some((k) => req.auth!.perms.has(k))) return ok([]);
      const all = (await portOf(p.db, 'accounts')?.active()) ?? [];
      const k = req.query.keyword?.toUpperCase();
      const picked = new Set([
        ...(req.query.id ? [req.query.id] : []),
        ...(req.query.ids?.split(',').map(Number) ?? []),
      ]);
      const hits = all
        .filter((a) => picked.has(a.id) || !k || a.code.toUpperCase().includes(k))
        .sort((a, b) => Number(picked.has(b.id)) - Number(picked.has(a.id)));
      const mine = await accountsInScope(
        p.db,
        req.auth!,
        hits.map((a) => a.id),
      );
      return ok(
        hits
          .filter((a) => mine.has(a.id))
          .slice(0, 50 + picked.size)
          .map((a) => ({ id: a.id, code: a.code, currency: a.currency, products: a.products })),
      );
    },
  );

  r.get(
    '/v2/qm/channel/options',
    {
      schema: {
        tags,
        summary:
          'The channel picker of the supplier send pages: channels of a product (not closed) with their supplier and its contacts’ addresses; empty without a supplier-quote screen',
        querystring: z.object({ product: z.enum(['sms', 'voice']) }),
        response: { 200: envelope(any) },
      },
      config: { access: 'authenticated', audit: false },
    },
    async (req) => {
      const perms = req.query.product === 'voice' ? [QmPerm.SUPPLIER_VOICE, QmPerm.AI_VENDOR] : [QmPerm.SUPPLIER_SMS];
      if (!perms.some((k) => req.auth!.perms.has(k))) return ok([]);
      const channels = (await channelRefs(p.db)).filter((c) => c.product === req.query.product && c.state !== 'closed');
      const ids = [...new Set(channels.map((c) => c.supplierId))];
      const [suppliers, contacts] = await Promise.all([supplierRefs(p.db, ids), supplierContactEmails(p.db, ids)]);
      return ok(
        channels.map((c) => ({
          id: c.id,
          code: c.code,
          name: c.name,
          state: c.state,
          supplier: suppliers.get(c.supplierId)?.name ?? '',
          contacts: contacts.get(c.supplierId) ?? [],
        })),
      );
    },
  );

  r.get(
    '/v2/qm/quote-email/:id',
    {
      schema: {
        tags,
        summary: 'quote-email detail: the sent quote, its rows, the attached price list and the public link',
        params: idParam,
        response: { 200: envelope(any) },
      },
      config: { access: { perm: QmPerm.QUOTE_EMAIL } },
    },
    async (req) => {
      const [row] = await p.db.select().from(qmQuoteEmails).where(eq(qmQuoteEmails.id, req.params.id));
      if (!row) throw new AppError('QM_QUOTE_EMAIL_NOT_FOUND');
      // the list's rule (decision 0063): an account's quote by its customer's owner, a group's by its sender
      if (row.bookKind === 'account') await accountInScope(p.db, req.auth!, row.bookId);
      else if (!(await userInScope(p.db, req.auth!, row.sentBy))) throw new AppError('QM_QUOTE_EMAIL_NOT_FOUND');
      const [file] = row.fileId ? await (await filesOf(p)).infos([row.fileId]) : [];
      const link = quoteLinkUrl(p.config.publicUrl, await quoteToken(p.db, row.id, row.linkExpiresAt));
      return ok({ ...row, file: file ?? null, link });
    },
  );

  r.get(
    '/v2/qm/public/quote',
    {
      schema: {
        tags,
        summary: 'The public signed link: a sent quote, read-only, without signing in (token from the mail)',
        querystring: z.object({ token: z.string().max(200) }),
        response: { 200: envelope(any) },
      },
      config: { access: 'public', audit: false, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (req) => {
      const id = await openQuoteToken(p.db, req.query.token, p.clock.now());
      const [row] = await p.db.select().from(qmQuoteEmails).where(eq(qmQuoteEmails.id, id));
      if (!row) throw new AppError('QM_QUOTE_LINK_INVALID');
      // what the customer was sent, nothing about who sent it or to which other addresses
      return ok({
        bookKind: row.bookKind,
        bookName: row.bookName,
        product: row.product,
        locale: row.locale,
        subject: row.subject,
        rows: row.rows,
        effectiveFrom: row.effectiveFrom.toISOString(),
        sentAt: row.sentAt.toISOString(),
        linkExpiresAt: row.linkExpiresAt.toISOString(),
      });
    },
  );
}
