import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currencyInHeader, findHeader, guessMapping, normDate } from '../src/modules/quotation/ai-quote/guess.js';
import { canonicalCsv, readGrid } from '../src/modules/quotation/ai-quote/sheet.js';
import { parseCsv } from '../src/modules/quotation/import.js';

const fixture = readFileSync(new URL('./fixtures/quotation/carrier-sms-rates.csv', import.meta.url));

describe('AI vendor quote: guessing the columns by rules (decision 0112)', () => {
  it('finds the header under a carrier’s title rows and maps its odd English names', async () => {
    const grid = await readGrid(fixture);
    const h = findHeader(grid);
    expect(h).toBe(3);
    const m = guessMapping(grid[h]!, grid.slice(h + 1), 'sms');
    expect(m).toEqual({
      country: 0,
      network: 1,
      mcc: 2,
      mnc: 3,
      rate: 4,
      effectiveDate: 5,
      currency: null,
    });
    expect(currencyInHeader(grid[h]![4])).toBe('EUR');
  });

  it('maps Chinese headers (国家, 运营商, 单价, 币种, 生效日期)', () => {
    const header = ['国家', '运营商', 'MCC', 'MNC', '单价', '币种', '生效日期', '备注'];
    const m = guessMapping(header, [['中国', '中国移动', '460', '00', '0.03', 'USD', '2026-12-01', '']], 'sms');
    expect(m).toMatchObject({ country: 0, network: 1, mcc: 2, mnc: 3, rate: 4, currency: 5, effectiveDate: 6 });
  });

  it('maps a voice A-Z deck (Dial Code, Rate/Min, Initial, Increment)', () => {
    const header = ['Destination', 'Dial Code', 'Rate/Min (USD)', 'Initial', 'Increment', 'Effective Date'];
    const m = guessMapping(header, [['China Mobile', '86139', '0.012', '1', '1', '2026-12-01']], 'voice');
    expect(m).toEqual({
      country: 0,
      prefix: 1,
      rate: 2,
      firstIncrement: 3,
      nextIncrement: 4,
      effectiveDate: 5,
      currency: null,
    });
  });

  it('finds unnamed columns by the shape of their values', () => {
    const header = ['Col1', 'Col2', 'Col3', 'Col4', 'Col5'];
    const rows = [
      ['Kenya', '639', '02', '0.0123', 'USD'],
      ['Kenya', '639', '03', '0.0150', 'USD'],
    ];
    expect(guessMapping(header, rows, 'sms')).toMatchObject({ mcc: 1, mnc: 2, rate: 3, currency: 4 });
  });

  it('names nothing it cannot see: a sheet of notes maps no required column', () => {
    const m = guessMapping(['Remarks', 'Contact'], [['call us', 'noc@example.com']], 'sms');
    expect([m.mcc, m.mnc, m.rate]).toEqual([null, null, null]);
  });

  it('writes the rows in the import’s own shape: dates, decimal commas, the header’s currency', async () => {
    const grid = await readGrid(fixture);
    const h = findHeader(grid);
    const body = grid.slice(h + 1).map((cells, i) => ({ line: h + i + 2, cells }));
    const m = guessMapping(grid[h]!, grid.slice(h + 1), 'sms');
    const { csv, lines } = canonicalCsv(grid[h]!, body, m, 'sms', { currency: null, day: '2026-11-29' });
    const rows = parseCsv(csv.toString('utf8'));
    expect(rows[0]).toEqual(['MCC', 'MNC', 'Country', 'Network', 'Price', 'Currency', 'Effective date']);
    expect(rows[3]).toEqual(['460', '11', 'China', 'China Telecom', '0.0288', 'EUR', '2026-12-01']);
    expect(lines[0]).toBe(5);
    expect(normDate('2026/1/5')).toBe('2026-01-05');
    expect(normDate('05.01.2026')).toBe('2026-01-05');
  });
});
