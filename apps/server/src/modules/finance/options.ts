import { and, asc, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import { searchMatch } from '../../platform/db/search.js';
import { optionsOf } from '../../platform/options/registry.js';
import type { Platform } from '../../platform/platform.js';
import { customerFieldSql, customerIdsMatchingSql } from '../crm/customer-refs.js';
import { accountScopeWhere } from './accounts.js';
import { finAccounts } from './schema.js';

const customerName = customerFieldSql(sql`"fin_accounts"."customer_id"`, 'name');

/**
 * Consumer accounts for the record pickers, named by their customer: those the caller's finance
 * scope covers (finance staff all, others by the customer's owner), as in the account list. A
 * keyword matches the account code or the customer's name, alias or code (both trigram-indexed).
 */
export function registerFinanceOptions(p: Platform) {
  const read = (auth: AuthContext, where: SQL | undefined, limit?: number) => {
    const q = p.db
      .select({ id: finAccounts.id, code: finAccounts.code, name: sql<string>`coalesce(${customerName}, '')` })
      .from(finAccounts)
      .where(and(where, accountScopeWhere(auth)))
      .orderBy(asc(finAccounts.id));
    return limit ? q.limit(limit) : q;
  };
  optionsOf(p).register('account', {
    search: (auth, keyword, limit) =>
      read(
        auth,
        keyword
          ? or(
              searchMatch(finAccounts.search, keyword),
              sql`${finAccounts.customerId} in ${customerIdsMatchingSql(keyword)}`,
            )
          : undefined,
        limit,
      ),
    byIds: (auth, ids) => read(auth, inArray(finAccounts.id, ids)),
  });
}
