import { countrySeeds, operatorSeeds } from '../system/reference/sources.js';

/** The active networks the demo books price, in code order (from the reference data's own sources, as srm's seed reads them). */
export async function refOperatorsForSeed(_db?: unknown) {
  const known = new Set(countrySeeds().map((c) => c.code));
  return operatorSeeds(known)
    .filter((o) => o.status === 'active' && o.countryCode)
    .map((o) => ({ mccmnc: o.mccmnc, countryCode: o.countryCode! }))
    .sort((a, b) => a.mccmnc.localeCompare(b.mccmnc));
}
