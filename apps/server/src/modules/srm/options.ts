import { and, asc, inArray, type SQL } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { searchMatch } from '../../platform/db/search.js';
import { optionsOf } from '../../platform/options/registry.js';
import type { Platform } from '../../platform/platform.js';
import { srmSuppliers } from './schema.js';

/**
 * Suppliers for the record pickers: those the caller's data scope covers by owner, as in the
 * supplier list; a keyword matches its search text (name, alias, code).
 */
export function registerSrmOptions(p: Platform) {
  const read = (auth: AuthContext, where: SQL | undefined, limit?: number) => {
    const q = p.db
      .select({ id: srmSuppliers.id, code: srmSuppliers.code, name: srmSuppliers.name })
      .from(srmSuppliers)
      .where(and(where, dataScopeWhere(auth, srmSuppliers.ownerId)))
      .orderBy(asc(srmSuppliers.id));
    return limit ? q.limit(limit) : q;
  };
  optionsOf(p).register('supplier', {
    search: (auth, keyword, limit) =>
      read(auth, keyword ? searchMatch(srmSuppliers.search, keyword) : undefined, limit),
    byIds: (auth, ids) => read(auth, inArray(srmSuppliers.id, ids)),
  });
}
