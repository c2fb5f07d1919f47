import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';

/**
 * A SIM-farm partner by supplier id: a supplier of type `sim_farm` that is not blacklisted (a TVS
 * record of anyone else is refused with a clear code, an unknown id as unknown).
 */
export async function partnerOf(tx: Tx, id: number) {
  const [row] = rowsOf<{ id: number; code: string; name: string; type: string; state: string }>(
    await tx.execute(sql`select id, code, name, type, state from srm_suppliers where id = ${id}`),
  );
  if (!row) throw new AppError('SRM_SUPPLIER_UNKNOWN', { vars: { value: id } });
  if (row.type !== 'sim_farm' || row.state === 'blacklist')
    throw new AppError('SRM_TVS_NOT_PARTNER', { vars: { value: row.code } });
  return row;
}
