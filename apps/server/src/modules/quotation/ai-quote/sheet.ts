import type { AiQuoteMapping } from '@portal/contracts/quotation/ai-quote';
import ExcelJS from 'exceljs';
import { AppError } from '../../../platform/http/errors.js';
import { cellText } from '../../../platform/imports/define.js';
import { parseCsv } from '../import.js';
import { currencyInHeader, normDate, normRate } from './guess.js';

/** A carrier's sheet as text cells, line by line: the first worksheet of an XLSX, or a CSV. */
export async function readGrid(buffer: Buffer): Promise<string[][]> {
  if (!buffer.length) throw new AppError('FILE_EMPTY');
  if (buffer.subarray(0, 2).toString('latin1') === 'PK') {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(buffer as unknown as ArrayBuffer);
    } catch {
      throw new AppError('QM_AI_QUOTE_UNREADABLE');
    }
    const ws = wb.worksheets[0];
    if (!ws) throw new AppError('QM_AI_QUOTE_UNREADABLE');
    const grid: string[][] = [];
    for (let r = 1; r <= ws.rowCount; r++) {
      const values = ws.getRow(r).values as ExcelJS.CellValue[];
      grid.push(Array.from({ length: Math.max(values.length - 1, 0) }, (_, i) => cellText(values[i + 1])));
    }
    return grid;
  }
  const text = buffer.toString('utf8').replace(/^\uFEFF/, '');
  // a binary file that is not a workbook: control characters a text list never has
  if (text.includes('\u0000') || text.includes('\uFFFD')) throw new AppError('QM_AI_QUOTE_UNREADABLE');
  return parseCsv(text, true);
}

const SMS_HEADER = ['MCC', 'MNC', 'Country', 'Network', 'Price', 'Currency', 'Effective date'];
const VOICE_HEADER = [
  'Prefix',
  'Destination',
  'Rate',
  'First increment',
  'Next increment',
  'Currency',
  'Effective date',
];
const quote = (s: string) => (/[",\n;\t]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/**
 * The sheet's rows under the mapping, as the price-list import's own CSV shape (its headers): the
 * existing import reads, checks and previews it — no second import code (decision 0112). A missing
 * currency is the one named in the rate's header, else the default; a missing date the run's day.
 * `lines[i]` is the sheet line of the CSV's data line i + 2.
 */
export function canonicalCsv(
  header: string[],
  body: { line: number; cells: string[] }[],
  mapping: AiQuoteMapping,
  product: 'sms' | 'voice',
  defaults: { currency: string | null; day: string },
): { csv: Buffer; lines: number[] } {
  const at = (cells: string[], f: keyof AiQuoteMapping) => {
    const i = mapping[f];
    return i === null || i === undefined ? '' : (cells[i] ?? '').trim();
  };
  const rateHeader = mapping.rate === null || mapping.rate === undefined ? undefined : header[mapping.rate];
  const currency = currencyInHeader(rateHeader) ?? defaults.currency ?? '';
  const out = [(product === 'sms' ? SMS_HEADER : VOICE_HEADER).join(',')];
  const lines: number[] = [];
  for (const { line, cells } of body) {
    const cur = at(cells, 'currency').toUpperCase() || currency;
    const date = normDate(at(cells, 'effectiveDate')) || defaults.day;
    const row =
      product === 'sms'
        ? [
            at(cells, 'mcc'),
            at(cells, 'mnc'),
            at(cells, 'country'),
            at(cells, 'network'),
            normRate(at(cells, 'rate')),
            cur,
            date,
          ]
        : [
            at(cells, 'prefix').replace(/\D/g, ''),
            at(cells, 'country'),
            normRate(at(cells, 'rate')),
            at(cells, 'firstIncrement'),
            at(cells, 'nextIncrement'),
            cur,
            date,
          ];
    out.push(row.map(quote).join(','));
    lines.push(line);
  }
  return { csv: Buffer.from(out.join('\n'), 'utf8'), lines };
}
