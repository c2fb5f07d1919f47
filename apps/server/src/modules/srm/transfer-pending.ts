import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { srmSupplierRequests, srmSuppliers } from './schema.js';

/** A pending transfer keeps the owner where it is: every ownership verb but share waits for its decision. */
export async function refuseWhileTransferPending(tx: Tx, ids: readonly number[]) {
  if (!ids.length) return;
  const [pending] = await tx
    .select({ code: srmSuppliers.code })
    .from(srmSupplierRequests)
    .innerJoin(srmSuppliers, eq(srmSuppliers.id, srmSupplierRequests.supplierId))
    .where(
      and(
        inArray(srmSupplierRequests.supplierId, [...ids]),
        eq(srmSupplierRequests.kind, 'transfer'),
        eq(srmSupplierRequests.state, 'pending'),
      ),
    )
    .limit(1);
  if (pending) throw new AppError('SRM_TRANSFER_PENDING', { vars: { value: pending.code } });
}
