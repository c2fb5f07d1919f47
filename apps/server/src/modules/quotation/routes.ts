import multipart from '@fastify/multipart';
import { envelope } from '@portal/contracts';
import {
  bookQuery,
  type PriceSave,
  priceListCommit,
  priceListCommitResult,
  priceListPreview,
  priceSave,
  priceSaveResult,
  QmPerm,
  QUOTE_CATEGORIES,
  quoteSettings,
  rateQuery,
  specialApply,
} from '@portal/contracts/quotation';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/context.js';
import { filePart } from '../../platform/files/part.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import type { Destination } from '../../platform/ports.js';
import { runCommand } from '../approval/index.js';
import { channelRefs } from '../srm/index.js';
import { reference } from '../system/reference/index.js';
import { agentAccounts, checkAgentAccount } from './agents.js';
import { rating } from './books.js';
import { commitPriceList, previewPriceList } from './import.js';
import { bookPerm, need } from './perms.js';
import {
  bookNames,
  checkBook,
  checkCategory,
  checkLimit,
  effectiveTime,
  insertPriceRow,
  noticeDays,
  rowFromInput,
} from './prices.js';
import { money, Q } from './rating.js';
import { qmPrices, qmSettings, qmSpecialPrices } from './schema.js';
import { accountInScope, accountsInScope, userInScope } from './scope.js';
import { startSpecial } from './special.js';
import { costContext, judgeCost, startSupplierQuote } from './supplier-quote.js';
import { importContext, judgeLines, startImportQuote } from './supplier-quote-import.js';

const tags = ['quotation'];
const MAX_LIST_BYTES = 8 * 1024 * 1024;
const any = z.any();

/**
 * Saves one price: a customer price below its limit becomes a special-price request instead, a
 * channel cost that raises a live channel's cost or exceeds a routed customer's price a
 * supplier-quote request; an increase waits the notice days; the row closes its predecessor at its
 * own effective time.
 */
/**
 * Saves a price: below its limit it starts a special-price request instead. `apply` (the special
 * apply page): only a price below the limit is accepted, as a request (decision 0102).
 */
export async function savePrice(p: Platform, auth: AuthContext, body: PriceSave, apply = false) {
  // a partner price (agents-quote, 0113): that screen's key, and only an agent's account
  need(auth, body.agent ? QmPerm.AGENTS : bookPerm(body.bookKind, body.product));
  if (body.agent) await checkAgentAccount(p.db, body.bookKind, body.bookId);
  if (body.bookKind === 'account') await accountInScope(p.db, auth, body.bookId);
  const r = await rowFromInput(p, body, auth.userId);
  const now = p.clock.now();
  const asked = body.effectiveFrom ? new Date(body.effectiveFrom) : now;
  if (asked.getTime() < now.getTime() - 60_000) throw new AppError('QM_EFFECTIVE_PAST');
  await checkBook(p.db, r.bookKind, r.bookId, r.product);
  // a channel cost takes effect when asked (no notice days): its routed accounts are known now
  const cost = r.bookKind === 'channel' ? await costContext(p.db, r, asked) : null;
  const result = await runCommand(p, async (tx, out) => {
    const from = await effectiveTime(tx, r, asked, now);
    if (cost) {
      const verdict = await judgeCost(p, tx, r, from, cost);
      if (verdict.raise || verdict.overPrice) {
        const s = await startSupplierQuote(p, tx, out, auth, r, from, cost, verdict);
        return { outcome: 'supplier' as const, id: s.id, approvalId: s.approvalId, effectiveFrom: from.toISOString() };
      }
    } else {
      const verdict = await checkLimit(p, tx, r, from);
      if (verdict.below) {
        const s = await startSpecial(tx, out, auth, r, from, verdict.text, body.reason);
        return { outcome: 'special' as const, id: s.id, approvalId: s.approvalId, effectiveFrom: from.toISOString() };
      }
      if (apply) throw new AppError('QM_SPECIAL_NOT_BELOW');
    }
    const id = await insertPriceRow(tx, r, from);
    return { outcome: 'saved' as const, id, effectiveFrom: from.toISOString() };
  });
  if (result.outcome === 'saved') rating(p.db).changed(r.bookKind, r.bookId);
  return result;
}

/**
 * A supplier price list saved through the supplier-quote guard (decision 0103): the accounts routed
 * to each changed destination are read first (ports), then under the book's lock each row is judged
 * at its effective time; the rows that need approval go into ONE request (its lines), the rest are
 * written at once — all in one transaction.
 */
export async function commitGuarded(p: Platform, auth: AuthContext, b: z.infer<typeof priceListCommit>) {
  const ctx = await importContext(p, b.channelId, b.product, b.rows, auth.userId, b.category);
  const res = await runCommand(p, async (tx, out) => {
    const judged = await judgeLines(p, tx, ctx.channel, b.product, ctx.lines, b.category);
    const held = judged.filter((l) => l.raise || l.overPrice);
    const written = await commitPriceList(tx, auth, b, out.now, new Set(held.map((l) => l.cost.dest)));
    const request = held.length ? await startImportQuote(p, tx, out, auth, ctx.channel, held) : null;
    return { ...written, held: held.length, requestId: request?.id ?? null, approvalId: request?.approvalId ?? null };
  });
  if (res.saved || res.closed) rating(p.db).changed('channel', b.channelId);
  return res;
}

/** A destination from a rate query. */
const destOf = (q: z.infer<typeof rateQuery>): Destination => ({
  network: q.network,
  country: q.country,
  number: q.number,
  category: q.category,
});

export async function quotationRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  await app.register(async (scope) => {
    if (!scope.hasRequestDecorator('file')) await scope.register(multipart, { throwFileSizeLimit: true });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/v2/qm/import/preview',
      {
        schema: {
          tags,
          summary:
            'Read a supplier price list (XLSX or CSV; SMS by MCC/MNC or voice A-Z) against the channel’s book: new, increased, decreased, removed and invalid rows',
          consumes: ['multipart/form-data'],
          querystring: z.object({
            channelId: z.coerce.number().int().positive(),
            product: z.enum(['sms', 'voice']),
            /** the category of the whole list (OTP, AI voice): compared with the book's rows of it */
            category: z.enum(QUOTE_CATEGORIES).optional(),
          }),
          response: { 200: envelope(priceListPreview) },
        },
        config: { access: 'authenticated', audit: false },
      },
      async (req) => {
        const { channelId, product, category } = req.query;
        need(req.auth!, bookPerm('channel', product));
        checkCategory(product, category);
        await checkBook(p.db, 'channel', channelId, product);
        const buffer = await (await filePart(req, MAX_LIST_BYTES)).toBuffer();
        if (buffer.length > MAX_LIST_BYTES) throw new AppError('FILE_TOO_LARGE', { vars: { limit: '8 MB' } });
        return ok(
          await previewPriceList(p.db, channelId, product, buffer, localeOf(req.headers), p.clock.now(), category),
        );
      },
    );
  });

  r.post(
    '/v2/qm/import/commit',
    {
      schema: {
        tags,
        summary:
          'Save a previewed supplier price list, all or none: rows that raise a live channel’s cost or exceed a routed account’s price go into ONE supplier-quote request, the rest are saved',
        body: priceListCommit,
        response: { 200: envelope(priceListCommitResult) },
      },
      config: { access: 'authenticated', checkRepeat: true },
      // a 50,000-row carrier deck is ~10 MB of JSON
      bodyLimit: 32 * 1024 * 1024,
    },
    async (req) => {
      const b = req.body;
      need(req.auth!, bookPerm('channel', b.product));
      checkCategory(b.product, b.category);
      await checkBook(p.db, 'channel', b.channelId, b.product);
      return ok(await commitGuarded(p, req.auth!, b));
    },
  );

  r.post(
    '/v2/qm/price/save',
    {
      schema: {
        tags,
        summary: 'Save one customer price or supplier cost (margin guard, notice days)',
        body: priceSave,
        response: { 200: envelope(priceSaveResult) },
      },
      config: { access: 'authenticated', checkRepeat: true },
    },
    async (req) => ok(await savePrice(p, req.auth!, req.body)),
  );

  r.post(
    '/v2/qm/special/apply',
    {
      schema: {
        tags,
        summary:
          'The special-price apply page: a customer price below its limit, with the reason, starts a special-price request (the price save’s own path); answers the request',
        body: specialApply,
        response: { 200: envelope(priceSaveResult) },
      },
      config: { access: 'authenticated', checkRepeat: true },
    },
    async (req) => ok(await savePrice(p, req.auth!, req.body, true)),
  );

  r.post(
    '/v2/qm/price/page',
    {
      schema: {
        tags,
        summary: 'Rows of a price book: in force at a time, or the whole history',
        body: bookQuery,
        response: { 200: envelope(any) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => {
      const q = req.body;
      need(req.auth!, q.agent ? QmPerm.AGENTS : bookPerm(q.bookKind, q.product));
      if (q.category !== 'standard') checkCategory(q.product, q.category);
      if (q.agent && q.bookId) await checkAgentAccount(p.db, q.bookKind, q.bookId);
      if (q.agent && q.bookKind !== 'account')
        throw new AppError('QM_ACCOUNT_NOT_AGENT', { vars: { value: q.bookKind } });
      const at = q.at ? new Date(q.at) : undefined;
      // customer accounts' books: only those of the caller's customers (their data scope); on the
      // agents-quote screen only agents' accounts (0113)
      let scoped: number[] | undefined;
      if (q.bookKind === 'account' && (q.agent || req.auth!.scope.kind !== 'all')) {
        let ids = q.bookId
          ? [q.bookId]
          : (
              await p.db
                .selectDistinct({ id: qmPrices.bookId })
                .from(qmPrices)
                .where(and(eq(qmPrices.bookKind, 'account'), eq(qmPrices.product, q.product)))
            ).map((x) => x.id);
        if (q.agent) ids = [...(await agentAccounts(p.db, ids))];
        scoped = [...(await accountsInScope(p.db, req.auth!, ids))];
      }
      const where = and(
        eq(qmPrices.bookKind, q.bookKind),
        q.bookId ? eq(qmPrices.bookId, q.bookId) : undefined,
        scoped ? inArray(qmPrices.bookId, scoped.length ? scoped : [0]) : undefined,
        eq(qmPrices.product, q.product),
        q.category ? eq(qmPrices.category, q.category === 'standard' ? '' : q.category) : undefined,
        q.dest ? sql`${qmPrices.dest} like ${`${q.dest.replace(/[%_\\]/g, '')}%`}` : undefined,
        at
          ? and(lte(qmPrices.effectiveFrom, at), or(isNull(qmPrices.effectiveUntil), gt(qmPrices.effectiveUntil, at)))
          : undefined,
      );
      const [total] = await p.db.select({ n: count() }).from(qmPrices).where(where);
      const records = await p.db
        .select()
        .from(qmPrices)
        .where(where)
        .orderBy(asc(qmPrices.bookId), asc(qmPrices.dest), desc(qmPrices.effectiveFrom))
        .limit(q.size)
        .offset((q.current - 1) * q.size);
      const names = await bookNames(
        p,
        req.auth!,
        q.bookKind,
        [...new Set(records.map((r) => r.bookId))],
        localeOf(req.headers),
      );
      return ok({
        total: total!.n,
        current: q.current,
        size: q.size,
        records: records.map((r) => ({ ...r, bookName: names.get(r.bookId) ?? null })),
      });
    },
  );

  r.post(
    '/v2/qm/rate',
    {
      schema: {
        tags,
        summary:
          'Quote query and rate simulator: the price for an account, the cost on each channel, the margin, with the history of the rows',
        body: rateQuery,
        response: { 200: envelope(any) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => {
      const q = req.body;
      need(req.auth!, QmPerm.QUERY_CUSTOMER, QmPerm.QUERY_SUPPLIER);
      const at = q.at ? new Date(q.at) : p.clock.now();
      const destination = destOf(q);
      if (
        q.product === 'voice'
          ? !q.number
          : (q.product === 'sms' || q.product === 'whatsapp') && !q.network && !q.country
      )
        throw new AppError('QM_DEST_REQUIRED', { vars: { value: q.product } });
      if (q.network && !destination.country) {
        const op = await reference(p).operatorOf(q.network);
        if (!op) throw new AppError('QM_NETWORK_UNKNOWN', { vars: { value: q.network } });
        destination.country = op.countryCode ?? undefined;
      }
      if (q.accountId) await accountInScope(p.db, req.auth!, q.accountId);
      const svc = rating(p.db);
      const base = { product: q.product, destination, at, units: q.units };
      const price = q.accountId ? await svc.priceFor({ ...base, accountId: q.accountId, currency: q.currency }) : null;
      const currency = q.currency ?? price?.currency ?? undefined;
      const channels = (await channelRefs(p.db, q.channelIds)).filter(
        (c) => c.product === q.product && c.state !== 'closed',
      );
      const costs = [];
      for (const c of channels) {
        const cost = await svc.costFor({ ...base, channelId: c.id, currency });
        if (!cost) continue;
        const margin = price ? new Q(price.amount).sub(cost.amount) : null;
        costs.push({
          channelId: c.id,
          channelCode: c.code,
          channelName: c.name,
          state: c.state,
          cost,
          margin: margin ? money(margin) : null,
          marginPct: margin && !new Q(price!.amount).isZero() ? margin.div(price!.amount).mul(100).toFixed(2) : null,
        });
      }
      const history = price
        ? await p.db
            .select()
            .from(qmPrices)
            .where(
              inArray(
                qmPrices.id,
                p.db
                  .select({ id: qmPrices.id })
                  .from(qmPrices)
                  .innerJoin(
                    sql`(select book_kind, book_id, product, dest, category from qm_prices where id = ${price.rowId}) as x`,
                    sql`x.book_kind = ${qmPrices.bookKind} and x.book_id = ${qmPrices.bookId} and x.product = ${qmPrices.product} and x.dest = ${qmPrices.dest} and x.category = ${qmPrices.category}`,
                  ),
              ),
            )
            .orderBy(desc(qmPrices.effectiveFrom))
        : [];
      return ok({ at: at.toISOString(), price, costs, history });
    },
  );

  r.get(
    '/v2/qm/settings',
    {
      schema: { tags, summary: 'quote-set: notice days for increases', response: { 200: envelope(quoteSettings) } },
      config: { access: { perm: QmPerm.QUOTE_SET } },
    },
    async () => ok({ increaseNoticeDays: await noticeDays(p.db) }),
  );

  r.post(
    '/v2/qm/settings',
    {
      schema: {
        tags,
        summary: 'quote-set: save the notice days for increases',
        body: quoteSettings,
        response: { 200: envelope(quoteSettings) },
      },
      config: { access: { perm: QmPerm.QUOTE_SET }, checkRepeat: true },
    },
    async (req) => {
      const values = {
        id: 1,
        increaseNoticeDays: req.body.increaseNoticeDays,
        updatedBy: req.auth!.userId,
        updatedAt: p.clock.now(),
      };
      await p.db.insert(qmSettings).values(values).onConflictDoUpdate({ target: qmSettings.id, set: values });
      return ok(req.body);
    },
  );

  /** a request in the caller's data scope (its applicant's), else not found */
  const specialInScope = async (auth: AuthContext, row: typeof qmSpecialPrices.$inferSelect | undefined) => {
    if (!row || !(await userInScope(p.db, auth, row.applicantId))) throw new AppError('QM_SPECIAL_NOT_FOUND');
    return row;
  };

  r.get(
    '/v2/qm/specialReview/details/:id',
    {
      schema: {
        tags,
        summary: 'Spec 7: a special-price request with its approval',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelope(any) },
      },
      config: { access: { perm: QmPerm.SPECIAL } },
    },
    async (req) => {
      const [row] = await p.db.select().from(qmSpecialPrices).where(eq(qmSpecialPrices.id, req.params.id));
      return ok(await specialInScope(req.auth!, row));
    },
  );

  r.get(
    '/v2/qm/specialReview/reviewprocess/:processId',
    {
      schema: {
        tags,
        summary: 'Spec 7: the special-price request of an approval instance (processInstance id)',
        params: z.object({ processId: z.coerce.number().int().positive() }),
        response: { 200: envelope(any) },
      },
      config: { access: { perm: QmPerm.SPECIAL } },
    },
    async (req) => {
      const [row] = await p.db
        .select()
        .from(qmSpecialPrices)
        .where(eq(qmSpecialPrices.approvalId, req.params.processId));
      return ok(await specialInScope(req.auth!, row));
    },
  );
}
