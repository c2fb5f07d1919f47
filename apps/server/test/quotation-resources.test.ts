import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { aiQuoteRuns } from '../src/modules/quotation/ai-quote/list.js';
import { billingMethods } from '../src/modules/quotation/billing-methods.js';
import { azGroups, quoteGroups } from '../src/modules/quotation/groups.js';
import { smsPriceLimits, tariffs } from '../src/modules/quotation/limits.js';
import { quoteEmails } from '../src/modules/quotation/mails/list.js';
import {
  qmAiQuoteRuns,
  qmBillingMethods,
  qmGroupMembers,
  qmGroups,
  qmPriceLimits,
  qmQuoteEmails,
  qmSpecialPrices,
  qmSupplierQuotes,
} from '../src/modules/quotation/schema.js';
import { specialPrices } from '../src/modules/quotation/special-list.js';
import { supplierQuotes } from '../src/modules/quotation/supplier-quote-list.js';
import { startTestApp, type TestApp } from './harness.js';
import { describeResource } from './support/describe-resource.js';

let t: TestApp;
let made = 0;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
}, 60_000);
afterAll(() => t?.close());

describeResource(billingMethods, {
  app: () => t,
  sample: (n) => ({
    code: `TEST-${n}`,
    name: `测试计费 ${n}`,
    nameEn: `Test billing ${n}`,
    product: n % 2 ? 'sms' : 'voice',
    basis: 'delivery',
    firstIncrement: 60,
    nextIncrement: 60,
    enabled: true,
  }),
  update: { basis: 'submit', remark: 'changed by the suite' },
  filters: { product: 'sms', basis: 'delivery' },
  ownedRecord: async () => {
    const [r] = await t.p.db
      .insert(qmBillingMethods)
      .values({ code: `OWN-${++made}`, name: '自有', nameEn: 'Own', product: 'sms', basis: 'submit' })
      .returning({ id: qmBillingMethods.id });
    return r!.id;
  },
});

describeResource(specialPrices, {
  app: () => t,
  filters: { state: 'pending' },
  ownedRecord: async (_t, userId) => {
    const [r] = await t.p.db
      .insert(qmSpecialPrices)
      .values({
        bookKind: 'group',
        bookId: 1,
        product: 'sms',
        destKind: 'network',
        dest: '46000',
        unitPrice: '0.001',
        currency: 'USD',
        effectiveFrom: new Date(),
        limitText: '≥ 0.01 USD',
        reason: 'conformance',
        applicantId: userId,
      })
      .returning({ id: qmSpecialPrices.id });
    return r!.id;
  },
});

describeResource(supplierQuotes, {
  app: () => t,
  filters: { state: 'pending', product: 'sms' },
  ownedRecord: async (_t, userId) => {
    const [r] = await t.p.db
      .insert(qmSupplierQuotes)
      .values({
        channelId: 1,
        channelCode: 'CONF',
        product: 'sms',
        destKind: 'network',
        dest: '46000',
        oldCost: '0.004',
        unitPrice: '0.006',
        currency: 'USD',
        effectiveFrom: new Date(),
        raise: true,
        overPrice: false,
        affected: [],
        affectedCount: 0,
        applicantId: userId,
      })
      .returning({ id: qmSupplierQuotes.id });
    return r!.id;
  },
});

/** a group's sent quote belongs to its sender's data scope (an account's, to its customer's owner: quotation-mail.test.ts) */
const SENT = new Date('2026-10-20T08:00:00Z');
describeResource(quoteEmails, {
  app: () => t,
  filters: {
    bookKind: 'group',
    product: 'sms',
    bookId: 990_001,
    sentAt: ['2026-10-19T00:00:00Z', '2026-10-21T00:00:00Z'],
  },
  ownedRecord: async (_t, userId) => {
    const [r] = await t.p.db
      .insert(qmQuoteEmails)
      .values({
        bookKind: 'group',
        bookId: 990_001,
        bookName: 'Conformance group',
        product: 'sms',
        locale: 'en',
        toList: [{ email: 'buyer@customer.example' }],
        ccList: [],
        subject: `Conformance quote ${++made}`,
        html: '<p>quote</p>',
        rows: [],
        effectiveFrom: SENT,
        linkExpiresAt: new Date(SENT.getTime() + 30 * 86_400_000),
        sentBy: userId,
        sentAt: SENT,
      })
      .returning({ id: qmQuoteEmails.id });
    return r!.id;
  },
});

/** quote groups of one kind: a seeded member account finds its group */
for (const [bound, kind] of [
  [quoteGroups, 'quote'],
  [azGroups, 'az'],
] as const)
  describeResource(bound, {
    app: () => t,
    sample: (n) => ({ name: `Conformance ${kind} ${n}`, currency: 'USD', accountIds: [] }),
    update: { remark: 'changed by the suite' },
    filters: {
      accountIds: async () =>
        (await t.p.db.select().from(qmGroupMembers).where(eq(qmGroupMembers.kind, kind)).limit(1))[0]!.accountId,
    },
    ownedRecord: async () => {
      const [r] = await t.p.db
        .insert(qmGroups)
        .values({ kind, name: `Own ${kind} ${++made}`, currency: 'USD' })
        .returning({ id: qmGroups.id });
      return r!.id;
    },
  });

/** a country code no seed uses (user-assigned XA–XZ, then further letters), one per limit made */
let codes = 23 * 26;
const freshCountry = () => {
  const i = codes++;
  return String.fromCharCode(65 + (Math.floor(i / 26) % 26)) + String.fromCharCode(65 + (i % 26));
};
const seededCountry = (product: 'sms' | 'voice') => async () =>
  (
    await t.p.db
      .select({ country: qmPriceLimits.country })
      .from(qmPriceLimits)
      .where(and(eq(qmPriceLimits.product, product), isNull(qmPriceLimits.network)))
      .limit(1)
  )[0]!.country;
const ownLimit = (product: 'sms' | 'voice') => async () => {
  const [r] = await t.p.db
    .insert(qmPriceLimits)
    .values({ product, country: freshCountry(), minPrice: '0.01', currency: 'USD' })
    .returning({ id: qmPriceLimits.id });
  return r!.id;
};

describeResource(smsPriceLimits, {
  app: () => t,
  sample: () => ({ country: freshCountry(), minPrice: '0.012', currency: 'USD' }),
  update: { minMarginPct: 8 },
  filters: { country: seededCountry('sms') },
  ownedRecord: ownLimit('sms'),
});

describeResource(tariffs, {
  app: () => t,
  sample: () => ({ product: 'voice', country: freshCountry(), minPrice: '0.03', currency: 'USD' }),
  update: { minPrice: '0.035' },
  filters: { product: 'voice', country: seededCountry('voice') },
  ownedRecord: ownLimit('voice'),
});

describeResource(aiQuoteRuns, {
  app: () => t,
  filters: {
    outcome: 'draft',
    product: 'sms',
    mappedBy: 'rules',
    createdAt: ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'],
  },
  ownedRecord: async (_t, userId) => {
    const [r] = await t.p.db
      .insert(qmAiQuoteRuns)
      .values({
        channelId: 1,
        channelCode: 'CONF',
        product: 'sms',
        sourceKind: 'file',
        source: 'conformance.csv',
        mappedBy: 'rules',
        mapping: { mcc: 0, mnc: 1, rate: 2 },
        mappingText: 'mcc ← MCC; mnc ← MNC; rate ← Rate',
        headerRow: 1,
        rowsRead: 2,
        rowsUnderstood: 1,
        rowsNotUnderstood: 1,
        reasons: '3 mcc: not three digits',
        userId,
      })
      .returning({ id: qmAiQuoteRuns.id });
    return r!.id;
  },
});
