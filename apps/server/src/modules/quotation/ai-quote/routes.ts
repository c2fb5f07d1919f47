import multipart from '@fastify/multipart';
import { envelope } from '@portal/contracts';
import { previewRow, priceListCommitResult, QmPerm } from '@portal/contracts/quotation';
import { AI_QUOTE_FILE_TYPES, aiQuoteMail, aiQuoteRead, aiQuoteReadQuery } from '@portal/contracts/quotation/ai-quote';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filePart } from '../../../platform/files/part.js';
import { ok } from '../../../platform/http/envelope.js';
import { AppError } from '../../../platform/http/errors.js';
import { localeOf } from '../../../platform/http/locale.js';
import type { Platform } from '../../../platform/platform.js';
import { portOf } from '../../../platform/ports.js';
import { need } from '../perms.js';
import { checkBook, checkCategory } from '../prices.js';
import { discardVendorQuote, readVendorQuote, saveVendorQuote } from './run.js';

const tags = ['quotation'];
const MAX_BYTES = 8 * 1024 * 1024;
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** `supplier-quote/ai-vendor-quote` (decision 0112): read a carrier's list into a draft, save or discard it. */
export async function aiQuoteRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  await app.register(async (scope) => {
    if (!scope.hasRequestDecorator('file')) await scope.register(multipart, { throwFileSizeLimit: true });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/v2/qm/ai-quote/read',
      {
        schema: {
          tags,
          summary:
            'Read a supplier price list (XLSX / CSV in the carrier’s shape) into a draft supplier quote: the guessed column mapping (rules, or the configured AI model) and the import’s preview; logged as a run',
          consumes: ['multipart/form-data'],
          querystring: aiQuoteReadQuery,
          response: { 200: envelope(aiQuoteRead) },
        },
        config: { access: 'authenticated', audit: false },
      },
      async (req) => {
        const q = req.query;
        need(req.auth!, QmPerm.AI_VENDOR);
        checkCategory(q.product, q.category);
        await checkBook(p.db, 'channel', q.channelId, q.product);
        const part = await filePart(req, MAX_BYTES);
        const buffer = await part.toBuffer();
        if (buffer.length > MAX_BYTES) throw new AppError('FILE_TOO_LARGE', { vars: { limit: '8 MB' } });
        const source = { kind: 'file' as const, name: part.filename || 'upload' };
        return ok(await readVendorQuote(p, req.auth!, { ...q, source, buffer }, localeOf(req.headers)));
      },
    );
  });

  r.get(
    '/v2/qm/ai-quote/mails',
    {
      schema: {
        tags,
        summary:
          'The caller’s newest mails (through the mail room’s port) holding an XLSX / CSV attachment: what `read-mail` can read',
        response: { 200: envelope(z.array(aiQuoteMail)) },
      },
      config: { access: { perm: QmPerm.AI_VENDOR } },
    },
    async (req) => {
      const mails =
        (await portOf(p.db, 'mail')?.attachmentMails?.(req.auth!.userId, [...AI_QUOTE_FILE_TYPES], 50)) ?? [];
      return ok(mails.map((m) => ({ ...m, at: m.at.toISOString() })));
    },
  );

  r.post(
    '/v2/qm/ai-quote/read-mail',
    {
      schema: {
        tags,
        summary:
          'Read the price list attached to one of the caller’s mails (through the mail room’s port) into a draft supplier quote, as `read` does for a file',
        body: aiQuoteReadQuery.extend({ mailId: z.number().int().positive() }),
        response: { 200: envelope(aiQuoteRead) },
      },
      config: { access: 'authenticated', audit: false },
    },
    async (req) => {
      const { mailId, ...q } = req.body;
      need(req.auth!, QmPerm.AI_VENDOR);
      checkCategory(q.product, q.category);
      await checkBook(p.db, 'channel', q.channelId, q.product);
      const mail = await portOf(p.db, 'mail')?.attachment?.(req.auth!.userId, mailId, [...AI_QUOTE_FILE_TYPES]);
      if (!mail) throw new AppError('QM_AI_QUOTE_MAIL_NOT_FOUND', { vars: { value: `#${mailId}` } });
      const source = { kind: 'mail' as const, name: mail.subject || mail.fileName, mailId };
      return ok(await readVendorQuote(p, req.auth!, { ...q, source, buffer: mail.content }, localeOf(req.headers)));
    },
  );

  r.post(
    '/v2/qm/ai-quote/:id/save',
    {
      schema: {
        tags,
        summary:
          'Save a draft AI vendor quote through the price-list import’s guarded commit (raises wait for approval, decision 0103) and log the outcome',
        params: idParams,
        body: z.object({ rows: z.array(previewRow).min(1).max(60_000), closeRemoved: z.boolean().default(false) }),
        response: { 200: envelope(priceListCommitResult.extend({ runId: z.number() })) },
      },
      config: { access: 'authenticated', checkRepeat: true },
      bodyLimit: 32 * 1024 * 1024,
    },
    async (req) => {
      need(req.auth!, QmPerm.AI_VENDOR);
      return ok(await saveVendorQuote(p, req.auth!, req.params.id, req.body));
    },
  );

  r.post(
    '/v2/qm/ai-quote/:id/discard',
    {
      schema: {
        tags,
        summary: 'Discard a draft AI vendor quote (logged)',
        params: idParams,
        response: { 200: envelope(z.object({ runId: z.number() })) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => {
      need(req.auth!, QmPerm.AI_VENDOR);
      return ok(await discardVendorQuote(p, req.auth!, req.params.id));
    },
  );
}
