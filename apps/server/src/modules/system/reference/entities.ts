import {
  bankAccountResource,
  bankResource,
  brandResource,
  entityResource,
} from '@portal/contracts/reference/resources';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { nameInSql } from '../../../platform/i18n/names.js';
import type { Values } from '../../../platform/resource/bind.js';
import { bindResource, localized, type WriteContext } from '../../../platform/resource/index.js';
import { assertCurrency } from './currencies.js';
import { assertCountry } from './operators.js';
import { refBankAccounts, refBanks, refBrands, refEntities } from './schema.js';
import { changed } from './store.js';

/** The name of a row of `table` in the reader's language (`alias.name` / `alias.name_en`). */
const nameOf = (table: string, alias = table) =>
  localized((l) => nameInSql(l, sql.raw(`"${alias}"."name"`), sql.raw(`"${alias}"."name_en"`)));
/** The localized name of the row `fk` of `owner` points at in `table`. */
const linkedName = (owner: string, fk: string, table: string) =>
  localized(
    (l) =>
      sql`(select ${nameInSql(l, sql.raw('x.name'), sql.raw('x.name_en'))} from ${sql.raw(table)} x where x.id = ${sql.raw(`"${owner}"."${fk}"`)})`,
  );

/**
 * The code and localized name of the contracting entity `fk` (an SQL id) points at: how another room's
 * list names an entity it keeps only the id of (finance's entity settlement, decision 0119).
 */
export const entityNameSql = (fk: SQL) =>
  localized(
    (l) =>
      sql`(select x.code || ' ' || ${nameInSql(l, sql.raw('x.name'), sql.raw('x.name_en'))} from ref_entities x where x.id = ${fk})`,
  );

/** The entity or bank a row points at must exist and be enabled. */
async function assertEnabled(tx: DbOrTx, table: typeof refEntities | typeof refBanks, id: unknown) {
  if (typeof id !== 'number') return;
  const [row] = await tx.select({ enabled: table.enabled, name: table.name }).from(table).where(eq(table.id, id));
  if (!row) throw new AppError('REFERENCE_INVALID');
  if (!row.enabled) throw new AppError('REF_REFERENCE_DISABLED', { vars: { value: row.name } });
}

/** A switch cleared in an update keeps its default (enabled) instead of null. */
const blanks = (patch: Values): Values => (patch.enabled === null ? { enabled: true } : {});

const entitiesChanged = (ctx: WriteContext) => ctx.afterCommit(() => changed(ctx.p.bus, 'entities'));

async function checkEntity(ctx: WriteContext, v: Values) {
  await assertCountry(ctx.tx, v.countryCode);
  if (typeof v.currencyCode === 'string') await assertCurrency(ctx.tx, v.currencyCode);
  entitiesChanged(ctx);
}

/** Our signing entities (签约主体). */
export const entities = bindResource(entityResource, {
  table: refEntities,
  search: { keyword: refEntities.search },
  columns: {
    code: refEntities.code,
    name: refEntities.name,
    nameEn: refEntities.nameEn,
    displayName: nameOf('ref_entities'),
    countryCode: refEntities.countryCode,
    currencyCode: refEntities.currencyCode,
    taxId: refEntities.taxId,
    address: refEntities.address,
    enabled: refEntities.enabled,
    accountCount: sql`(select count(*)::int from ref_bank_accounts a where a.entity_id = "ref_entities"."id")`,
    updatedAt: refEntities.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      await checkEntity(ctx, input);
      return { enabled: input.enabled ?? true };
    },
    async beforeUpdate(ctx, _before, patch) {
      await checkEntity(ctx, patch);
      return { ...blanks(patch), updatedAt: new Date() };
    },
  },
});

/** ISO 9362: a BIC's letters 5-6 are the bank's country. */
function checkBic(swift: string, country: string) {
  if (swift.slice(4, 6) !== country)
    throw new AppError('VALIDATION_FAILED', {
      data: [{ field: 'body.swift', message: "the SWIFT/BIC's letters 5-6 must be the bank's country" }],
    });
}

/** Banks our accounts are held at. */
export const banks = bindResource(bankResource, {
  table: refBanks,
  search: { keyword: refBanks.search },
  columns: {
    name: refBanks.name,
    nameEn: refBanks.nameEn,
    displayName: nameOf('ref_banks'),
    swift: refBanks.swift,
    countryCode: refBanks.countryCode,
    enabled: refBanks.enabled,
    updatedAt: refBanks.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const swift = String(input.swift).toUpperCase();
      await assertCountry(ctx.tx, input.countryCode);
      checkBic(swift, String(input.countryCode));
      return { swift, enabled: input.enabled ?? true };
    },
    async beforeUpdate(ctx, before, patch) {
      const swift = String(patch.swift ?? before.swift).toUpperCase();
      await assertCountry(ctx.tx, patch.countryCode);
      checkBic(swift, String(patch.countryCode ?? before.countryCode));
      return { ...blanks(patch), swift, updatedAt: new Date() };
    },
  },
});

export const bankOptions = (db: Db) =>
  db
    .select({ id: refBanks.id, name: refBanks.name, nameEn: refBanks.nameEn, swift: refBanks.swift })
    .from(refBanks)
    .where(eq(refBanks.enabled, true))
    .orderBy(asc(refBanks.nameEn));

/** An account number as banks print it: no spaces, letters in capitals, 4 to 34 characters. */
function accountNumber(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const n = v.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z0-9-]{4,34}$/.test(n))
    throw new AppError('VALIDATION_FAILED', {
      data: [{ field: 'body.accountNo', message: 'an account number or IBAN (4 to 34 letters and digits)' }],
    });
  return n;
}

async function checkAccount(ctx: WriteContext, v: Values) {
  await assertEnabled(ctx.tx, refEntities, v.entityId);
  await assertEnabled(ctx.tx, refBanks, v.bankId);
  if (typeof v.currencyCode === 'string') await assertCurrency(ctx.tx, v.currencyCode);
  const accountNo = accountNumber(v.accountNo);
  return accountNo ? { accountNo } : {};
}

/** The accounts our entities hold, shown on bills and used to match incoming payments. */
export const bankAccounts = bindResource(bankAccountResource, {
  table: refBankAccounts,
  search: { keyword: refBankAccounts.search },
  columns: {
    entityId: refBankAccounts.entityId,
    entityName: linkedName('ref_bank_accounts', 'entity_id', 'ref_entities'),
    bankId: refBankAccounts.bankId,
    bankName: linkedName('ref_bank_accounts', 'bank_id', 'ref_banks'),
    swift: sql`(select b.swift from ref_banks b where b.id = "ref_bank_accounts"."bank_id")`,
    accountName: refBankAccounts.accountName,
    accountNo: refBankAccounts.accountNo,
    currencyCode: refBankAccounts.currencyCode,
    enabled: refBankAccounts.enabled,
    updatedAt: refBankAccounts.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      return { ...(await checkAccount(ctx, input)), enabled: input.enabled ?? true };
    },
    async beforeUpdate(ctx, _before, patch) {
      return { ...(await checkAccount(ctx, patch)), ...blanks(patch), updatedAt: new Date() };
    },
  },
});

/** Trading brands (品牌) quotes and bills carry, each signed by one of our entities. */
export const brands = bindResource(brandResource, {
  table: refBrands,
  search: { keyword: refBrands.search },
  columns: {
    code: refBrands.code,
    name: refBrands.name,
    nameEn: refBrands.nameEn,
    displayName: nameOf('ref_brands'),
    entityId: refBrands.entityId,
    entityName: linkedName('ref_brands', 'entity_id', 'ref_entities'),
    website: refBrands.website,
    supportEmail: refBrands.supportEmail,
    enabled: refBrands.enabled,
    updatedAt: refBrands.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      await assertEnabled(ctx.tx, refEntities, input.entityId);
      return { enabled: input.enabled ?? true };
    },
    async beforeUpdate(ctx, _before, patch) {
      await assertEnabled(ctx.tx, refEntities, patch.entityId);
      return { ...blanks(patch), updatedAt: new Date() };
    },
  },
});

/** The demo's contracting entities (decision 0119): a Hong Kong, a Singapore and a mainland company. */
const DEMO_ENTITIES = [
  {
    code: 'XT-HK',
    name: '讯通（香港）有限公司',
    nameEn: 'Xuntong (Hong Kong) Ltd',
    countryCode: 'HK',
    currencyCode: 'USD',
  },
  {
    code: 'XT-SG',
    name: '讯通新加坡私人有限公司',
    nameEn: 'Xuntong Singapore Pte Ltd',
    countryCode: 'SG',
    currencyCode: 'USD',
  },
  {
    code: 'XT-CN',
    name: '深圳讯通科技有限公司',
    nameEn: 'Shenzhen Xuntong Technology Co',
    countryCode: 'CN',
    currencyCode: 'CNY',
  },
] as const;

/**
 * The demo seed's contracting entities when there are none: three of ours, so the demo's accounts and
 * suppliers can be signed by different ones (entity settlement's demo, decision 0119). Answers the
 * enabled entities' ids by id; idempotent (a code already there is left alone).
 */
export async function ensureDemoEntities(db: Db): Promise<number[]> {
  const have = await db.select({ id: refEntities.id }).from(refEntities).where(eq(refEntities.enabled, true));
  if (have.length < 2)
    await db
      .insert(refEntities)
      .values([...DEMO_ENTITIES])
      .onConflictDoNothing();
  return (
    await db
      .select({ id: refEntities.id })
      .from(refEntities)
      .where(eq(refEntities.enabled, true))
      .orderBy(asc(refEntities.id))
  ).map((r) => r.id);
}
