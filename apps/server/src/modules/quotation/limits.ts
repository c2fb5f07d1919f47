import { smsPriceLimitResource, TARIFF_PRODUCTS, tariffResource } from '@portal/contracts/quotation';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import type { Values, WriteContext } from '../../platform/resource/index.js';
import { bindResource } from '../../platform/resource/index.js';
import { reference } from '../system/reference/index.js';
import { qmPriceLimits as t } from './schema.js';

/** A limit says something: a minimum price, a minimum margin or both (`after`: the record as the write leaves it). */
function checkSays(after: Values) {
  if (after.minPrice == null && after.minMarginPct == null) throw new AppError('QM_LIMIT_EMPTY');
}

/**
 * A new limit's currency is known and its network belongs to its country (both are fixed once
 * created, so only a create asks the reference data, before its transaction).
 */
async function checkReference(input: Values, _auth: AuthContext, p: Platform) {
  checkSays(input);
  const ref = reference(p);
  const ccy = await ref.currencyOf(String(input.currency));
  if (!ccy?.enabled) throw new AppError('QM_CURRENCY_UNKNOWN', { vars: { value: String(input.currency) } });
  if (input.network) {
    const op = await ref.operatorOf(String(input.network));
    if (!op || op.countryCode !== input.country)
      throw new AppError('QM_NETWORK_UNKNOWN', { vars: { value: String(input.network) } });
  }
  return {};
}

const columns = {
  country: t.country,
  network: t.network,
  // stored with 6 decimals: read as entered (0.01, not 0.010000); the hooks write it
  minPrice: sql`trim_scale(${sql.identifier('qm_price_limits')}.${sql.identifier('min_price')})::text`,
  minMarginPct: t.minMarginPct,
  currency: t.currency,
  updatedBy: t.updatedBy,
  updatedAt: t.updatedAt,
};

const hooks = (product?: 'sms') => ({
  prepareCreate: checkReference,
  async beforeCreate(ctx: WriteContext, input: Values) {
    return {
      ...(product ? { product } : {}),
      minPrice: input.minPrice ?? null,
      updatedBy: ctx.auth.userId,
      updatedAt: ctx.p.clock.now(),
    };
  },
  async beforeUpdate(ctx: WriteContext, before: Values, patch: Values) {
    checkSays({ ...before, ...patch });
    return {
      ...(patch.minPrice === undefined ? {} : { minPrice: patch.minPrice }),
      updatedBy: ctx.auth.userId,
      updatedAt: ctx.p.clock.now(),
    };
  },
});

/**
 * `sms-price-limit` and `tariff` on the kernel (decision 0079): one table, the SMS rows under the
 * quotation key, the other products' under the settings key; the margin guard reads them all
 * (`checkLimit` in prices.ts). A second limit for the same product, country and network is refused.
 */
export const smsPriceLimits = bindResource(smsPriceLimitResource, {
  table: t,
  rows: eq(t.product, 'sms'),
  columns,
  hooks: hooks('sms'),
});

export const tariffs = bindResource(tariffResource, {
  table: t,
  rows: inArray(t.product, [...TARIFF_PRODUCTS]),
  columns: { product: t.product, ...columns },
  hooks: hooks(),
});
