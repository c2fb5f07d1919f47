import type { PlatformConfigSaveBody } from '@portal/contracts/reference';
import { platformCurrencyResource } from '@portal/contracts/reference/resources';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { AppError } from '../../../platform/http/errors.js';
import { nameInSql } from '../../../platform/i18n/names.js';
import { bindResource, localized, type WriteContext } from '../../../platform/resource/index.js';
import { assertCurrency, keepEnabled } from './currencies.js';
import { refPlatformConfig, refPlatformCurrencies } from './schema.js';
import { changed, iso, updateVersioned } from './store.js';

const platformChanged = (ctx: WriteContext) => ctx.afterCommit(() => changed(ctx.p.bus, 'platform'));
/** a column of the ISO currency a platform currency is */
const isoName = (column: string) =>
  sql.raw(`(select c.${column} from ref_currencies c where c.code = "ref_platform_currencies"."code")`);

/** The messaging platform's billing currencies (U 平台币种): an enabled ISO currency each, with the platform's code. */
export const platformCurrencies = bindResource(platformCurrencyResource, {
  table: refPlatformCurrencies,
  search: { keyword: refPlatformCurrencies.search },
  columns: {
    code: refPlatformCurrencies.code,
    name: isoName('name'),
    nameEn: isoName('name_en'),
    displayName: localized((l) => nameInSql(l, isoName('name'), isoName('name_en'))),
    platformCode: refPlatformCurrencies.platformCode,
    priceDigits: refPlatformCurrencies.priceDigits,
    enabled: refPlatformCurrencies.enabled,
    updatedAt: refPlatformCurrencies.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      await assertCurrency(ctx.tx, String(input.code));
      platformChanged(ctx);
      return { enabled: input.enabled ?? true };
    },
    async beforeUpdate(ctx, before, patch) {
      const [config] = await ctx.tx.select().from(refPlatformConfig).where(eq(refPlatformConfig.id, 1));
      // the base currency is what balances are kept in: it cannot be switched off
      if (patch.enabled === false && config?.baseCurrency === before.code)
        throw new AppError('REF_REFERENCE_DISABLED', { vars: { value: String(before.code) } });
      platformChanged(ctx);
      return { ...keepEnabled(patch), updatedAt: new Date() };
    },
  },
});

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
