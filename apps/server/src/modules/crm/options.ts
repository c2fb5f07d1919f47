import { and, eq, type SQL } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import { type OptionProvider, optionsOf } from '../../platform/options/registry.js';
import { tableOptions } from '../../platform/options/table-options.js';
import type { Platform } from '../../platform/platform.js';
import { crmCustomers } from './schema.js';

/**
 * Customers, and agents (R-end business partners), for the record pickers: those the caller's
 * data scope covers by owner, as in the customer list; a keyword matches the list's search text
 * (name, alias, code).
 */
function customerOptions(p: Platform, only?: SQL): OptionProvider {
  return tableOptions(
    p,
    { table: crmCustomers, ...crmCustomers },
    {
      scope: (auth) => and(only, dataScopeWhere(auth, crmCustomers.ownerId)),
    },
  );
}

export function registerCrmOptions(p: Platform) {
  optionsOf(p).register('customer', customerOptions(p));
  optionsOf(p).register('agent', customerOptions(p, eq(crmCustomers.type, 'R')));
}
