import { and, eq } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { DbOrTx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { crmCustomers } from './schema.js';

/**
 * The customer a contact or opportunity is added to: within the caller's data scope (else it does
 * not exist for them) and private with an owner (open-sea and blacklisted customers take no new
 * records). Locked for the write, so an owner change waits for it.
 */
export async function writableCustomer(tx: DbOrTx, auth: AuthContext, id: number) {
  const [row] = await tx
    .select({
      id: crmCustomers.id,
      code: crmCustomers.code,
      ownerId: crmCustomers.ownerId,
      departmentId: crmCustomers.departmentId,
      state: crmCustomers.state,
    })
    .from(crmCustomers)
    .where(and(eq(crmCustomers.id, id), dataScopeWhere(auth, crmCustomers.ownerId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  if (row.state !== 'private' || row.ownerId === null)
    throw new AppError('CRM_CUSTOMER_NOT_WRITABLE', { vars: { value: row.code } });
  return row;
}
