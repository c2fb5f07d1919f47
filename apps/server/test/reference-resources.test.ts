import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { currencies } from '../src/modules/system/reference/currencies.js';
import { platformCurrencies } from '../src/modules/system/reference/platform-side.js';
import { rates } from '../src/modules/system/reference/rates.js';
import { refCurrencies, refPlatformCurrencies, refRates } from '../src/modules/system/reference/schema.js';
import { startTestApp, type TestApp } from './harness.js';
import { describeResource } from './support/describe-resource.js';

let t: TestApp;
/** the enabled ISO currencies, in code order: the suite's records pick from them */
let codes: string[] = [];
let made = 0;
beforeAll(async () => {
  t = await startTestApp();
  const enabled = await t.p.db
    .select({ code: refCurrencies.code })
    .from(refCurrencies)
    .where(eq(refCurrencies.enabled, true));
  codes = enabled.map((r) => r.code).sort();
}, 60_000);
afterAll(() => t?.close());

/** Currencies are seeded from ISO 4217, never created: the suite edits what the seed holds. */
describeResource(currencies, {
  app: () => t,
  update: { symbol: '¤', name: '套件改名' },
  filters: { keyword: 'yen', enabled: true },
  ownedRecord: async () => {
    const [c] = await t.p.db
      .select({ id: refCurrencies.id })
      .from(refCurrencies)
      .where(eq(refCurrencies.code, codes[made++ % 20]!));
    return c!.id;
  },
});

/** Each rate a new day of USD/EUR (a pair and day are entered once). */
describeResource(rates, {
  app: () => t,
  sample: (n) => ({ from: 'USD', to: 'EUR', rate: `0.9${n}`, day: `2025-01-${String(n).padStart(2, '0')}` }),
  update: { rate: '0.88', note: 'corrected by the suite' },
  filters: { from: 'USD', to: 'EUR', day: ['2025-01-01', '2025-12-31'] },
  ownedRecord: async () => {
    const [r] = await t.p.db
      .insert(refRates)
      .values({
        fromCode: 'EUR',
        toCode: 'USD',
        rate: '1.1',
        day: `2024-02-${String(++made % 28 || 28).padStart(2, '0')}`,
        source: 'import',
      })
      .onConflictDoNothing()
      .returning({ id: refRates.id });
    return r?.id ?? (await t.p.db.select({ id: refRates.id }).from(refRates).limit(1))[0]!.id;
  },
});

/** The platform bills in a few currencies: the suite adds others of the ISO list. */
describeResource(platformCurrencies, {
  app: () => t,
  sample: (n) => {
    const code = codes[20 + n]!;
    return { code, platformCode: code, priceDigits: 4 };
  },
  update: { priceDigits: 6, platformCode: 'SUITE' },
  filters: { keyword: 'usd' },
  ownedRecord: async () => {
    const code = codes[60 + ++made]!;
    const [r] = await t.p.db
      .insert(refPlatformCurrencies)
      .values({ code, platformCode: code, priceDigits: 2 })
      .onConflictDoNothing()
      .returning({ id: refPlatformCurrencies.id });
    return r?.id ?? (await t.p.db.select({ id: refPlatformCurrencies.id }).from(refPlatformCurrencies).limit(1))[0]!.id;
  },
});
