import { type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/context.js';
import { type DbOrTx, rowsOf } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { customerFieldSql } from '../../crm/customer-refs.js';
import { accountScopeWhere } from '../accounts.js';

/** A column of the account a row of `table` belongs to (its `account_id`). */
export const accountOf = (table: string, field: 'code' | 'customer_id'): SQL =>
  sql.raw(`(select a.${field} from fin_accounts a where a.id = "${table}"."account_id")`);

/** The account columns every consumer record shows: code, customer name, the customer's owner. */
export const accountColumns = (table: string) => ({
  accountCode: accountOf(table, 'code'),
  customerName: customerFieldSql(accountOf(table, 'customer_id'), 'name'),
  ownerId: customerFieldSql(accountOf(table, 'customer_id'), 'owner_id'),
});

export interface OpenAccount {
  id: number;
  code: string;
  products: string[];
}

/**
 * The account a new record belongs to: one the caller may see (else unknown, so others' accounts are
 * not confirmed) and open (active or suspended; else FIN_CONSUMER_ACCOUNT).
 */
export async function openAccount(tx: DbOrTx, auth: AuthContext, accountId: number): Promise<OpenAccount> {
  const [acc] = rowsOf<{ id: number; code: string; state: string; products: string[] }>(
    await tx.execute(
      sql`select id, code, state, products from fin_accounts
          where id = ${accountId} and ${accountScopeWhere(auth) ?? sql`true`}`,
    ),
  );
  if (!acc) throw new AppError('FIN_ACCOUNT_UNKNOWN', { vars: { value: String(accountId) } });
  if (acc.state !== 'active' && acc.state !== 'suspended')
    throw new AppError('FIN_CONSUMER_ACCOUNT', { vars: { value: acc.code } });
  return { id: acc.id, code: acc.code, products: acc.products ?? [] };
}
