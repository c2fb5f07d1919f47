import type { Locale } from '@portal/contracts';
import { SIGNED_IN } from '@portal/contracts/resource';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../auth/context.js';
import { cappedCount, estimateCaps, tableEstimate } from '../db/count.js';
import type { Platform } from '../platform.js';
import type { BoundResource, Values } from './bind.js';
import { listOrder, listSort, listWhere, rowSelect, toRow, visibleFields } from './query.js';

/** Keys a page's rows carry besides the fields (no field is named so). */
const ESTIMATE = '__estimate';
const MATCHES = '__matches';

/**
 * A page of a resource's list: filters, data scope, order and the fields the caller may see
 * (decision 0047 for the costs).
 * - The page is read first: a page that is not full ends the list, so its total needs no count.
 * - A list nothing narrows (no filter, an unlimited scope) carries the table's row estimate in the
 *   same statement; far above the cap it settles "at least cap" without counting.
 * - A keyword list reads its matches unordered, at most the cap (`keywordPage`): few matches give
 *   the page and the exact total in one statement, whatever the planner thinks of their order.
 * - Otherwise the count is capped, lower when each counted row must be checked (`searched`).
 * - A deep page (offset) picks its ids first, walking only the order's index, and reads the fields
 *   (link arrays, localized names) of those rows only.
 */
export async function resourcePage(b: BoundResource, p: Platform, auth: AuthContext, q: Values, locale?: Locale) {
  const fields = visibleFields(b.def, auth);
  const where = listWhere(b, auth, q);
  const page = q.page as number;
  const size = q.size as number;
  const offset = (page - 1) * size;
  const cap = searched(b, auth, q) ? p.config.listSearchCountCap : p.config.listCountCap;
  const answer = (rows: unknown[], count: { total: number; capped: boolean }) => ({
    records: rows.map((r) => toRow(b, fields, r as Values)),
    total: count.total,
    page,
    size,
    ...(count.capped ? { totalCapped: true } : {}),
  });

  const keyword = hasKeyword(b, q) ? await keywordPage(b, p, auth, q, where!, fields, cap, locale) : undefined;
  if (keyword && keyword !== 'many') return answer(keyword.rows, keyword.count);

  const select = where
    ? rowSelect(b, fields, locale)
    : { ...rowSelect(b, fields, locale), [ESTIMATE]: tableEstimate(b.table) };
  const order = listOrder(b, auth, q);
  const query = p.db.select(select).from(b.table);
  const ids = () =>
    p.db
      .select({ id: b.table.id })
      .from(b.table)
      .where(where)
      .orderBy(...order);
  const rows = await (offset === 0
    ? query
        .where(where)
        .orderBy(...order)
        .limit(size)
    : query.where(inArray(b.table.id, ids().limit(size).offset(offset))).orderBy(...order));
  const ended = rows.length < size && (rows.length > 0 || page === 1);
  const count = ended
    ? { total: offset + rows.length, capped: false }
    : keyword === 'many' || (!where && estimateCaps((rows[0] as Values | undefined)?.[ESTIMATE], cap))
      ? { total: cap, capped: true }
      : await cappedCount(p.db, b.table, where, cap);
  return answer(rows, count);
}

/**
 * A keyword list's page when the keyword matches at most `cap` rows: the matches are read without
 * the list's order (a subquery with a limit is planned on its own, so the planner takes the
 * trigram and filter indexes instead of walking the order's index in the hope of meeting matches
 * soon: a keyword and a country that never occur together walked 1,000,000 rows), counted by a
 * window, ordered, and only the page's rows read in full. More than `cap` matches: 'many', and the
 * list is read the ordinary way (matches are then dense enough for an ordered walk) with "at least
 * cap" as its total. A page past the last match answers undefined (the ordinary way counts).
 */
async function keywordPage(
  b: BoundResource,
  p: Platform,
  auth: AuthContext,
  q: Values,
  where: SQL,
  fields: string[],
  cap: number,
  locale?: Locale,
): Promise<{ rows: Values[]; count: { total: number; capped: boolean } } | 'many' | undefined> {
  const page = q.page as number;
  const size = q.size as number;
  const { col, dir } = listSort(b, auth, q);
  const matches = p.db
    .select({ id: b.table.id, sortKey: sql`${col}`.as('sort_key') })
    .from(b.table)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const ranked = p.db
    .select({ id: matches.id, n: sql<number>`count(*) over ()`.as('n') })
    .from(matches)
    .orderBy(dir(matches.sortKey), asc(matches.id))
    .limit(size)
    .offset((page - 1) * size)
    .as('ranked');
  const rows = (await p.db
    .select({ ...rowSelect(b, fields, locale), [MATCHES]: ranked.n })
    .from(b.table)
    .innerJoin(ranked, eq(b.table.id, ranked.id))
    .orderBy(...listOrder(b, auth, q))) as Values[];
  const n = rows.length ? Number(rows[0]![MATCHES]) : page === 1 ? 0 : undefined;
  if (n === undefined) return undefined;
  if (n > cap) return 'many';
  return { rows, count: { total: n, capped: false } };
}

const hasKeyword = (b: BoundResource, q: Values) =>
  Object.entries(b.def.list.filters).some(([name, f]) => f.op === 'like' && q[name]);

/**
 * Whether counting the list checks each row: a keyword given, a department data scope, or a
 * shared resource read in a limited scope (own records or those one is a member of: an OR no
 * index answers alone).
 */
function searched(b: BoundResource, auth: AuthContext, q: Values): boolean {
  const keyword = hasKeyword(b, q);
  const scope = auth.scope.kind;
  if (keyword || !b.def.access.owner || scope === 'all') return keyword;
  return (!!b.shared && b.def.access.list !== SIGNED_IN) || (scope !== 'own' && auth.scope.departmentIds.length > 0);
}
