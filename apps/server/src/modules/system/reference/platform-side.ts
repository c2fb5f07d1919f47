import type {
  PlatformConfigSaveBody,
  PlatformCurrencyRow,
  PlatformCurrencySaveBody,
  PlatformCurrencyUpdateBody,
} from '@portal/contracts/reference';
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import { containsPattern } from '../../../platform/db/like.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { AppError } from '../../../platform/http/errors.js';
import { assertCurrency } from './currencies.js';
import { refCurrencies, refPlatformConfig, refPlatformCurrencies } from './schema.js';
import { changed, iso, pageOf, unique, updateVersioned } from './store.js';

/** The messaging platform's billing currencies (U 平台币种). */
export function pagePlatformCurrencies(db: Db, q: { page: number; size: number; keyword?: string | undefined }) {
  const pattern = q.keyword ? containsPattern(q.keyword) : undefined;
  const w = pattern
    ? or(
        ilike(refPlatformCurrencies.code, pattern),
        ilike(refPlatformCurrencies.platformCode, pattern),
        sql`exists (select 1 from ref_currencies c where c.code = ${refPlatformCurrencies.code}
                    and (c.name ilike ${pattern} or c.name_en ilike ${pattern}))`,
      )
    : undefined;
  return pageOf(db, refPlatformCurrencies, w, q, async (limit, offset) => {
    const rows = await db
      .select({ p: refPlatformCurrencies, name: refCurrencies.name, nameEn: refCurrencies.nameEn })
      .from(refPlatformCurrencies)
      .innerJoin(refCurrencies, eq(refCurrencies.code, refPlatformCurrencies.code))
      .where(w)
      .orderBy(asc(refPlatformCurrencies.code))
      .limit(limit)
      .offset(offset);
    return rows.map(({ p, ...names }): PlatformCurrencyRow => ({ ...p, ...names, updatedAt: iso(p.updatedAt) }));
  });
}

export async function savePlatformCurrency(db: Db, body: PlatformCurrencySaveBody) {
  return db.transaction(async (tx) => {
    await assertCurrency(tx, body.code);
    await unique(body.code, () => tx.insert(refPlatformCurrencies).values(body));
    return { code: body.code };
  });
}

export async function updatePlatformCurrency(db: Db, bus: EventBus, body: PlatformCurrencyUpdateBody) {
  const { code, version, ...set } = body;
  await db.transaction(async (tx) => {
    const [config] = await tx.select().from(refPlatformConfig).where(eq(refPlatformConfig.id, 1));
    // the base currency is what balances are kept in: it cannot be switched off
    if (!set.enabled && config?.baseCurrency === code)
      throw new AppError('REF_REFERENCE_DISABLED', { vars: { value: code } });
    await updateVersioned(tx, refPlatformCurrencies, refPlatformCurrencies.code, code, version, set);
  });
  await changed(bus, 'platform');
}

export async function platformConfigRow(db: Db) {
  const [row] = await db.select().from(refPlatformConfig).where(eq(refPlatformConfig.id, 1));
  if (!row) throw new AppError('NOT_FOUND');
  const { id: _, ...rest } = row;
  return { ...rest, updatedAt: iso(row.updatedAt) };
}

/** The base currency must be one of the platform's enabled billing currencies. */
export async function savePlatformConfig(db: Db, bus: EventBus, body: PlatformConfigSaveBody) {
  const { version, ...set } = body;
  await db.transaction(async (tx) => {
    const [billed] = await tx
      .select({ enabled: refPlatformCurrencies.enabled })
      .from(refPlatformCurrencies)
      .where(eq(refPlatformCurrencies.code, set.baseCurrency));
    if (!billed?.enabled) throw new AppError('REF_CURRENCY_UNKNOWN', { vars: { value: set.baseCurrency } });
    await updateVersioned(tx, refPlatformConfig, refPlatformConfig.id, 1, version, set);
  });
  await changed(bus, 'platform');
}
