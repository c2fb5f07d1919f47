import { dataScopeWhere } from '../../platform/access/data-scope.js';
import { optionsOf } from '../../platform/options/registry.js';
import { tableOptions } from '../../platform/options/table-options.js';
import type { Platform } from '../../platform/platform.js';
import { srmSuppliers } from './schema.js';

/**
 * Suppliers for the record pickers: those the caller's data scope covers by owner, as in the
 * supplier list; a keyword matches its search text (name, alias, code).
 */
export function registerSrmOptions(p: Platform) {
  optionsOf(p).register(
    'supplier',
    tableOptions(
      p,
      { table: srmSuppliers, ...srmSuppliers },
      {
        scope: (auth) => dataScopeWhere(auth, srmSuppliers.ownerId),
      },
    ),
  );
}
