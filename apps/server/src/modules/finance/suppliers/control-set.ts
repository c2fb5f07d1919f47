import { supplierControlSetResource } from '@portal/contracts/finance';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { bindResource } from '../../../platform/resource/index.js';
import { finSupplierControlSet } from './schema.js';

/** `supplier-control-set` (decision 0114): one row per currency and first day (FIN_SUPPLIER_CONTROL_SET_TAKEN). */
export const supplierControlSet = bindResource(supplierControlSetResource, {
  table: finSupplierControlSet,
  columns: {
    currency: finSupplierControlSet.currency,
    effectiveFrom: finSupplierControlSet.effectiveFrom,
    dueDays: finSupplierControlSet.dueDays,
    warnDays: finSupplierControlSet.warnDays,
    balanceFloor: finSupplierControlSet.balanceFloor,
    toOwner: finSupplierControlSet.toOwner,
    toFinance: finSupplierControlSet.toFinance,
    remark: finSupplierControlSet.remark,
    updatedAt: finSupplierControlSet.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const currency = String(input.currency);
      const from = String(input.effectiveFrom);
      const [taken] = await ctx.tx
        .select({ id: finSupplierControlSet.id })
        .from(finSupplierControlSet)
        .where(and(eq(finSupplierControlSet.currency, currency), eq(finSupplierControlSet.effectiveFrom, from)));
      if (taken) throw new AppError('FIN_SUPPLIER_CONTROL_SET_TAKEN', { vars: { value: `${currency} ${from}` } });
      return { updatedAt: ctx.p.clock.now() };
    },
    beforeUpdate: async (ctx) => ({ updatedAt: ctx.p.clock.now() }),
  },
});

export type SupplierControlSetting = typeof finSupplierControlSet.$inferSelect;

/** The settings of a currency in force on a day (the latest first day not after it), or null. */
export async function supplierControlSettingOn(
  db: DbOrTx,
  currency: string,
  day: string,
): Promise<SupplierControlSetting | null> {
  const [row] = await db
    .select()
    .from(finSupplierControlSet)
    .where(and(eq(finSupplierControlSet.currency, currency), lte(finSupplierControlSet.effectiveFrom, day)))
    .orderBy(desc(finSupplierControlSet.effectiveFrom))
    .limit(1);
  return row ?? null;
}

/** The demo's thresholds for the supplier accounts' currencies. Idempotent. */
export async function seedSupplierControlSet(db: Db) {
  await db
    .insert(finSupplierControlSet)
    .values([
      { currency: 'USD', effectiveFrom: '2000-01-01', dueDays: 30, warnDays: 5, balanceFloor: 50_000, toFinance: true },
      {
        currency: 'USD',
        effectiveFrom: '2026-07-01',
        dueDays: 20,
        warnDays: 5,
        balanceFloor: 100_000,
        toFinance: true,
      },
      { currency: 'EUR', effectiveFrom: '2000-01-01', dueDays: 30, warnDays: 5, balanceFloor: 50_000 },
      { currency: 'CNY', effectiveFrom: '2000-01-01', dueDays: 15, warnDays: 3, balanceFloor: 300_000 },
    ])
    .onConflictDoNothing();
}
