import { z } from 'zod';
import { exportOptions } from '../files.js';
import { pageQuery } from '../paging.js';
import { int32, int32Id, text } from '../validation/scalars.js';
import { countryCode, currencyCode, day, keyword, nameEn, nameZh, rateText, version } from './scalars.js';

/**
 * Reference data owned by the system room (docs/domain.md "Reference data"): countries, mobile
 * networks (MCC/MNC), currencies and effective-dated exchange rates, our signing entities with
 * their bank accounts, banks, brands, time zones, and the messaging platform's currencies and
 * settings. Every room reads them through the system room's read services.
 */
export { RefPerm } from './perms.js';
/** networks, entities, banks, accounts and brands are resources: `@portal/contracts/reference/resources` */
export { countryCode, currencyCode, day, mccmnc, rateText } from './scalars.js';

export const REF_BASE = '/v2/sys/staff/ref';

const stamp = { version: int32(), updatedAt: text() };
const optionalText = (max: number) => text().trim().max(max).optional().default('');

// countries and time zones (read-only, from ISO 3166-1 and the runtime's IANA list)
export const countryOption = z.object({
  code: text(),
  alpha3: text(),
  numeric: text(),
  name: text(),
  nameEn: text(),
  /** international dialing code without '+', null where the numbering plan is unknown (Antarctica) */
  dialCode: text().nullable(),
});
export type CountryOption = z.infer<typeof countryOption>;

export const timeZoneOption = z.object({ id: text(), offset: text(), offsetMinutes: int32() });
export type TimeZoneOption = z.infer<typeof timeZoneOption>;

// mobile networks
export const operatorOptionsQuery = z.object({ country: countryCode().optional() });
export const operatorOption = z.object({
  id: int32(),
  mccmnc: text(),
  name: text(),
  nameEn: text(),
  countryCode: text().nullable(),
});
export type OperatorOption = z.infer<typeof operatorOption>;

// currencies and exchange rates
export const currencyRow = z.object({
  code: text(),
  numeric: text(),
  /** ISO 4217 minor unit digits: 2 for USD, 0 for JPY, 3 for KWD */
  digits: int32(),
  name: text(),
  nameEn: text(),
  symbol: text(),
  enabled: z.boolean(),
  ...stamp,
});
export type CurrencyRow = z.infer<typeof currencyRow>;
export const currencyPageQuery = pageQuery.extend({ keyword: keyword(), enabled: z.boolean().optional() });
export type CurrencyPageQuery = z.infer<typeof currencyPageQuery>;
export const currencyUpdateBody = z.object({
  code: currencyCode(),
  version: version(),
  name: nameZh(),
  nameEn: nameEn(),
  symbol: optionalText(8),
  enabled: z.boolean(),
});
export type CurrencyUpdateBody = z.infer<typeof currencyUpdateBody>;
export const currencyOption = z.object({ code: text(), name: text(), nameEn: text(), digits: int32(), symbol: text() });
export type CurrencyOption = z.infer<typeof currencyOption>;

export const RATE_SOURCES = ['manual', 'import'] as const;
export const rateRow = z.object({
  id: int32(),
  from: text(),
  to: text(),
  rate: text(),
  day: text(),
  source: z.enum(RATE_SOURCES),
  note: text(),
  updatedBy: text().nullable(),
  ...stamp,
});
export type RateRow = z.infer<typeof rateRow>;
export const ratePageQuery = pageQuery.extend({
  from: currencyCode().optional(),
  to: currencyCode().optional(),
  dayFrom: day().optional(),
  dayTo: day().optional(),
});
export type RatePageQuery = z.infer<typeof ratePageQuery>;
export const rateExportQuery = ratePageQuery.extend(exportOptions.shape);
const ratePair = z.object({ from: currencyCode(), to: currencyCode() });
export const rateSaveBody = ratePair
  .extend({ rate: rateText(), day: day(), note: optionalText(200) })
  .refine((b) => b.from !== b.to, { message: 'from and to must differ', path: ['to'] });
export type RateSaveBody = z.infer<typeof rateSaveBody>;
export const rateUpdateBody = z.object({
  id: int32Id(),
  version: version(),
  rate: rateText(),
  note: optionalText(200),
});
export type RateUpdateBody = z.infer<typeof rateUpdateBody>;
export const rateAtQuery = ratePair.extend({ day: day() });
/** how `rateAt` found the rate: same currency, the pair as entered, its inverse, or through the base currency */
export const RATE_VIAS = ['same', 'direct', 'inverse', 'base'] as const;
export const rateAnswer = z.object({
  from: text(),
  to: text(),
  day: text(),
  rate: text(),
  /** the day the rate (or the older of the two legs through the base) took effect */
  effectiveDay: text().nullable(),
  via: z.enum(RATE_VIAS),
});
export type RateAnswer = z.infer<typeof rateAnswer>;
/** columns of the rate import file (XLSX or CSV), in this order, with a header row */
export const RATE_IMPORT_COLUMNS = ['from', 'to', 'rate', 'day', 'note'] as const;
export const rateImportResult = z.object({
  /** rows written; 0 when any row is bad (nothing is written then) or on a dry run */
  imported: int32(),
  good: int32(),
  errors: z.array(z.object({ row: int32(), message: text() })),
});
export type RateImportResult = z.infer<typeof rateImportResult>;

export const entityOption = z.object({ id: int32(), code: text(), name: text(), nameEn: text(), currencyCode: text() });
export type EntityOption = z.infer<typeof entityOption>;
export const bankOption = z.object({ id: int32(), name: text(), nameEn: text(), swift: text() });

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

// the messaging platform's side (U platform): its billing currencies and settings
export const platformCurrencyRow = z.object({
  code: text(),
  name: text(),
  nameEn: text(),
  /** the code the platform's API uses for it (usually the ISO code) */
  platformCode: text(),
  /** decimals of unit prices on the platform (an SMS costs 0.0035 USD: 4) */
  priceDigits: int32(),
  enabled: z.boolean(),
  ...stamp,
});
export type PlatformCurrencyRow = z.infer<typeof platformCurrencyRow>;
export const platformCurrencyPageQuery = pageQuery.extend({ keyword: keyword() });
export const platformCurrencySaveBody = z.object({
  code: currencyCode(),
  platformCode: text()
    .trim()
    .regex(/^[A-Z0-9]{2,10}$/, 'a platform code of 2 to 10 capitals or digits'),
  priceDigits: z.number().int().min(0).max(8),
});
export type PlatformCurrencySaveBody = z.infer<typeof platformCurrencySaveBody>;
export const platformCurrencyUpdateBody = platformCurrencySaveBody.extend({ version: version(), enabled: z.boolean() });
export type PlatformCurrencyUpdateBody = z.infer<typeof platformCurrencyUpdateBody>;

export const platformConfig = z.object({
  /** the currency balances and rollups are kept in; rates without a direct pair go through it */
  baseCurrency: currencyCode(),
  /** a rate older than this many days is flagged as stale on screens and in conversions */
  rateStaleDays: z.number().int().min(1).max(366),
  /** where staff open the messaging platform's console */
  consoleUrl: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, message: 'a web address (http or https)' }).max(200)])
    .default(''),
  /** the time zone the platform's billing days are cut in */
  billingTimeZone: text().min(1).max(64).refine(isTimeZone, 'an IANA time zone such as Asia/Shanghai'),
});
export type PlatformConfig = z.infer<typeof platformConfig>;
export const platformConfigRow = platformConfig.extend(stamp);
export const platformConfigSaveBody = platformConfig.extend({ version: version() });
export type PlatformConfigSaveBody = z.infer<typeof platformConfigSaveBody>;
