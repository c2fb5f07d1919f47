import type {
  BankAccountPageQuery,
  BankAccountRow,
  BankAccountSaveBody,
  BankAccountUpdateBody,
  BankPageQuery,
  BankRow,
  BankSaveBody,
  BankUpdateBody,
  BrandPageQuery,
  BrandRow,
  BrandSaveBody,
  BrandUpdateBody,
  EntityPageQuery,
  EntityRow,
  EntitySaveBody,
  EntityUpdateBody,
} from '@portal/contracts/reference';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/index.js';
import { containsPattern } from '../../../platform/db/like.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { AppError } from '../../../platform/http/errors.js';
import { assertCurrency } from './currencies.js';
import { refBankAccounts, refBanks, refBrands, refCountries, refEntities } from './schema.js';
import { changed, iso, pageOf, unique, updateVersioned } from './store.js';

const like = (keyword: string | undefined, ...cols: Parameters<typeof ilike>[0][]) =>
  keyword ? or(...cols.map((c) => ilike(c, containsPattern(keyword)))) : undefined;

async function assertCountry(tx: DbOrTx, code: string) {
  const [c] = await tx.select({ code: refCountries.code }).from(refCountries).where(eq(refCountries.code, code));
  if (!c) throw new AppError('REF_COUNTRY_UNKNOWN', { vars: { value: code } });
}

/** The entity or bank a new row points at must exist and be enabled. */
async function assertEnabled(tx: DbOrTx, table: typeof refEntities | typeof refBanks, id: number) {
  const [row] = await tx.select({ enabled: table.enabled, name: table.name }).from(table).where(eq(table.id, id));
  if (!row) throw new AppError('REFERENCE_INVALID');
  if (!row.enabled) throw new AppError('REF_REFERENCE_DISABLED', { vars: { value: row.name } });
}

// signing entities

export function pageEntities(db: Db, q: EntityPageQuery) {
  const w = and(
    like(q.keyword, refEntities.code, refEntities.name, refEntities.nameEn, refEntities.taxId),
    q.country ? eq(refEntities.countryCode, q.country) : undefined,
    q.enabled === undefined ? undefined : eq(refEntities.enabled, q.enabled),
  );
  return pageOf(db, refEntities, w, q, async (limit, offset) => {
    const rows = await db
      .select({
        e: refEntities,
        accountCount: sql<number>`(select count(*)::int from ref_bank_accounts a where a.entity_id = ${refEntities.id})`,
      })
      .from(refEntities)
      .where(w)
      .orderBy(asc(refEntities.code))
      .limit(limit)
      .offset(offset);
    return rows.map(({ e, accountCount }): EntityRow => ({ ...e, accountCount, updatedAt: iso(e.updatedAt) }));
  });
}

async function checkEntity(tx: DbOrTx, body: EntitySaveBody) {
  await assertCountry(tx, body.countryCode);
  await assertCurrency(tx, body.currencyCode);
}

export async function saveEntity(db: Db, bus: EventBus, body: EntitySaveBody) {
  const saved = await db.transaction(async (tx) => {
    await checkEntity(tx, body);
    const [row] = await unique(body.code, () => tx.insert(refEntities).values(body).returning({ id: refEntities.id }));
    return { id: row!.id };
  });
  await changed(bus, 'entities');
  return saved;
}

export async function updateEntity(db: Db, bus: EventBus, body: EntityUpdateBody) {
  const { id, version, ...set } = body;
  await db.transaction(async (tx) => {
    await checkEntity(tx, body);
    await unique(body.code, () => updateVersioned(tx, refEntities, refEntities.id, id, version, set));
  });
  await changed(bus, 'entities');
}

// banks

export function pageBanks(db: Db, q: BankPageQuery) {
  const w = and(
    like(q.keyword, refBanks.name, refBanks.nameEn, refBanks.swift),
    q.country ? eq(refBanks.countryCode, q.country) : undefined,
  );
  return pageOf(db, refBanks, w, q, async (limit, offset) => {
    const rows = await db.select().from(refBanks).where(w).orderBy(asc(refBanks.nameEn)).limit(limit).offset(offset);
    return rows.map((r): BankRow => ({ ...r, updatedAt: iso(r.updatedAt) }));
  });
}

export async function saveBank(db: Db, body: BankSaveBody) {
  return db.transaction(async (tx) => {
    await assertCountry(tx, body.countryCode);
    const [row] = await unique(body.swift, () => tx.insert(refBanks).values(body).returning({ id: refBanks.id }));
    return { id: row!.id };
  });
}

export async function updateBank(db: Db, body: BankUpdateBody) {
  const { id, version, ...set } = body;
  await db.transaction(async (tx) => {
    await assertCountry(tx, body.countryCode);
    await unique(body.swift, () => updateVersioned(tx, refBanks, refBanks.id, id, version, set));
  });
}

export const bankOptions = (db: Db) =>
  db
    .select({ id: refBanks.id, name: refBanks.name, nameEn: refBanks.nameEn, swift: refBanks.swift })
    .from(refBanks)
    .where(eq(refBanks.enabled, true))
    .orderBy(asc(refBanks.nameEn));

// bank accounts of our entities

export function pageBankAccounts(db: Db, q: BankAccountPageQuery) {
  const w = and(
    like(q.keyword, refBankAccounts.accountName, refBankAccounts.accountNo),
    q.entityId ? eq(refBankAccounts.entityId, q.entityId) : undefined,
    q.bankId ? eq(refBankAccounts.bankId, q.bankId) : undefined,
    q.currency ? eq(refBankAccounts.currencyCode, q.currency) : undefined,
  );
  return pageOf(db, refBankAccounts, w, q, async (limit, offset) => {
    const rows = await db
      .select({
        a: refBankAccounts,
        entityName: refEntities.name,
        entityNameEn: refEntities.nameEn,
        bankName: refBanks.name,
        bankNameEn: refBanks.nameEn,
        swift: refBanks.swift,
      })
      .from(refBankAccounts)
      .innerJoin(refEntities, eq(refEntities.id, refBankAccounts.entityId))
      .innerJoin(refBanks, eq(refBanks.id, refBankAccounts.bankId))
      .where(w)
      .orderBy(asc(refEntities.code), asc(refBankAccounts.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ a, ...names }): BankAccountRow => ({ ...a, ...names, updatedAt: iso(a.updatedAt) }));
  });
}

async function checkAccount(tx: DbOrTx, body: BankAccountSaveBody) {
  await assertEnabled(tx, refEntities, body.entityId);
  await assertEnabled(tx, refBanks, body.bankId);
  await assertCurrency(tx, body.currencyCode);
}

export async function saveBankAccount(db: Db, body: BankAccountSaveBody) {
  return db.transaction(async (tx) => {
    await checkAccount(tx, body);
    const [row] = await unique(body.accountNo, () =>
      tx.insert(refBankAccounts).values(body).returning({ id: refBankAccounts.id }),
    );
    return { id: row!.id };
  });
}

export async function updateBankAccount(db: Db, body: BankAccountUpdateBody) {
  const { id, version, ...set } = body;
  await db.transaction(async (tx) => {
    await checkAccount(tx, body);
    await unique(body.accountNo, () => updateVersioned(tx, refBankAccounts, refBankAccounts.id, id, version, set));
  });
}

// brands

export function pageBrands(db: Db, q: BrandPageQuery) {
  const w = and(
    like(q.keyword, refBrands.code, refBrands.name, refBrands.nameEn),
    q.entityId ? eq(refBrands.entityId, q.entityId) : undefined,
  );
  return pageOf(db, refBrands, w, q, async (limit, offset) => {
    const rows = await db
      .select({ b: refBrands, entityName: refEntities.name, entityNameEn: refEntities.nameEn })
      .from(refBrands)
      .innerJoin(refEntities, eq(refEntities.id, refBrands.entityId))
      .where(w)
      .orderBy(asc(refBrands.code))
      .limit(limit)
      .offset(offset);
    return rows.map(({ b, ...names }): BrandRow => ({ ...b, ...names, updatedAt: iso(b.updatedAt) }));
  });
}

export async function saveBrand(db: Db, body: BrandSaveBody) {
  return db.transaction(async (tx) => {
    await assertEnabled(tx, refEntities, body.entityId);
    const [row] = await unique(body.code, () => tx.insert(refBrands).values(body).returning({ id: refBrands.id }));
    return { id: row!.id };
  });
}

export async function updateBrand(db: Db, body: BrandUpdateBody) {
  const { id, version, ...set } = body;
  await db.transaction(async (tx) => {
    await assertEnabled(tx, refEntities, body.entityId);
    await unique(body.code, () => updateVersioned(tx, refBrands, refBrands.id, id, version, set));
  });
}
