import { createRequire } from 'node:module';
import currencyCodes from 'currency-codes';
import countries from 'i18n-iso-countries';
import { getCountryCallingCode } from 'libphonenumber-js';
import mccMncList from 'mcc-mnc-list';

/**
 * What the maintained data packages say (docs/decisions "reference data"): the seeds are built
 * from these, once, and administrators' edits win over them afterwards.
 */
const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/zh.json'));
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

export interface CountrySeed {
  code: string;
  alpha3: string;
  numeric: string;
  name: string;
  nameEn: string;
  dialCode: string | null;
}

export function countrySeeds(): CountrySeed[] {
  return Object.keys(countries.getAlpha2Codes()).map((code) => {
    let dialCode: string | null = null;
    try {
      dialCode = getCountryCallingCode(code as Parameters<typeof getCountryCallingCode>[0]);
    } catch {
      // no numbering plan (Antarctica, Bouvet Island…)
    }
    return {
      code,
      alpha3: countries.alpha2ToAlpha3(code) ?? code,
      numeric: countries.alpha2ToNumeric(code) ?? '',
      name: countries.getName(code, 'zh') ?? code,
      nameEn: countries.getName(code, 'en') ?? code,
      dialCode,
    };
  });
}

/** ISO 4217 codes that are funds, metals or testing units, not money staff bill in: seeded disabled. */
const NOT_MONEY = new Set(['BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW', 'XSU', 'XUA']);
const zhCurrency = new Intl.DisplayNames(['zh-CN'], { type: 'currency' });
const enCurrency = new Intl.DisplayNames(['en'], { type: 'currency' });
const symbolOf = (code: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
    .formatToParts(0)
    .find((p) => p.type === 'currency')?.value ?? code;

export function currencySeeds() {
  return currencyCodes.data.map((c) => {
    const metal = c.digits == null || (c.code.startsWith('X') && !['XAF', 'XCD', 'XOF', 'XPF'].includes(c.code));
    return {
      code: c.code,
      numeric: c.number,
      digits: c.digits ?? 0,
      name: zhCurrency.of(c.code) ?? c.currency,
      nameEn: enCurrency.of(c.code) ?? c.currency,
      symbol: symbolOf(c.code),
      enabled: !metal && !NOT_MONEY.has(c.code),
    };
  });
}
export const currencyDataDate = currencyCodes.publishDate;

const INACTIVE = new Set(['Not operational', 'Returned spare', 'Reserved']);

export interface OperatorSeed {
  mccmnc: string;
  mcc: string;
  mnc: string;
  countryCode: string | null;
  name: string;
  nameEn: string;
  brand: string | null;
  status: 'active' | 'inactive';
}

/**
 * One network per MCC+MNC: where the list has several rows for a code (shared or re-assigned
 * codes) the operational one wins. Codes outside E.212's 2-3 digit MNC are left out; a list country
 * such as 'GE-AB' or 'BL/GF/GP' links to its first ISO country.
 */
export function operatorSeeds(knownCountries: ReadonlySet<string>): OperatorSeed[] {
  const out = new Map<string, OperatorSeed & { operational: boolean }>();
  for (const r of mccMncList.all()) {
    if (!r.mcc || !r.mnc || !/^\d{3}$/.test(r.mcc) || !/^\d{2,3}$/.test(r.mnc)) continue;
    const mccmnc = r.mcc + r.mnc;
    const operational = r.status === 'Operational';
    const seen = out.get(mccmnc);
    if (seen && (seen.operational || !operational)) continue;
    const country = (r.countryCode ?? '').slice(0, 2);
    const name = (r.brand || r.operator || mccmnc).trim();
    out.set(mccmnc, {
      mccmnc,
      mcc: r.mcc,
      mnc: r.mnc,
      countryCode: knownCountries.has(country) ? country : null,
      name,
      nameEn: name,
      brand: r.operator?.trim() || null,
      status: INACTIVE.has(r.status ?? '') ? 'inactive' : 'active',
      operational,
    });
  }
  return [...out.values()].map(({ operational: _, ...o }) => o);
}
