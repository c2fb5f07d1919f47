import { currencyResource } from '@portal/contracts/reference/resources';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { nameInSql } from '../../../platform/i18n/names.js';
import type { Values } from '../../../platform/resource/bind.js';
import { bindResource, localized } from '../../../platform/resource/index.js';
import { refCurrencies } from './schema.js';
import { changed } from './store.js';

/** A switch cleared in an update keeps its default (enabled) instead of null. */
export const keepEnabled = (patch: Values): Values => (patch.enabled === null ? { enabled: true } : {});

/** ISO 4217 currencies: names, symbol and whether staff may pick one; code, number and minor unit stay ISO's. */
export const currencies = bindResource(currencyResource, {
  table: refCurrencies,
  search: { keyword: refCurrencies.search },
  columns: {
    code: refCurrencies.code,
    name: refCurrencies.name,
    nameEn: refCurrencies.nameEn,
    displayName: localized((l) =>
      nameInSql(l, sql.raw('"ref_currencies"."name"'), sql.raw('"ref_currencies"."name_en"')),
    ),
    numeric: refCurrencies.numeric,
    digits: refCurrencies.digits,
    symbol: refCurrencies.symbol,
    enabled: refCurrencies.enabled,
    updatedAt: refCurrencies.updatedAt,
  },
  hooks: {
    async beforeUpdate(ctx, _before, patch) {
      ctx.afterCommit(() => changed(ctx.p.bus, 'currencies'));
      return { ...keepEnabled(patch), ...(patch.symbol === null ? { symbol: '' } : {}), updatedAt: new Date() };
    },
  },
});

/** Inside a write: the currency exists and is enabled, or REF_CURRENCY_UNKNOWN. */
export async function assertCurrency(tx: DbOrTx, code: string): Promise<void> {
  const [c] = await tx
    .select({ code: refCurrencies.code })
    .from(refCurrencies)
    .where(and(eq(refCurrencies.code, code), eq(refCurrencies.enabled, true)));
  if (!c) throw new AppError('REF_CURRENCY_UNKNOWN', { vars: { value: code } });
}
