import { SUPPLIER_CONTROL_KINDS, type SupplierControlKind, supplierControlResource } from '@portal/contracts/finance';
import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { bindResource } from '../../../platform/resource/index.js';
import { supplierFieldSql, supplierWithProducts } from '../../srm/index.js';
import { financeScope } from '../accounts.js';
import { finSupplierControls } from './schema.js';

const rowSupplier = sql`"fin_supplier_controls"."supplier_id"`;

const OPPOSITE: Partial<Record<SupplierControlKind, SupplierControlKind>> = {
  blacklist: 'whitelist',
  whitelist: 'blacklist',
};

/** The last day must not come before the first (FIN_SUPPLIER_CONTROL_DAYS). */
function checkDays(fromDay: unknown, until: unknown) {
  if (until && fromDay && String(until) < String(fromDay)) throw new AppError('FIN_SUPPLIER_CONTROL_DAYS');
}

/** One list of supplier control (decision 0114): rows of its kind, scoped by the supplier's owner. */
const bindControl = (kind: SupplierControlKind) =>
  bindResource(supplierControlResource(kind), {
    scopeOf: financeScope,
    table: finSupplierControls,
    rows: eq(finSupplierControls.kind, kind),
    columns: {
      supplierId: finSupplierControls.supplierId,
      supplierCode: supplierFieldSql(rowSupplier, 'code'),
      supplierName: supplierFieldSql(rowSupplier, 'name'),
      ownerId: supplierFieldSql(rowSupplier, 'owner_id'),
      fromDay: finSupplierControls.fromDay,
      until: finSupplierControls.until,
      enabled: finSupplierControls.enabled,
      reason: finSupplierControls.reason,
      createdBy: finSupplierControls.createdBy,
      updatedAt: finSupplierControls.updatedAt,
    },
    hooks: {
      // a known supplier, once per list; the unique index answers a concurrent second add the same way
      async beforeCreate(ctx, input) {
        const supplierId = Number(input.supplierId);
        const supplier = await supplierWithProducts(ctx.tx, supplierId);
        if (!supplier) throw new AppError('SRM_SUPPLIER_UNKNOWN', { vars: { value: supplierId } });
        checkDays(input.fromDay, input.until);
        const [listed] = await ctx.tx
          .select({ id: finSupplierControls.id })
          .from(finSupplierControls)
          .where(and(eq(finSupplierControls.kind, kind), eq(finSupplierControls.supplierId, supplierId)));
        if (listed) throw new AppError('FIN_SUPPLIER_CONTROL_LISTED', { vars: { value: supplier.name } });
        // a supplier is never blacklisted and whitelisted at once: the two lists exclude each other
        const other = OPPOSITE[kind];
        if (other) {
          const [opposite] = await ctx.tx
            .select({ id: finSupplierControls.id })
            .from(finSupplierControls)
            .where(and(eq(finSupplierControls.kind, other), eq(finSupplierControls.supplierId, supplierId)));
          if (opposite) throw new AppError('FIN_SUPPLIER_CONTROL_CONFLICT', { vars: { value: supplier.name } });
        }
        return { kind, createdBy: ctx.auth.userId, updatedAt: ctx.p.clock.now() };
      },
      async beforeUpdate(ctx, before, patch) {
        checkDays(patch.fromDay ?? before.fromDay, 'until' in patch ? patch.until : before.until);
        return { updatedAt: ctx.p.clock.now() };
      },
    },
  });

export const supplierControls = Object.fromEntries(SUPPLIER_CONTROL_KINDS.map((k) => [k, bindControl(k)])) as Record<
  SupplierControlKind,
  ReturnType<typeof bindControl>
>;

/** The rows of a list that count on a day (enabled, the day within their days). */
const inForce = (kind: SupplierControlKind, day: string) =>
  and(
    eq(finSupplierControls.kind, kind),
    eq(finSupplierControls.enabled, true),
    lte(finSupplierControls.fromDay, day),
    or(isNull(finSupplierControls.until), gte(finSupplierControls.until, day)),
  );

/**
 * The supplier-control port (decision 0114): which of these suppliers are blacklisted on a day —
 * not to be routed to or paid. Traffic's routing and finance's payments read it.
 */
export async function blockedSuppliers(db: DbOrTx, supplierIds: number[], day: string): Promise<Set<number>> {
  if (!supplierIds.length) return new Set();
  const rows = await db
    .select({ supplierId: finSupplierControls.supplierId })
    .from(finSupplierControls)
    .where(and(inForce('blacklist', day), inArray(finSupplierControls.supplierId, supplierIds)));
  return new Set(rows.map((r) => r.supplierId));
}

/** Suppliers the overdue rules leave alone on a day: exempt or whitelisted. */
export async function overdueExemptSuppliers(db: DbOrTx, day: string): Promise<Set<number>> {
  const rows = await db
    .select({ supplierId: finSupplierControls.supplierId })
    .from(finSupplierControls)
    .where(or(inForce('exempt', day), inForce('whitelist', day)));
  return new Set(rows.map((r) => r.supplierId));
}
