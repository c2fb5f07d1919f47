import type { Locale } from '@portal/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { staffUsers } from '../../../platform/access/schema.js';
import { type Db, rowsOf } from '../../../platform/db/index.js';
import type { ConsumerAccountRef } from '../../../platform/ports.js';
import { qmGroups, qmQuoteEmails } from '../schema.js';
import { QUOTE_LINK_DAYS, quoteLinkUrl, quoteToken } from './link.js';
import { quotedRows } from './service.js';
import { pricesTable, renderTemplate, templateOf } from './template.js';

const DAY = 86_400_000;
const day = (iso: string) => iso.slice(0, 10);
const NAME: Record<Locale, Record<'sms' | 'voice', string>> = {
  'zh-CN': { sms: '短信', voice: '语音' },
  en: { sms: 'SMS', voice: 'voice' },
};

/**
 * The demo's sent quotes (decision 0063), so `quote-email` shows something after `npm start`: SMS
 * quotes of a few accounts (each in its customer's owner's scope) and a voice quote of the A-Z
 * group, sent by admin before the seed's day, rendered from the built-in template. They carry no
 * mail and no attachment (nothing was sent); their link opens while it lasts. Idempotent.
 */
export async function seedSentQuotes(db: Db, accounts: ConsumerAccountRef[], base: number) {
  const [have] = await db.select({ n: count() }).from(qmQuoteEmails);
  if (have!.n > 0) return 0;
  const [admin] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin'));
  if (!admin) return 0;
  const [az] = await db.select({ id: qmGroups.id, name: qmGroups.name }).from(qmGroups).where(eq(qmGroups.kind, 'az'));
  const books: { kind: 'account' | 'group'; id: number; name: string; product: 'sms' | 'voice'; locale: Locale }[] = [
    ...accounts.slice(0, 3).map((a, i) => ({
      kind: 'account' as const,
      id: a.id,
      name: a.code,
      product: 'sms' as const,
      locale: (i % 2 ? 'en' : 'zh-CN') as Locale,
    })),
    ...(az
      ? [{ kind: 'group' as const, id: az.id, name: az.name, product: 'voice' as const, locale: 'en' as Locale }]
      : []),
  ];
  let n = 0;
  for (const [i, b] of books.entries()) {
    const sentAt = new Date(base - (i + 1) * 2 * DAY);
    const rows = await quotedRows(db, { bookKind: b.kind, bookId: b.id, product: b.product, locale: b.locale }, sentAt);
    if (rows.length === 0) continue;
    const [seq] = rowsOf<{ id: number }>(
      await db.execute(sql`select nextval(pg_get_serial_sequence('qm_quote_emails', 'id'))::int as id`),
    );
    const expiresAt = new Date(sentAt.getTime() + QUOTE_LINK_DAYS * DAY);
    const link = quoteLinkUrl('', await quoteToken(db, seq!.id, expiresAt));
    const effectiveFrom = new Date(Math.max(sentAt.getTime(), ...rows.map((r) => Date.parse(r.effectiveFrom))));
    const to = [{ email: `pricing@${b.name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`, name: null }];
    const { subject, html } = renderTemplate(
      await templateOf(db, b.locale),
      {
        customer: b.name,
        account: b.name,
        product: NAME[b.locale][b.product],
        effectiveDate: day(effectiveFrom.toISOString()),
        link,
        linkExpires: day(expiresAt.toISOString()),
        sender: 'admin',
      },
      pricesTable(b.locale, b.product, rows, day),
    );
    await db.insert(qmQuoteEmails).values({
      id: seq!.id,
      bookKind: b.kind,
      bookId: b.id,
      bookName: b.name,
      product: b.product,
      locale: b.locale,
      toList: to,
      ccList: [],
      subject,
      html,
      rows,
      effectiveFrom,
      linkExpiresAt: expiresAt,
      sentBy: admin.id,
      sentAt,
    });
    n++;
  }
  return n;
}
