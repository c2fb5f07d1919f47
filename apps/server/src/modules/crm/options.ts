import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { searchMatch } from '../../platform/db/search.js';
import { type OptionProvider, optionsOf } from '../../platform/options/registry.js';
import type { Platform } from '../../platform/platform.js';
import { crmCustomers } from './schema.js';

/**
 * Customers, and agents (R-end business partners), for the record pickers: those the caller's
 * data scope covers by owner, as in the customer list; a keyword matches the list's search text
 * (name, alias, code).
 */
function customerOptions(p: Platform, only?: SQL): OptionProvider {
  const read = (auth: AuthContext, where: SQL | undefined, limit?: number) => {
    const q = p.db
      .select({ id: crmCustomers.id, code: crmCustomers.code, name: crmCustomers.name })
      .from(crmCustomers)
      .where(and(where, only, dataScopeWhere(auth, crmCustomers.ownerId)))
      .orderBy(asc(crmCustomers.id));
    return limit ? q.limit(limit) : q;
  };
  return {
    search: (auth, keyword, limit) =>
      read(auth, keyword ? searchMatch(crmCustomers.search, keyword) : undefined, limit),
    byIds: (auth, ids) => read(auth, inArray(crmCustomers.id, ids)),
  };
}

export function registerCrmOptions(p: Platform) {
  optionsOf(p).register('customer', customerOptions(p));
  optionsOf(p).register('agent', customerOptions(p, eq(crmCustomers.type, 'R')));
}
