import { describe, expect, it } from 'vitest';
import { routeByPath } from '../routes/index.js';
import {
  MARKETING_MAX_RECIPIENTS,
  MARKETING_PERM,
  marketingQuery,
  marketingRow,
  marketingSaveBody,
} from './marketing.js';

const one = { customerId: 7, email: ' Ann@Customer.Example ' };

describe('marketing mail contracts', () => {
  it('a draft needs a subject, content and 1–200 distinct recipients, addresses lower-cased', () => {
    const ok = marketingSaveBody.parse({ subject: 'Offer', content: '<p>x</p>', recipients: [one] });
    expect(ok.recipients).toEqual([{ customerId: 7, email: 'ann@customer.example', name: '' }]);
    const bad = (patch: object) =>
      marketingSaveBody.safeParse({ subject: 'Offer', content: '<p>x</p>', recipients: [one], ...patch }).success;
    expect(bad({ subject: '  ' })).toBe(false);
    expect(bad({ content: '' })).toBe(false);
    expect(bad({ recipients: [] })).toBe(false);
    expect(bad({ recipients: [one, { ...one, email: 'ann@customer.example' }] })).toBe(false);
    expect(bad({ recipients: [{ customerId: 0, email: 'a@b.example' }] })).toBe(false);
    expect(bad({ recipients: [{ customerId: 1, email: 'not an address' }] })).toBe(false);
    const many = Array.from({ length: MARKETING_MAX_RECIPIENTS + 1 }, (_, i) => ({
      customerId: 1,
      email: `c${i}@x.example`,
    }));
    expect(bad({ recipients: many })).toBe(false);
    expect(bad({ recipients: many.slice(1) })).toBe(true);
  });

  it('the list filters by the three statuses and by "only mine"', () => {
    expect(marketingQuery.parse({ status: 'sending', mine: true })).toMatchObject({ status: 'sending', mine: true });
    expect(marketingQuery.safeParse({ status: 'queued' }).success).toBe(false);
    expect(marketingQuery.safeParse({ mine: 'yes' }).success).toBe(false);
    expect(marketingRow.shape.status.options).toEqual(['draft', 'sending', 'sent']);
  });

  it('is guarded by the marketing mail list, a CRM menu page of its own', () => {
    const route = routeByPath('/crm/marketing-email')!;
    expect(route.hidden).toBeFalsy();
    expect(MARKETING_PERM).toBe('crm:marketing-email');
    expect(routeByPath('/crm/marketing-email/details')).toMatchObject({ perm: MARKETING_PERM, hidden: true });
    expect(routeByPath('/crm/marketing-email/edit')).toMatchObject({ perm: MARKETING_PERM, hidden: true });
  });
});
