import { and, eq } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { DbOrTx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { srmSuppliers } from './schema.js';

/**
 * The supplier a contact or admission is added to: within the caller's data scope (else it does
 * not exist for them) and private with an owner (sea and blacklisted suppliers take no new
 * records). Locked for the write, so an owner change waits for it.
 */
export async function writableSupplier(tx: DbOrTx, auth: AuthContext, id: number) {
  const [row] = await tx
    .select({
      id: srmSuppliers.id,
      code: srmSuppliers.code,
      name: srmSuppliers.name,
      ownerId: srmSuppliers.ownerId,
      state: srmSuppliers.state,
      admitted: srmSuppliers.admitted,
    })
    .from(srmSuppliers)
    .where(and(eq(srmSuppliers.id, id), dataScopeWhere(auth, srmSuppliers.ownerId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  if (row.state === 'blacklist') throw new AppError('SRM_SUPPLIER_NOT_WRITABLE', { vars: { value: row.code } });
  if (row.state !== 'private' || row.ownerId === null)
    throw new AppError('SRM_SUPPLIER_NOT_OWNED', { vars: { value: row.code } });
  return row;
}
