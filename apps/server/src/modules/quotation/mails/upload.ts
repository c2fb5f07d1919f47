import type { Locale } from '@portal/contracts';
import {
  type QuoteCompose,
  type QuotedRow,
  UPLOADED_QUOTE_MAX_ROWS,
  type UploadedQuote,
} from '@portal/contracts/quotation';
import { AppError } from '../../../platform/http/errors.js';
import { thrownText } from '../../../platform/imports/issue-text.js';
import type { Platform } from '../../../platform/platform.js';
import { reference } from '../../system/reference/index.js';
import { readPriceList } from '../import.js';

/**
 * `send/upload-file` (decision 0108): an uploaded price list read by the import parsers (the
 * supplier import's columns and aliases) into the rows of a quote. Bad rows keep their reasons:
 * the parsers' (a cell), and the quote's own: an SMS network the reference data does not know, a
 * destination listed twice. The rows the parsers accept carry no line of the file; their line is
 * counted past the parsers' bad lines (exact for CSV and for workbooks without blank lines).
 */
export async function readUploadedQuote(
  p: Pick<Platform, 'db' | 'bus'>,
  product: 'sms' | 'voice',
  buffer: Buffer,
  locale: Locale,
): Promise<UploadedQuote> {
  const read = await readPriceList(buffer, product, locale);
  const errors = [...read.errors];
  const badLines = new Set(read.errors.map((e) => e.row));
  let line = 1;
  const nextLine = () => {
    do line++;
    while (badLines.has(line));
    return line;
  };
  const seen = new Set<string>();
  const rows: UploadedQuote['rows'] = [];
  for (const r of read.rows) {
    const at = nextLine();
    const bad = (err: AppError) =>
      errors.push({ row: at, field: product === 'sms' ? 'mnc' : 'prefix', ...thrownText(err, locale) });
    if (seen.has(r.dest)) {
      bad(new AppError('IMPORT_ROW_REPEATED', { vars: { value: r.dest } }));
      continue;
    }
    seen.add(r.dest);
    let country: string | null = null;
    if (product === 'sms') {
      const op = await reference(p).operatorOf(r.dest);
      if (!op) {
        bad(new AppError('QM_NETWORK_UNKNOWN', { vars: { value: r.dest } }));
        continue;
      }
      country = op.countryCode ?? null;
    }
    rows.push({ ...r, row: at, country, label: r.label.slice(0, 256) });
  }
  if (!rows.length && !errors.length) throw new AppError('QM_IMPORT_INVALID');
  if (rows.length > UPLOADED_QUOTE_MAX_ROWS)
    throw new AppError('IMPORT_TOO_MANY_ROWS', { vars: { limit: UPLOADED_QUOTE_MAX_ROWS } });
  errors.sort((a, b) => a.row - b.row);
  return { rows, errors };
}

/**
 * A quote's uploaded rows as the quoted rows of a mail (sorted as a book's quote is), of its
 * category: checked again as they come back from the page (a network known, its country from the
 * reference data, each destination once).
 */
export async function uploadedQuotedRows(p: Pick<Platform, 'db' | 'bus'>, q: QuoteCompose): Promise<QuotedRow[]> {
  if (q.bookKind !== 'account' || (q.product !== 'sms' && q.product !== 'voice'))
    throw new AppError('QM_UPLOAD_QUOTE_BOOK');
  const dests = q.dests?.length ? new Set(q.dests) : null;
  const seen = new Set<string>();
  const out: QuotedRow[] = [];
  for (const r of q.rows ?? []) {
    if (seen.has(r.dest)) throw new AppError('DUPLICATE', { vars: { value: r.dest } });
    seen.add(r.dest);
    let country = r.country;
    if (q.product === 'sms') {
      const op = await reference(p).operatorOf(r.dest);
      if (!op) throw new AppError('QM_NETWORK_UNKNOWN', { vars: { value: r.dest } });
      country = op.countryCode ?? null;
    }
    if (dests && !dests.has(r.dest)) continue;
    out.push({
      dest: r.dest,
      destKind: q.product === 'sms' ? 'network' : 'prefix',
      country,
      category: q.category ?? '',
      unitPrice: r.unitPrice,
      connectFee: '0',
      firstIncrement: q.product === 'sms' ? 1 : r.firstIncrement,
      nextIncrement: q.product === 'sms' ? 1 : r.nextIncrement,
      currency: r.currency,
      effectiveFrom: new Date(r.effectiveFrom).toISOString(),
    });
  }
  return out.sort((a, b) => (a.country ?? '').localeCompare(b.country ?? '') || a.dest.localeCompare(b.dest));
}
