import { or, sql } from 'drizzle-orm';
import { searchMatch } from '../../platform/db/search.js';
import { optionsOf } from '../../platform/options/registry.js';
import { tableOptions } from '../../platform/options/table-options.js';
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
  optionsOf(p).register(
    'account',
    tableOptions(
      p,
      { table: finAccounts, ...finAccounts, name: sql<string>`coalesce(${customerName}, '')` },
      {
        scope: accountScopeWhere,
        match: (keyword) =>
          or(
            searchMatch(finAccounts.search, keyword),
            sql`${finAccounts.customerId} in ${customerIdsMatchingSql(keyword)}`,
          ),
      },
    ),
  );
}
