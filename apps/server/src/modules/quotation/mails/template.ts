import type { Locale } from '@portal/contracts';
import type { QuotedRow, QuoteProduct } from '@portal/contracts/quotation';
import { type EmailTemplate, QUOTE_TEMPLATE_VARS } from '@portal/contracts/quotation';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { escapeHtml as esc } from '../../../platform/sso/pages.js';
import { qmEmailTemplates } from '../schema.js';

/** The template a language uses until an administrator saves one (`quote-email-template`). */
export const DEFAULT_TEMPLATES: Record<Locale, Omit<EmailTemplate, 'locale'>> = {
  'zh-CN': {
    subject: '【报价】{account} {product}报价，{effectiveDate} 起生效',
    body:
      '{customer}，您好：\n\n以下是 {account} 的{product}报价，自 {effectiveDate} 起生效，价格表见附件。\n\n' +
      '{prices}\n在线查看（{linkExpires} 前有效）：{link}\n\n{sender}',
  },
  en: {
    subject: 'Quote: {product} prices for {account}, effective {effectiveDate}',
    body:
      'Dear {customer},\n\nPlease find the {product} prices for {account} below, effective {effectiveDate}; ' +
      'the price list is attached.\n\n{prices}\nView it online (until {linkExpires}): {link}\n\nBest regards,\n{sender}',
  },
};

const VAR = /\{(\w+)\}/g;

/** Refuses a template naming a variable the renderer does not know. */
export function checkTemplate(t: Omit<EmailTemplate, 'locale'>) {
  for (const text of [t.subject, t.body])
    for (const [, name] of text.matchAll(VAR))
      if (!(QUOTE_TEMPLATE_VARS as readonly string[]).includes(name!))
        throw new AppError('QM_TEMPLATE_VARIABLE', { vars: { value: `{${name}}` } });
}

export async function templateOf(db: Db, locale: Locale): Promise<Omit<EmailTemplate, 'locale'> & { saved: boolean }> {
  const [row] = await db.select().from(qmEmailTemplates).where(eq(qmEmailTemplates.locale, locale));
  return row ? { subject: row.subject, body: row.body, saved: true } : { ...DEFAULT_TEMPLATES[locale], saved: false };
}

const HEAD: Record<Locale, Record<QuoteProduct, string[]>> = {
  'zh-CN': {
    sms: ['国家', '网络', '单价', '币种', '生效时间'],
    voice: ['国家', '号段', '每分钟价格', '计费增量', '接通费', '币种', '生效时间'],
    whatsapp: ['国家', '网络', '会话类别', '每会话价格', '币种', '生效时间'],
    number: ['国家', '月租', '币种', '生效时间'],
  },
  en: {
    sms: ['Country', 'Network', 'Price', 'Currency', 'Effective from'],
    voice: ['Country', 'Prefix', 'Rate per minute', 'Increments', 'Connect fee', 'Currency', 'Effective from'],
    whatsapp: ['Country', 'Network', 'Category', 'Price per conversation', 'Currency', 'Effective from'],
    number: ['Country', 'Monthly rent', 'Currency', 'Effective from'],
  },
};

/** The cells of one quoted row, in the order of `quoteHeaders` (the mail's table and the XLSX). */
export function quoteCells(product: QuoteProduct, r: QuotedRow, day: (iso: string) => string): string[] {
  const dest = r.destKind === 'country' ? '*' : r.dest;
  const from = day(r.effectiveFrom);
  switch (product) {
    case 'sms':
      return [r.country ?? '', dest, r.unitPrice, r.currency, from];
    case 'whatsapp':
      return [r.country ?? '', dest, r.category || '*', r.unitPrice, r.currency, from];
    case 'number':
      return [r.country ?? '*', r.unitPrice, r.currency, from];
    case 'voice':
      return [
        r.country ?? '',
        dest,
        r.unitPrice,
        `${r.firstIncrement}/${r.nextIncrement}`,
        r.connectFee,
        r.currency,
        from,
      ];
  }
}
export const quoteHeaders = (locale: Locale, product: QuoteProduct) => HEAD[locale][product];

/** rows the mail's own table shows; the attachment and the public link carry every row */
export const MAIL_TABLE_ROWS = 50;

/** the quoted rows as an HTML table for the mail's `{prices}` (the first MAIL_TABLE_ROWS, then a note) */
export function pricesTable(locale: Locale, product: QuoteProduct, rows: QuotedRow[], day: (iso: string) => string) {
  const cell = 'style="border:1px solid #d9d9d9;padding:4px 8px;white-space:nowrap"';
  const head = quoteHeaders(locale, product)
    .map((h) => `<th ${cell}>${esc(h)}</th>`)
    .join('');
  const body = rows
    .slice(0, MAIL_TABLE_ROWS)
    .map(
      (r) =>
        `<tr>${quoteCells(product, r, day)
          .map((c) => `<td ${cell}>${esc(c)}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  const more = rows.length - MAIL_TABLE_ROWS;
  const note =
    more > 0
      ? `<p style="color:#666">${esc(locale === 'zh-CN' ? `另有 ${more} 行，见附件价格表。` : `${more} more rows in the attached price list.`)}</p>`
      : '';
  return `<table style="border-collapse:collapse;font-size:13px"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>${note}`;
}

/**
 * Fills a template: the subject as text; the body's text escaped with its line breaks kept, `{prices}`
 * as the table and `{link}` as a link. Variable values are escaped (they come from records and input).
 */
export function renderTemplate(
  t: Omit<EmailTemplate, 'locale'>,
  vars: Record<string, string>,
  prices: string,
): { subject: string; html: string } {
  const subject = t.subject.replace(VAR, (whole, name: string) => vars[name] ?? whole);
  const html = t.body
    .split(VAR)
    .map((part, i) => {
      if (i % 2 === 0) return esc(part).replace(/\r?\n/g, '<br>');
      if (part === 'prices') return prices;
      if (part === 'link') return `<a href="${esc(vars.link ?? '')}">${esc(vars.link ?? '')}</a>`;
      return esc(vars[part] ?? `{${part}}`);
    })
    .join('');
  return { subject, html: `<div style="font-family:sans-serif;font-size:14px">${html}</div>` };
}
