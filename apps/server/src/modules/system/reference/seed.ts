import type { Db } from '../../../platform/db/index.js';
import { refCountries, refCurrencies, refOperators, refPlatformConfig, refPlatformCurrencies } from './schema.js';
import { countrySeeds, currencySeeds, operatorSeeds } from './sources.js';

const BATCH = 500;
const inBatches = async <T>(rows: T[], write: (batch: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
};

/**
 * Countries, currencies and mobile networks from their data packages, and the messaging platform's
 * starting settings (base currency USD). Idempotent: rows already there, edited or not, are kept.
 */
export async function seedReference(db: Db): Promise<void> {
  const countries = countrySeeds();
  await inBatches(countries, (b) => db.insert(refCountries).values(b).onConflictDoNothing());
  await inBatches(currencySeeds(), (b) => db.insert(refCurrencies).values(b).onConflictDoNothing());
  const known = new Set(countries.map((c) => c.code));
  await inBatches(operatorSeeds(known), (b) => db.insert(refOperators).values(b).onConflictDoNothing());
  await db.insert(refPlatformConfig).values({ id: 1, baseCurrency: 'USD' }).onConflictDoNothing();
  await db
    .insert(refPlatformCurrencies)
    .values({ code: 'USD', platformCode: 'USD', priceDigits: 4 })
    .onConflictDoNothing();
}
