import { describe, expect, it } from 'vitest';
import { BookIndex, billedUnits, chargeOf, type IndexedRow, money } from '../src/modules/quotation/rating.js';

const T = (s: string) => Date.parse(s);
let id = 0;
const row = (over: Partial<IndexedRow>): IndexedRow => ({
  id: ++id,
  destKind: 'prefix',
  dest: '',
  category: '',
  unitPrice: '0.010000',
  connectFee: '0',
  firstIncrement: 60,
  nextIncrement: 60,
  currency: 'USD',
  from: T('2026-01-01T00:00:00Z'),
  until: null,
  ...over,
});

describe('rating: voice prefixes', () => {
  const book = new BookIndex([
    row({ dest: '44', unitPrice: '0.020000' }),
    row({ dest: '447', unitPrice: '0.080000' }),
    row({ dest: '4479', unitPrice: '0.120000' }),
    row({ dest: '1', unitPrice: '0.005000' }),
  ]);
  const at = T('2026-06-01T00:00:00Z');
  it('answers the longest matching prefix', () => {
    expect(book.find('voice', { number: '447911123456' }, at)?.unitPrice).toBe('0.120000');
    expect(book.find('voice', { number: '447011123456' }, at)?.unitPrice).toBe('0.080000');
    expect(book.find('voice', { number: '442071234567' }, at)?.unitPrice).toBe('0.020000');
    expect(book.find('voice', { number: '12125550100' }, at)?.unitPrice).toBe('0.005000');
  });
  it('answers nothing for a number no prefix covers, or no number', () => {
    expect(book.find('voice', { number: '8613800000000' }, at)).toBeUndefined();
    expect(book.find('voice', {}, at)).toBeUndefined();
  });
});

describe('rating: increments and rounding', () => {
  it('bills the first increment, then whole next increments; nothing for 0 seconds', () => {
    expect(billedUnits('voice', 0, 60, 60)).toBe(0);
    expect(billedUnits('voice', 1, 60, 60)).toBe(60);
    expect(billedUnits('voice', 60, 60, 60)).toBe(60);
    expect(billedUnits('voice', 61, 60, 60)).toBe(120);
    expect(billedUnits('voice', 61, 1, 1)).toBe(61);
    expect(billedUnits('voice', 7, 30, 6)).toBe(30);
    expect(billedUnits('voice', 31, 30, 6)).toBe(36);
    expect(billedUnits('sms', 3, 60, 60)).toBe(3);
  });
  it('charges per minute with the connect fee, rounded half up to 6 decimals', () => {
    const r = row({ unitPrice: '0.012345', firstIncrement: 1, nextIncrement: 1, connectFee: '0.001000' });
    // 7 s at 0.012345/min = 0.00144025 → 0.001440, + 0.001 connect fee
    expect(money(chargeOf('voice', r, 7).amount)).toBe('0.002440');
    // 10 s: 0.0020575 → 0.002058 (half up) + 0.001
    expect(money(chargeOf('voice', r, 10).amount)).toBe('0.003058');
    // 0 s: no charge, no connect fee
    expect(money(chargeOf('voice', r, 0).amount)).toBe('0.000000');
    const m = row({ unitPrice: '0.010000', firstIncrement: 60, nextIncrement: 60 });
    expect(chargeOf('voice', m, 61)).toMatchObject({ billed: 120 });
    expect(money(chargeOf('voice', m, 61).amount)).toBe('0.020000');
  });
  it('charges SMS per segment without float error', () => {
    const r = row({ destKind: 'network', dest: '46000', unitPrice: '0.100000' });
    expect(money(chargeOf('sms', r, 3).amount)).toBe('0.300000');
  });
});

describe('rating: effective dates', () => {
  const book = new BookIndex([
    row({
      destKind: 'network',
      dest: '46000',
      unitPrice: '0.010000',
      from: T('2026-01-01T00:00:00Z'),
      until: T('2026-03-01T00:00:00Z'),
    }),
    row({
      destKind: 'network',
      dest: '46000',
      unitPrice: '0.012000',
      from: T('2026-03-01T00:00:00Z'),
      until: T('2026-05-01T00:00:00Z'),
    }),
    row({ destKind: 'network', dest: '46000', unitPrice: '0.009000', from: T('2026-05-01T00:00:00Z') }),
  ]);
  const at = (s: string) => book.find('sms', { network: '46000', country: 'CN' }, T(s))?.unitPrice;
  it('answers the row in force at any moment, the end exclusive', () => {
    expect(at('2025-12-31T23:59:59Z')).toBeUndefined();
    expect(at('2026-01-01T00:00:00Z')).toBe('0.010000');
    expect(at('2026-02-28T23:59:59Z')).toBe('0.010000');
    expect(at('2026-03-01T00:00:00Z')).toBe('0.012000');
    expect(at('2026-05-01T00:00:00Z')).toBe('0.009000');
    expect(at('2030-01-01T00:00:00Z')).toBe('0.009000');
  });
  it('leaves a gap unanswered when a row was closed without a successor', () => {
    const b = new BookIndex([
      row({ destKind: 'country', dest: 'CN', from: T('2026-01-01T00:00:00Z'), until: T('2026-02-01T00:00:00Z') }),
    ]);
    expect(b.find('sms', { country: 'CN' }, T('2026-02-02T00:00:00Z'))).toBeUndefined();
  });
});

describe('rating: country default and categories', () => {
  const book = new BookIndex([
    row({ destKind: 'network', dest: '46000', unitPrice: '0.010000' }),
    row({ destKind: 'country', dest: 'CN', unitPrice: '0.030000' }),
    row({ destKind: 'country', dest: 'CN', category: 'marketing', unitPrice: '0.050000' }),
    row({ destKind: 'any', dest: '', unitPrice: '1.000000' }),
  ]);
  const at = T('2026-06-01T00:00:00Z');
  it('prices a network by its own row, another network of the country by the country default', () => {
    expect(book.find('sms', { network: '46000', country: 'CN' }, at)?.unitPrice).toBe('0.010000');
    expect(book.find('sms', { network: '46001', country: 'CN' }, at)?.unitPrice).toBe('0.030000');
  });
  it('prefers a category row, then the category-less one; a destination-less row last', () => {
    expect(book.find('whatsapp', { country: 'CN', category: 'marketing' }, at)?.unitPrice).toBe('0.050000');
    expect(book.find('whatsapp', { network: '46000', country: 'CN', category: 'utility' }, at)?.unitPrice).toBe(
      '0.010000',
    );
    expect(book.find('number', {}, at)?.unitPrice).toBe('1.000000');
  });
});
