import type { ReportFigures } from '@portal/contracts/reports';
import { describe, expect, it } from 'vitest';
import { figureLines } from './figures';

const base = {
  count: 2010,
  delivered: 2010,
  deliveryRate: '100.00',
  revenue: '100.500000',
  consumption: '100.500000',
  balance: null,
  creditLine: null,
  daysLeft: null,
  firstDay: null,
  minutes: '0.00',
  acd: null,
  sessions: 0,
  read: 0,
  readRate: null,
  dlrTime: null,
} satisfies Partial<ReportFigures>;

describe('a report row’s money (decision 0109)', () => {
  it('shows cost in other currencies per currency, and "-" for profit and margin', () => {
    const apart: ReportFigures = {
      ...base,
      costs: [
        { currency: 'EUR', amount: '60.000000' },
        { currency: 'USD', amount: '0.200000' },
      ],
      cost: null,
      profit: null,
      margin: null,
    };
    expect(figureLines('cost', apart)).toEqual(['60.00 EUR', '0.20 USD']);
    expect(figureLines('profit', apart)).toEqual(['-']);
    expect(figureLines('margin', apart)).toEqual(['-']);
    expect(figureLines('revenue', apart)).toEqual(['100.50']);
  });

  it('shows cost, profit and margin where all cost is in the price’s currency', () => {
    const own: ReportFigures = {
      ...base,
      costs: [{ currency: 'USD', amount: '40.200000' }],
      cost: '40.200000',
      profit: '60.300000',
      margin: '60.00',
    };
    expect(figureLines('cost', own)).toEqual(['40.20']);
    expect(figureLines('profit', own)).toEqual(['60.30']);
    expect(figureLines('margin', own)).toEqual(['60.00%']);
    // no cost at all: zero, not "-"
    expect(figureLines('cost', { ...own, costs: [], cost: '0.000000' })).toEqual(['0.00']);
  });
});
