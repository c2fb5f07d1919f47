import {
  bankAccountResource,
  bankResource,
  brandResource,
  currencyResource,
  entityResource,
  operatorResource,
  platformCurrencyResource,
} from '@portal/contracts/reference/resources';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchColumnFor, searchIndex } from '../../../platform/db/search.js';

const stamp = {
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** ISO 3166-1 countries and regions, seeded from i18n-iso-countries and libphonenumber-js; read-only. */
export const refCountries = pgTable('ref_countries', {
  code: text('code').primaryKey(),
  alpha3: text('alpha3').notNull(),
  numeric: text('numeric').notNull(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  dialCode: text('dial_code'),
});

/**
 * Mobile networks by MCC + MNC, seeded from mcc-mnc-list and kept by administrators. A merged
 * network keeps its codes; they report under `merged_into` from then on (operatorOf follows it).
 */
export const refOperators = pgTable(
  'ref_operators',
  {
    id: serial('id').primaryKey(),
    mccmnc: text('mccmnc').notNull(),
    mcc: text('mcc').notNull(),
    mnc: text('mnc').notNull(),
    countryCode: text('country_code').references(() => refCountries.code),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    brand: text('brand'),
    status: text('status').notNull().default('active'),
    mergedInto: integer('merged_into'),
    source: text('source').notNull().default('seed'),
    search: searchColumnFor(operatorResource),
    ...stamp,
  },
  (t) => [
    uniqueIndex('ref_operators_mccmnc_idx').on(t.mccmnc),
    index('ref_operators_country_idx').on(t.countryCode, t.mccmnc),
    index('ref_operators_merged_into_idx').on(t.mergedInto),
    index('ref_operators_mcc_idx').on(t.mcc, t.mnc),
    index('ref_operators_mnc_idx').on(t.mnc),
    index('ref_operators_status_idx').on(t.status),
    searchIndex('ref_operators_search_trgm', t.search),
  ],
);

/** ISO 4217 currencies, seeded from currency-codes with names from the runtime's CLDR data. */
export const refCurrencies = pgTable(
  'ref_currencies',
  {
    code: text('code').primaryKey(),
    /** the resource kernel's record id; other tables keep pointing at the code */
    id: serial('id').notNull(),
    numeric: text('numeric').notNull(),
    digits: smallint('digits').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    symbol: text('symbol').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    search: searchColumnFor(currencyResource),
    ...stamp,
  },
  (t) => [
    uniqueIndex('ref_currencies_id_idx').on(t.id),
    index('ref_currencies_enabled_idx').on(t.enabled, t.code),
    searchIndex('ref_currencies_search_trgm', t.search),
  ],
);

/** Effective-dated exchange rates: 1 `from` = `rate` `to` from `day` on, until a later day's row. */
export const refRates = pgTable(
  'ref_rates',
  {
    id: serial('id').primaryKey(),
    fromCode: text('from_code')
      .notNull()
      .references(() => refCurrencies.code),
    toCode: text('to_code')
      .notNull()
      .references(() => refCurrencies.code),
    rate: numeric('rate', { precision: 22, scale: 10 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull().default('manual'),
    note: text('note').notNull().default(''),
    updatedBy: integer('updated_by'),
    ...stamp,
  },
  (t) => [
    uniqueIndex('ref_rates_pair_day_idx').on(t.fromCode, t.toCode, t.day),
    index('ref_rates_to_day_idx').on(t.toCode, t.day),
    index('ref_rates_day_idx').on(t.day.desc().nullsFirst(), t.id),
    check('ref_rates_positive', sql`${t.rate} > 0`),
    check('ref_rates_pair', sql`${t.fromCode} <> ${t.toCode}`),
  ],
);

/** Our signing entities (签约主体): the companies contracts and bills are issued by. */
export const refEntities = pgTable(
  'ref_entities',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => refCountries.code),
    currencyCode: text('currency_code')
      .notNull()
      .references(() => refCurrencies.code),
    taxId: text('tax_id'),
    address: text('address'),
    enabled: boolean('enabled').notNull().default(true),
    search: searchColumnFor(entityResource),
    ...stamp,
  },
  (t) => [
    uniqueIndex('ref_entities_code_idx').on(t.code),
    index('ref_entities_country_idx').on(t.countryCode),
    index('ref_entities_enabled_idx').on(t.enabled),
    searchIndex('ref_entities_search_trgm', t.search),
  ],
);

export const refBanks = pgTable(
  'ref_banks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    swift: text('swift').notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => refCountries.code),
    enabled: boolean('enabled').notNull().default(true),
    search: searchColumnFor(bankResource),
    ...stamp,
  },
  (t) => [
    uniqueIndex('ref_banks_swift_idx').on(t.swift),
    index('ref_banks_country_idx').on(t.countryCode),
    searchIndex('ref_banks_search_trgm', t.search),
  ],
);

/** The accounts our entities hold, shown on bills and used to match incoming payments. */
export const refBankAccounts = pgTable(
  'ref_bank_accounts',
  {
    id: serial('id').primaryKey(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => refEntities.id),
    bankId: integer('bank_id')
      .notNull()
      .references(() => refBanks.id),
    accountName: text('account_name').notNull(),
    accountNo: text('account_no').notNull(),
    currencyCode: text('currency_code')
      .notNull()
      .references(() => refCurrencies.code),
    enabled: boolean('enabled').notNull().default(true),
    search: searchColumnFor(bankAccountResource),
    ...stamp,
  },
  (t) => [
    uniqueIndex('ref_bank_accounts_no_idx').on(t.bankId, t.accountNo),
    index('ref_bank_accounts_entity_idx').on(t.entityId),
    index('ref_bank_accounts_currency_idx').on(t.currencyCode),
    index('ref_bank_accounts_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
    searchIndex('ref_bank_accounts_search_trgm', t.search),
  ],
);

/** Trading brands (品牌) that quotes and bills carry, each signed by one of our entities. */
export const refBrands = pgTable(
  'ref_brands',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => refEntities.id),
    website: text('website'),
    supportEmail: text('support_email'),
    enabled: boolean('enabled').notNull().default(true),
    search: searchColumnFor(brandResource),
    ...stamp,
  },
  (t) => [
    uniqueIndex('ref_brands_code_idx').on(t.code),
    index('ref_brands_entity_idx').on(t.entityId),
    searchIndex('ref_brands_search_trgm', t.search),
  ],
);

/** Currencies the messaging platform bills in (U 平台币种), with its code and price precision. */
export const refPlatformCurrencies = pgTable(
  'ref_platform_currencies',
  {
    code: text('code')
      .primaryKey()
      .references(() => refCurrencies.code),
    /** the resource kernel's record id; the platform's settings keep pointing at the code */
    id: serial('id').notNull(),
    platformCode: text('platform_code').notNull(),
    priceDigits: smallint('price_digits').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    search: searchColumnFor(platformCurrencyResource),
    ...stamp,
  },
  (t) => [
    uniqueIndex('ref_platform_currencies_id_idx').on(t.id),
    searchIndex('ref_platform_currencies_search_trgm', t.search),
  ],
);

/** The messaging platform's settings (U 平台配置): one row. */
export const refPlatformConfig = pgTable(
  'ref_platform_config',
  {
    id: smallint('id').primaryKey().default(1),
    baseCurrency: text('base_currency')
      .notNull()
      .references(() => refCurrencies.code),
    rateStaleDays: smallint('rate_stale_days').notNull().default(7),
    consoleUrl: text('console_url').notNull().default(''),
    billingTimeZone: text('billing_time_zone').notNull().default('UTC'),
    ...stamp,
  },
  (t) => [check('ref_platform_config_one_row', sql`${t.id} = 1`)],
);
