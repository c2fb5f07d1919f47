import { z } from 'zod';
import { int32, text } from '../validation/scalars.js';
import { countryCode, currencyCode, day, rateText, version } from './scalars.js';

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
export const currencyOption = z.object({ code: text(), name: text(), nameEn: text(), digits: int32(), symbol: text() });
export type CurrencyOption = z.infer<typeof currencyOption>;

const ratePair = z.object({ from: currencyCode(), to: currencyCode() });
export const rateSaveBody = ratePair
  .extend({ rate: rateText(), day: day(), note: optionalText(200) })
  .refine((b) => b.from !== b.to, { message: 'from and to must differ', path: ['to'] });
export type RateSaveBody = z.infer<typeof rateSaveBody>;
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
