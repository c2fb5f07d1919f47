import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';

/** The supplier's name for a row whose supplier id is `column` (same room: the supplier table). */
export const supplierNameOf = (column: string) =>
  sql`(select s.name from srm_suppliers s where s.id = ${sql.raw(column)})`;

/** A supplier by id (refused with a clear code when there is none), its name and admission. */
export async function supplierOf(tx: Tx, id: number) {
  const [row] = rowsOf<{ id: number; code: string; name: string; admitted: boolean }>(
    await tx.execute(sql`select id, code, name, admitted from srm_suppliers where id = ${id}`),
  );
  if (!row) throw new AppError('SRM_SUPPLIER_UNKNOWN', { vars: { value: id } });
  return row;
}
