import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '@portal/contracts';
import type { BookKind, QuoteCompose, QuotedRow, QuoteProduct, QuoteSend } from '@portal/contracts/quotation';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { staffUsers } from '../../../platform/access/schema.js';
import type { AuthContext } from '../../../platform/auth/context.js';
import { type Db, rowsOf } from '../../../platform/db/index.js';
import { writeRows } from '../../../platform/exports/writer.js';
import { filesOf } from '../../../platform/files/service.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import { portOf } from '../../../platform/ports.js';
import { channelRefs } from '../../srm/index.js';
import { checkCategory } from '../prices.js';
import { qmGroupMembers, qmGroups, qmPrices, qmQuoteEmails } from '../schema.js';
import { accountInScope } from '../scope.js';
import { QUOTE_LINK_DAYS, quoteLinkUrl, quoteToken } from './link.js';
import { pricesTable, quoteCells, quoteHeaders, renderTemplate, templateOf } from './template.js';
import { uploadedQuotedRows } from './upload.js';

/** the product as the mail names it; an OTP or AI-voice quote by its category */
const PRODUCT_NAME: Record<Locale, Record<QuoteProduct | 'otp-sms' | 'otp-voice' | 'ai-voice', string>> = {
  'zh-CN': {
    sms: '短信',
    voice: '语音',
    whatsapp: 'WhatsApp ',
    number: '号码',
    'otp-sms': 'OTP 短信',
    'otp-voice': 'OTP 语音',
    'ai-voice': 'AI 语音',
  },
  en: {
    sms: 'SMS',
    voice: 'voice',
    whatsapp: 'WhatsApp',
    number: 'number',
    'otp-sms': 'OTP SMS',
    'otp-voice': 'OTP voice',
    'ai-voice': 'AI voice',
  },
};
export const productName = (locale: Locale, q: Pick<QuoteCompose, 'product' | 'category'>) => {
  const k = q.category ? `${q.category}-${q.product}` : q.product;
  return PRODUCT_NAME[locale][k as QuoteProduct] ?? PRODUCT_NAME[locale][q.product];
};
/** quote dates are UTC days (the effective times of the books are instants) */
const day = (iso: string) => iso.slice(0, 10);

/**
 * The books a quote reads, first answering first: a group's or a channel's own; an account's, then
 * its groups' in the rating order.
 */
async function booksOf(db: Db, q: QuoteCompose): Promise<[BookKind, number][]> {
  if (q.bookKind !== 'account') return [[q.bookKind, q.bookId]];
  const groups = await db
    .select({ kind: qmGroupMembers.kind, groupId: qmGroupMembers.groupId })
    .from(qmGroupMembers)
    .where(eq(qmGroupMembers.accountId, q.bookId));
  const g = Object.fromEntries(groups.map((x) => [x.kind, x.groupId])) as { quote?: number; az?: number };
  const books: [BookKind, number][] = [['account', q.bookId]];
  for (const gid of q.product === 'voice' ? [g.az, g.quote] : [g.quote, g.az]) if (gid) books.push(['group', gid]);
  return books;
}

/**
 * The prices of a product in force now or starting later, per destination: a group's or channel's
 * rows; an account's own rows, else its group's (voice from the A-Z group first, as the rating
 * service reads). With a category (OTP, AI voice) each destination is quoted at the category row
 * of the first book holding the destination, else that book's standard row: what rating charges.
 */
export async function quotedRows(db: Db, q: QuoteCompose, now: Date): Promise<QuotedRow[]> {
  const books = await booksOf(db, q);
  const cat = q.category;
  const rows = await db
    .select()
    .from(qmPrices)
    .where(
      and(
        or(...books.map(([k, id]) => and(eq(qmPrices.bookKind, k), eq(qmPrices.bookId, id)))),
        eq(qmPrices.product, q.product),
        or(isNull(qmPrices.effectiveUntil), gt(qmPrices.effectiveUntil, now)),
        q.dests?.length ? inArray(qmPrices.dest, q.dests) : undefined,
        // WhatsApp without a category: every conversation category; otherwise the standard rows (and the category's)
        cat ? inArray(qmPrices.category, [cat, '']) : q.product === 'whatsapp' ? undefined : eq(qmPrices.category, ''),
      ),
    )
    .orderBy(asc(qmPrices.dest), asc(qmPrices.category), asc(qmPrices.effectiveFrom));
  // the first book (in `books` order) holding a destination answers for it, its category row first
  const rank = (r: (typeof rows)[number]) =>
    books.findIndex(([k, id]) => k === r.bookKind && id === r.bookId) * 2 + (cat && r.category !== cat ? 1 : 0);
  const keyOf = (r: (typeof rows)[number]) => `${r.destKind}:${r.dest}:${cat ? '' : r.category}`;
  const best = new Map<string, number>();
  for (const r of rows) best.set(keyOf(r), Math.min(best.get(keyOf(r)) ?? 999, rank(r)));
  return rows
    .filter((r) => rank(r) === best.get(keyOf(r)))
    .map((r) => ({
      dest: r.dest,
      destKind: r.destKind,
      country: r.country,
      category: r.category,
      unitPrice: r.unitPrice,
      connectFee: r.connectFee,
      firstIncrement: r.firstIncrement,
      nextIncrement: r.nextIncrement,
      currency: r.currency,
      effectiveFrom: r.effectiveFrom.toISOString(),
    }))
    .sort(
      (a, b) =>
        (a.country ?? '').localeCompare(b.country ?? '') ||
        a.dest.localeCompare(b.dest) ||
        a.category.localeCompare(b.category),
    );
}

/** the date from which every quoted price is in force (an increase waits its notice days) */
const effectiveOf = (rows: QuotedRow[], now: Date) =>
  new Date(Math.max(now.getTime(), ...rows.map((r) => Date.parse(r.effectiveFrom))));

/**
 * The quoted book: an account in the caller's data scope, an existing quote group (not one
 * customer's), or a supplier channel of the product (our costs, confirmed to the supplier).
 */
async function bookOf(p: Platform, auth: AuthContext, q: QuoteCompose): Promise<Composed['book']> {
  if (q.bookKind === 'account') {
    const acc = await accountInScope(p.db, auth, q.bookId);
    return { kind: 'account', id: acc.id, name: acc.code };
  }
  if (q.bookKind === 'channel') {
    const [c] = await channelRefs(p.db, [q.bookId]);
    if (!c) throw new AppError('QM_BOOK_UNKNOWN', { vars: { value: `#${q.bookId}` } });
    if (c.product !== q.product) throw new AppError('QM_CHANNEL_PRODUCT', { vars: { value: c.code } });
    return { kind: 'channel', id: c.id, name: c.code };
  }
  const [g] = await p.db.select({ name: qmGroups.name }).from(qmGroups).where(eq(qmGroups.id, q.bookId));
  if (!g) throw new AppError('QM_BOOK_UNKNOWN', { vars: { value: `#${q.bookId}` } });
  return { kind: 'group', id: q.bookId, name: g.name };
}

interface Composed {
  book: { kind: BookKind; id: number; name: string };
  rows: QuotedRow[];
  effectiveFrom: Date;
  subject: string;
  html: string;
}

/** The quote as it will be sent: rows, subject and body rendered from the language's template. */
export async function composeQuote(
  p: Platform,
  auth: AuthContext,
  q: QuoteCompose & { to?: QuoteSend['to'] },
  link: { url: string; expiresAt: Date },
): Promise<Composed> {
  checkCategory(q.product, q.category);
  if (q.rows && q.bookKind !== 'account') throw new AppError('QM_UPLOAD_QUOTE_BOOK');
  const book = await bookOf(p, auth, q);
  const now = p.clock.now();
  // `send/upload-file`: the rows of the uploaded list, else the book's
  const rows = q.rows ? await uploadedQuotedRows(p, q) : await quotedRows(p.db, q, now);
  if (rows.length === 0)
    throw new AppError('QM_QUOTE_NO_ROWS', {
      vars: { value: { 'zh-CN': productName('zh-CN', q), en: productName('en', q) } },
    });
  const effectiveFrom = effectiveOf(rows, now);
  const [me] = await p.db.select({ name: staffUsers.name }).from(staffUsers).where(eq(staffUsers.id, auth.userId));
  const vars = {
    customer: q.to?.[0]?.name || book.name,
    account: book.name,
    product: productName(q.locale, q),
    effectiveDate: day(effectiveFrom.toISOString()),
    link: link.url,
    linkExpires: day(link.expiresAt.toISOString()),
    sender: me?.name ?? '',
  };
  const t = await templateOf(p.db, q.locale);
  const { subject, html } = renderTemplate(t, vars, pricesTable(q.locale, q.product, rows, day));
  return { book, rows, effectiveFrom, subject, html };
}

/** The quoted rows as an XLSX stored among the sender's files (the mail room attaches only a sender's own files). */
async function priceListFile(p: Platform, userId: number, c: Composed, q: QuoteCompose) {
  const files = await filesOf(p);
  const dir = files.settings.tmpDir;
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `quote-${randomUUID()}.xlsx`);
  const out = fs.createWriteStream(file, { flags: 'wx' });
  async function* cells() {
    for (const r of c.rows) yield quoteCells(q.product, r, day);
  }
  await writeRows(cells(), out, { format: 'xlsx', headers: quoteHeaders(q.locale, q.product) });
  const name = `${c.book.name.replace(/[^\p{L}\p{N}_-]+/gu, '_')}-${q.category ? `${q.category}-` : ''}${q.product}-${day(c.effectiveFrom.toISOString())}.xlsx`;
  return files.storeGenerated(file, { name, ownerUserId: userId });
}

/**
 * Sends a quote: composed from the book, the XLSX attached, through the mail room's port from the
 * sender's own mailbox; the sent quote is kept with its rows so the public link shows what was sent.
 */
export async function sendQuote(p: Platform, auth: AuthContext, q: QuoteSend) {
  const mail = portOf(p.db, 'mail');
  if (!mail) throw new AppError('NO_MAILBOX');
  const now = p.clock.now();
  const expiresAt = new Date(now.getTime() + QUOTE_LINK_DAYS * 86_400_000);
  // the id comes first: the link in the mail names the record
  const [seq] = rowsOf<{ id: number }>(
    await p.db.execute(sql`select nextval(pg_get_serial_sequence('qm_quote_emails', 'id'))::int as id`),
  );
  const id = seq!.id;
  const url = quoteLinkUrl(p.config.publicUrl, await quoteToken(p.db, id, expiresAt));
  const c = await composeQuote(p, auth, q, { url, expiresAt });
  const file = await priceListFile(p, auth.userId, c, q);
  const sent = await mail.send(auth.userId, {
    to: q.to,
    cc: q.cc,
    subject: c.subject,
    html: c.html,
    fileIds: [file.id],
  });
  await p.db.insert(qmQuoteEmails).values({
    id,
    bookKind: c.book.kind,
    bookId: c.book.id,
    bookName: c.book.name,
    product: q.product,
    category: q.category ?? '',
    locale: q.locale,
    toList: q.to,
    ccList: q.cc,
    subject: c.subject,
    html: c.html,
    rows: c.rows,
    effectiveFrom: c.effectiveFrom,
    fileId: file.id,
    mailId: sent.id,
    messageId: sent.messageId,
    linkExpiresAt: expiresAt,
    sentBy: auth.userId,
    sentAt: now,
  });
  return { id, mailId: sent.id, link: url };
}
