import type { Locale } from '@portal/contracts';
import type { ImportIssue } from '@portal/contracts/imports';
import { type PreviewRow, QmPerm, smsListRow, voiceListRow } from '@portal/contracts/quotation';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, rowsOf, type Tx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { isXlsx, parseCsv } from '../../platform/imports/csv.js';
import { defineImport, type ImportDef, readImport } from '../../platform/imports/define.js';
import { issueText, thrownText } from '../../platform/imports/issue-text.js';
import { lockBook } from './prices.js';
import { Q } from './rating.js';
import { qmPrices } from './schema.js';

export const PRICE_LIST_MAX_ROWS = 60_000;
const int = (s: string) => {
  const n = Number(s);
  if (!Number.isInteger(n)) throw new Error('not a whole number');
  return n;
};

const smsImport = defineImport<typeof smsListRow, unknown>({
  key: 'supplier-sms-prices',
  perm: QmPerm.SUPPLIER_SMS,
  columns: [
    { key: 'mcc', aliases: ['MCC'], required: true },
    { key: 'mnc', aliases: ['MNC'], required: true },
    { key: 'country', aliases: ['国家', 'Country'] },
    { key: 'network', aliases: ['网络', 'Operator', 'Network'] },
    { key: 'price', aliases: ['价格', 'Rate', 'Price'], required: true },
    { key: 'currency', aliases: ['币种', 'Currency'], required: true },
    { key: 'effectiveDate', aliases: ['生效日期', 'Effective date', 'Effective'], required: true },
  ],
  rowSchema: smsListRow,
  maxRows: PRICE_LIST_MAX_ROWS,
  prepare: (raw) => ({ ...raw, mnc: typeof raw.mnc === 'string' && raw.mnc.length === 1 ? `0${raw.mnc}` : raw.mnc }),
  commit: async () => null,
});

const voiceImport = defineImport<typeof voiceListRow, unknown>({
  key: 'supplier-voice-az',
  perm: QmPerm.SUPPLIER_VOICE,
  columns: [
    { key: 'prefix', aliases: ['号段', 'Prefix', 'Code'], required: true },
    { key: 'destination', aliases: ['目的地', 'Destination'] },
    { key: 'rate', aliases: ['费率', 'Rate', 'Price'], required: true },
    { key: 'firstIncrement', aliases: ['首计费', 'First increment', 'Initial'], parse: int },
    { key: 'nextIncrement', aliases: ['续计费', 'Next increment', 'Increment'], parse: int },
    { key: 'currency', aliases: ['币种', 'Currency'] },
    { key: 'effectiveDate', aliases: ['生效日期', 'Effective date', 'Effective'], required: true },
  ],
  rowSchema: voiceListRow,
  maxRows: PRICE_LIST_MAX_ROWS,
  commit: async () => null,
});

export { parseCsv };

/**
 * A CSV upload read like the platform reads a workbook (same columns, aliases, cell parsers, row
 * schema and row messages), without building a workbook: a carrier deck of 50,000 rows.
 */
function readCsv<S extends z.ZodType>(buffer: Buffer, def: ImportDef<S, unknown>, locale: Locale) {
  const [header = [], ...body] = parseCsv(buffer.toString('utf8').replace(/^\uFEFF/, ''));
  const at = new Map<string, number>();
  for (const c of def.columns) {
    const names = [c.key, ...(c.aliases ?? [])].map((n) => n.toLowerCase());
    const i = header.findIndex((h) => names.includes(h.trim().toLowerCase()));
    if (i >= 0) at.set(c.key, i);
  }
  const missing = def.columns.filter((c) => c.required && !at.has(c.key)).map((c) => c.key);
  if (missing.length) throw new AppError('IMPORT_HEADER_MISSING', { vars: { columns: missing.join(', ') } });
  const max = def.maxRows ?? PRICE_LIST_MAX_ROWS;
  if (body.length > max) throw new AppError('IMPORT_TOO_MANY_ROWS', { vars: { limit: max } });
  const out: { rows: z.infer<S>[]; errors: ImportIssue[] } = { rows: [], errors: [] };
  body.forEach((cells, n) => {
    const row = n + 2;
    const raw: Record<string, unknown> = {};
    const issues: ImportIssue[] = [];
    for (const c of def.columns) {
      const i = at.get(c.key);
      const text = i === undefined ? '' : (cells[i] ?? '').trim();
      if (text === '') continue;
      try {
        raw[c.key] = c.parse ? c.parse(text) : text;
      } catch (err) {
        issues.push({ row, field: c.key, ...thrownText(err, locale) });
      }
    }
    if (issues.length) {
      out.errors.push(...issues);
      return;
    }
    const parsed = def.rowSchema.safeParse(def.prepare ? def.prepare(raw, row) : raw, { reportInput: true });
    if (parsed.success) out.rows.push(parsed.data);
    else
      out.errors.push(
        ...parsed.error.issues.map((i) => ({ row, field: String(i.path[0] ?? ''), ...issueText(i, locale) })),
      );
  });
  return out;
}

const readList = <S extends z.ZodType>(buffer: Buffer, def: ImportDef<S, unknown>, locale: Locale) =>
  isXlsx(buffer) ? readImport(buffer, def, locale) : readCsv(buffer, def, locale);

const fromDate = (s: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : s.replace(' ', 'T'));

/** A price list row read by the import parsers, normalised (a network or prefix, its price, from when). */
export type ListRow = Omit<PreviewRow, 'change' | 'before'>;
export type ListIssue = { row: number; field: string; code: number; message: string };

/**
 * Reads an SMS (MCC/MNC) or voice A-Z price list, XLSX or CSV: the good rows normalised, the bad
 * ones with their reasons (the supplier import and the upload-file send page, decision 0108).
 * A row's `row` is its line in the file (the header is line 1).
 */
export async function readPriceList(
  buffer: Buffer,
  product: 'sms' | 'voice',
  locale: Locale,
): Promise<{ rows: ListRow[]; errors: ListIssue[] }> {
  if (product === 'sms') {
    const read = await readList(buffer, smsImport, locale);
    return {
      errors: read.errors,
      rows: (read.rows as z.infer<typeof smsListRow>[]).map((r, i) => ({
        row: i + 1,
        dest: r.mcc + r.mnc,
        label: [r.country, r.network].filter(Boolean).join(' '),
        unitPrice: new Q(r.price).toFixed(6),
        firstIncrement: 1,
        nextIncrement: 1,
        currency: r.currency,
        effectiveFrom: fromDate(r.effectiveDate).toISOString(),
      })),
    };
  }
  const read = await readList(buffer, voiceImport, locale);
  return {
    errors: read.errors,
    rows: (read.rows as z.infer<typeof voiceListRow>[]).map((r, i) => ({
      row: i + 1,
      dest: r.prefix,
      label: r.destination ?? '',
      unitPrice: new Q(r.rate).toFixed(6),
      firstIncrement: r.firstIncrement,
      nextIncrement: r.nextIncrement,
      currency: r.currency,
      effectiveFrom: fromDate(r.effectiveDate).toISOString(),
    })),
  };
}

/**
 * The preview of a supplier price list against the channel's book now (its standard rows, or
 * those of the list's category): every good row as new, increase, decrease or same; the
 * destinations the list leaves out; the invalid rows with reasons.
 */
export async function previewPriceList(
  db: Db,
  channelId: number,
  product: 'sms' | 'voice',
  buffer: Buffer,
  locale: Locale,
  now: Date,
  category = '',
) {
  const { rows: normal, errors } = await readPriceList(buffer, product, locale);
  if (!normal.length && !errors.length) throw new AppError('QM_IMPORT_INVALID');
  const current = await db
    .select({ dest: qmPrices.dest, unitPrice: qmPrices.unitPrice, currency: qmPrices.currency })
    .from(qmPrices)
    .where(
      and(
        eq(qmPrices.bookKind, 'channel'),
        eq(qmPrices.bookId, channelId),
        eq(qmPrices.product, product),
        eq(qmPrices.category, category),
        lte(qmPrices.effectiveFrom, now),
        or(isNull(qmPrices.effectiveUntil), gt(qmPrices.effectiveUntil, now)),
      ),
    );
  const byDest = new Map(current.map((c) => [c.dest, c]));
  const listed = new Set<string>();
  const rows: PreviewRow[] = normal.map((r) => {
    listed.add(r.dest);
    const before = byDest.get(r.dest);
    let change: PreviewRow['change'] = 'new';
    if (before) {
      const cmp = before.currency !== r.currency ? 1 : new Q(r.unitPrice).cmp(before.unitPrice);
      change = cmp > 0 ? 'increase' : cmp < 0 ? 'decrease' : 'same';
    }
    return { ...r, change, before: before?.unitPrice ?? null };
  });
  const removed = current.filter((c) => !listed.has(c.dest));
  const counts = {
    new: 0,
    increase: 0,
    decrease: 0,
    same: 0,
    removed: removed.length,
    invalid: new Set(errors.map((e) => e.row)).size,
  };
  for (const r of rows) counts[r.change]++;
  return { rows, removed, errors, counts };
}

/**
 * Saves previewed rows (same prices skipped) in set-based statements under the book's lock, with the
 * rules of a single save: a row at an instant the destination already has is refused, the row in
 * force ends at the new one's time, a later row bounds it. When asked, the destinations the list
 * left out end now. The destinations in `held` (a supplier-quote request holds them) are checked
 * like the others but not written.
 */
export async function commitPriceList(
  tx: Tx,
  auth: AuthContext,
  b: { channelId: number; product: 'sms' | 'voice'; category?: string; rows: PreviewRow[]; closeRemoved: boolean },
  now: Date,
  held: ReadonlySet<string> = new Set(),
) {
  const seen = new Set<string>();
  for (const r of b.rows) {
    if (seen.has(r.dest)) throw new AppError('DUPLICATE', { vars: { value: r.dest } });
    seen.add(r.dest);
  }
  const rows = b.rows
    .filter((r) => r.change !== 'same')
    .map((r) => ({
      dest: r.dest,
      f: new Date(r.effectiveFrom).toISOString(),
      price: new Q(r.unitPrice).toFixed(6),
      first: r.firstIncrement,
      next: r.nextIncrement,
      cur: r.currency,
    }));
  const written = held.size ? rows.filter((r) => !held.has(r.dest)) : rows;
  await lockBook(tx, 'channel', b.channelId, b.product);
  const book = sql`p.book_kind = 'channel' and p.book_id = ${b.channelId} and p.product = ${b.product} and p.category = ${b.category ?? ''}`;
  const list = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(dest text, f timestamptz, price numeric, first int, next int, cur text)`;
  if (rows.length) {
    const [clash] = rowsOf<{ dest: string; f: string }>(
      await tx.execute(
        sql`select v.dest, v.f from ${list} join qm_prices p on ${book} and p.dest = v.dest and p.effective_from = v.f limit 1`,
      ),
    );
    if (clash)
      throw new AppError('QM_PRICE_SAME_TIME', { vars: { value: `${clash.dest} ${new Date(clash.f).toISOString()}` } });
  }
  if (written.length) {
    const list = sql`jsonb_to_recordset(${JSON.stringify(written)}::jsonb) as v(dest text, f timestamptz, price numeric, first int, next int, cur text)`;
    await tx.execute(sql`update qm_prices p set effective_until = v.f from ${list}
      where ${book} and p.dest = v.dest and p.effective_from < v.f and (p.effective_until is null or p.effective_until > v.f)`);
    await tx.execute(sql`insert into qm_prices (book_kind, book_id, product, dest_kind, dest, category, unit_price,
        connect_fee, first_increment, next_increment, currency, effective_from, effective_until, charge_on, source, created_by, created_at)
      select 'channel', ${b.channelId}, ${b.product}, ${b.product === 'sms' ? 'network' : 'prefix'}, v.dest, ${b.category ?? ''}, v.price, 0,
        v.first, v.next, v.cur, v.f,
        (select min(p.effective_from) from qm_prices p where ${book} and p.dest = v.dest and p.effective_from > v.f),
        'submit', 'import', ${auth.userId}, ${now.toISOString()}::timestamptz
      from ${list}`);
  }
  let closed = 0;
  if (b.closeRemoved) {
    const ended = await tx.execute(sql`update qm_prices p set effective_until = ${now.toISOString()}::timestamptz
      where ${book} and p.effective_from <= ${now.toISOString()}::timestamptz
        and (p.effective_until is null or p.effective_until > ${now.toISOString()}::timestamptz)
        and not (p.dest = any (select jsonb_array_elements_text(${JSON.stringify([...seen])}::jsonb)))
      returning p.id`);
    closed = rowsOf(ended).length;
  }
  return { saved: written.length, closed };
}
