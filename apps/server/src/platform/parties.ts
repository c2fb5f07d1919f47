import { and, count, desc, ilike, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { dataScopeWhere } from './access/data-scope.js';
import type { Db } from './db/index.js';
import type { PartiesPort, PartyPageQuery, PartyRef, PartySelectQuery } from './ports.js';

/** The columns of a room's customer or supplier table a party page reads. */
export interface PartyColumns {
  id: PgColumn;
  code: PgColumn;
  name: PgColumn;
  country: PgColumn;
  ownerId: PgColumn;
}

/** The caller's data scope by owner, a keyword on code or name, codes kept or left out. */
function partyWhere(c: PartyColumns, q: PartySelectQuery): SQL | undefined {
  const conds: (SQL | undefined)[] = [dataScopeWhere(q.auth, c.ownerId)];
  const kw = q.keyword?.trim();
  if (kw) {
    const like = `%${kw.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    conds.push(or(ilike(c.code, like), ilike(c.name, like)));
  }
  if (q.codes) {
    if (q.codes.in) conds.push(q.codes.list.length ? inArray(c.code, q.codes.list) : sql`false`);
    else if (q.codes.list.length) conds.push(not(inArray(c.code, q.codes.list)));
  }
  return and(...conds);
}

const refColumns = (c: PartyColumns) => ({
  id: c.id,
  code: c.code,
  name: c.name,
  country: c.country,
  ownerId: c.ownerId,
});

/**
 * One page of a room's own parties for the `customers` / `suppliers` ports (decision 0127): the
 * caller's data scope by owner, a keyword on code or name, codes kept or left out; newest first.
 * Each room calls it with its own table, so no room reads another's.
 */
export async function partyPage(db: Db, table: PgTable, c: PartyColumns, q: PartyPageQuery) {
  const where = partyWhere(c, q);
  // one after the other: PGlite serves one query at a time
  const records = await db
    .select(refColumns(c))
    .from(table)
    .where(where)
    .orderBy(desc(c.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [total] = await db.select({ n: count() }).from(table).where(where);
  return { records: records as PartyRef[], total: Number(total?.n ?? 0) };
}

/** The port of a room's parties: its page, and the same rows unpaged as a query an export streams (decision 0140). */
export function partiesPort(db: Db, table: PgTable, c: PartyColumns): PartiesPort {
  return {
    page: (q) => partyPage(db, table, c, q),
    select: (q) => db.select(refColumns(c)).from(table).where(partyWhere(c, q)).orderBy(desc(c.id)).toSQL(),
  };
}
