import type { RecordOption } from '@portal/contracts/options';
import { and, asc, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../auth/context.js';
import { searchMatch } from '../db/search.js';
import type { Platform } from '../platform.js';
import type { OptionProvider } from './registry.js';

/** The columns a kind's records are picked by: id, code, a name (a column or an expression) and the search column. */
export interface OptionTable {
  table: PgTable;
  id: AnyPgColumn;
  code: AnyPgColumn;
  name: AnyPgColumn | SQL<string>;
  search: AnyPgColumn;
}

/**
 * A kind's picker over one table, in id order: the caller's rows (`scope`; `null` when they may pick
 * none), a keyword through the search column's trigram index unless `match` says otherwise, ids as
 * asked.
 */
export function tableOptions(
  p: Platform,
  t: OptionTable,
  opts: { scope: (auth: AuthContext) => SQL | undefined | null; match?: (keyword: string) => SQL | undefined },
): OptionProvider {
  const read = async (auth: AuthContext, where: SQL | undefined, limit?: number): Promise<RecordOption[]> => {
    const scope = opts.scope(auth);
    if (scope === null) return [];
    const q = p.db
      .select({ id: t.id, code: t.code, name: t.name })
      .from(t.table)
      .where(and(where, scope))
      .orderBy(asc(t.id));
    return (await (limit ? q.limit(limit) : q)) as RecordOption[];
  };
  return {
    search: (auth, keyword, limit) =>
      read(auth, keyword ? (opts.match ? opts.match(keyword) : searchMatch(t.search, keyword)) : undefined, limit),
    byIds: (auth, ids) => read(auth, inArray(t.id, ids)),
  };
}
