import type { Locale } from '@portal/contracts';
import { SIGNED_IN } from '@portal/contracts/resource';
import { and, asc, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../auth/context.js';
import { cappedCount, estimateCaps, tableEstimate } from '../db/count.js';
import { rowsOf } from '../db/index.js';
import type { Platform } from '../platform.js';
import type { BoundResource, Values } from './bind.js';
import {
  answerRows,
  columnOf,
  filterWhere,
  listOrder,
  listSort,
  listWhere,
  rowSelect,
  sharedScopeParts,
  visibleFields,
} from './query.js';

/** Keys a page's rows carry besides the fields (no field is named so). */
const ESTIMATE = '__estimate';

/**
 * A page of a resource's list: filters, data scope, order and the fields the caller may see
 * (decisions 0047 and 0057 for the costs).
 * - The page is read first: a page that is not full ends the list, so its total needs no count.
 * - A list nothing narrows (no filter, an unlimited scope) carries the table's row estimate in the
 *   same statement; far above the cap it settles "at least cap" without counting.
 * - A narrowed list (a filter, a keyword or a limited data scope) walks the first rows of its
 *   order, a bounded number (`walkedPage`): dense matches fill the page there, and are counted by
 *   walking on when the cap lies near (`walkedCount`, decision 0085). Otherwise the matches are sparse and read
 *   unordered, at most the cap (`matchesPage`): few give the page and the exact total in one
 *   statement, whatever the planner guessed of their order; more than the cap are read the
 *   ordinary way with "at least cap" as the total.
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
    records: answerRows(b, fields, rows as Values[], { locale: locale ?? 'zh-CN', auth }),
    total: count.total,
    page,
    size,
    ...(count.capped ? { totalCapped: true } : {}),
  });

  let many = false;
  let walked: Awaited<ReturnType<typeof walkedPage>> | undefined;
  if (where) {
    walked = sortedByDefault(b, auth, q) ? await walkedPage(b, p, auth, q, fields, locale) : undefined;
    // dense matches: counting them walks rows too (a hashed link set cost more than the count)
    if (walked && walked.rows.length === size)
      return answer(walked.rows, await walkedCount(b, p, auth, q, walked, cap));
    const matches = await matchesPage(b, p, auth, q, where!, fields, cap, locale);
    if (matches && matches !== 'many') return answer(matches.rows, matches.count);
    many = matches === 'many';
    // more than the cap, some among the first rows: walk on as far as their density says the page
    // lies (decision 0089); a keyword's index and a sort read every match first (3,333 for a page)
    if (many && walked && walked.matched > 0) {
      const rows = Math.ceil((2 * (offset + size) * walked.walk) / walked.matched);
      const further =
        rows <= COUNT_WALK_FACTOR * p.config.listWalkRows
          ? await walkedPage(b, p, auth, q, fields, locale, rows)
          : undefined;
      if (further?.rows.length === size) return answer(further.rows, { total: cap, capped: true });
    }
  }

  // an ordered walk over many matches stops at the page: probe each row's links (a sort reads them all)
  const walk = many && walked ? listWhere(b, auth, q, 'walk') : where;
  const select = where
    ? rowSelect(b, fields, locale)
    : { ...rowSelect(b, fields, locale), [ESTIMATE]: tableEstimate(b.table) };
  const order = listOrder(b, auth, q);
  const query = p.db.select(select).from(b.table);
  const ids = () =>
    p.db
      .select({ id: b.table.id })
      .from(b.table)
      .where(walk)
      .orderBy(...order);
  const rows = await (offset === 0
    ? query
        .where(walk)
        .orderBy(...order)
        .limit(size)
    : query.where(inArray(b.table.id, ids().limit(size).offset(offset))).orderBy(...order));
  const ended = rows.length < size && (rows.length > 0 || page === 1);
  const count = ended
    ? { total: offset + rows.length, capped: false }
    : many || (!where && estimateCaps((rows[0] as Values | undefined)?.[ESTIMATE], cap))
      ? { total: cap, capped: true }
      : await listCount(b, p, auth, q, where, cap);
  return answer(rows, count);
}

/**
 * The page as found among the first rows of the list's order only (at least `listWalkRows`, more
 * for a deep page; of a personal list, the caller's rows: `walkedRows`):
 * `from (select * from t order by … limit n) as t`, so the filters, written for
 * the table, apply to the walked rows unchanged and the walk stops at the page's last row. Its ids
 * only (the query builder knows no subquery under the table's own name), then their rows. A full
 * page means the matches are dense; anything less says nothing of the rows beyond the walk.
 * The first walk counts its matches (`matched`, all of them: it walks its rows to the end); a walk
 * given its length (`rows`) does not, and stops at the page's last match.
 */
async function walkedPage(
  b: BoundResource,
  p: Platform,
  auth: AuthContext,
  q: Values,
  fields: string[],
  locale?: Locale,
  rows?: number,
) {
  const size = q.size as number;
  const offset = ((q.page as number) - 1) * size;
  const order = sql.join(listOrder(b, auth, q), sql`, `);
  const walk = rows ?? Math.max(p.config.listWalkRows, 4 * (offset + size));
  const t = sql.identifier(getTableName(b.table));
  const matches = rows === undefined ? sql`count(*) over ()` : sql`0`;
  const found = rowsOf<{ id: number; matched: number }>(
    await p.db.execute(sql`select ${t}.${sql.identifier(b.table.id.name)} as id, ${matches} as matched
      from (select * from ${b.table} ${walkedRows(b, auth)} order by ${order} limit ${walk}) as ${t}
      where ${listWhere(b, auth, q, 'walk')!} order by ${order} limit ${size} offset ${offset}`),
  );
  const matched = Number(found[0]?.matched ?? 0);
  if (found.length < size) return { rows: [] as Values[], walk, matched };
  return { rows: await rowsOfIds(b, p, auth, q, fields, found, locale), walk, matched };
}

/** The full rows (link arrays, localized names) of a page whose ids a narrow read found, in the list's order. */
async function rowsOfIds(
  b: BoundResource,
  p: Platform,
  auth: AuthContext,
  q: Values,
  fields: string[],
  found: { id: unknown }[],
  locale?: Locale,
): Promise<Values[]> {
  if (!found.length) return [];
  return (await p.db
    .select(rowSelect(b, fields, locale))
    .from(b.table)
    .where(
      inArray(
        b.table.id,
        found.map((r) => Number(r.id)),
      ),
    )
    .orderBy(...listOrder(b, auth, q))) as Values[];
}

/**
 * The rows a walk goes through: of a personal resource, the caller's own (its order's index starts
 * with the owner), so the walk meets no other user's records; of any other, the whole order.
 */
const walkedRows = (b: BoundResource, auth: AuthContext): SQL =>
  b.def.access.list === SIGNED_IN ? sql`where ${columnOf(b, b.def.access.owner!)} = ${auth.userId}` : sql``;

/** How many times `listWalkRows` a count may walk in the list's order before it asks the indexes. */
const COUNT_WALK_FACTOR = 25;

/**
 * The capped count of a list whose page the walk filled (decision 0085). The walk saw `matched`
 * matches among its first `walk` rows of the order: more than the cap is the answer already.
 * Dense enough that the cap's matches lie within `COUNT_WALK_FACTOR × listWalkRows` rows at that
 * density, they are counted by walking on in the same order, stopping at the cap (a keyword read
 * through the trigram index first builds the bitmap of every match: "Nova", 50,000 of a million, cost
 * six times the walk). A walk that does not reach the cap proves nothing of the rows beyond it: the
 * indexes count then, as before.
 */
async function walkedCount(
  b: BoundResource,
  p: Platform,
  auth: AuthContext,
  q: Values,
  walked: { walk: number; matched: number },
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  if (walked.matched > cap) return { total: cap, capped: true };
  const where = listWhere(b, auth, q, 'walk')!;
  const rows = Math.ceil((2 * (cap + 1) * walked.walk) / Math.max(walked.matched, 1));
  if (rows <= COUNT_WALK_FACTOR * p.config.listWalkRows) {
    // the first walk's rows are counted already: walk on from its end for the matches still missing
    // (the skipped rows are index entries passed over, their filters not evaluated again)
    const order = sql.join(listOrder(b, auth, q), sql`, `);
    const t = sql.identifier(getTableName(b.table));
    const missing = cap + 1 - walked.matched;
    const [row] = rowsOf<{ n: number }>(
      await p.db.execute(sql`select count(*)::int as n from (select 1
        from (select * from ${b.table} ${walkedRows(b, auth)} order by ${order}
          limit ${rows - walked.walk} offset ${walked.walk}) as ${t}
        where ${where} limit ${missing}) as walked`),
    );
    if (walked.matched + Number(row?.n) > cap) return { total: cap, capped: true };
  }
  return listCount(b, p, auth, q, where, cap);
}

/**
 * The capped count of a list. A shared resource read in a limited scope is counted as two
 * disjoint halves, `own and filters` then `own is not true and member and filters`, one after the
 * other under the one cap (decision 0089): each half has its index (the owner's, the member
 * table's) where their OR has none. A sales' own 33,000 customers of a million: a scan of 30,000
 * rows to reach the cap became a walk of 1,001 entries of the owner index.
 */
async function listCount(
  b: BoundResource,
  p: Platform,
  auth: AuthContext,
  q: Values,
  where: SQL | undefined,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  const halves = scopeHalves(b, auth, q);
  if (!halves) return cappedCount(p.db, b.table, where, cap);
  const [row] = rowsOf<{ n: number }>(
    await p.db.execute(sql`select count(*)::int as n from (
      select 1 from ${b.table} where ${halves[0]}
      union all
      select 1 from ${b.table} where ${halves[1]}
      limit ${cap + 1}) as capped_rows`),
  );
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/**
 * A shared resource's list in a limited scope as two disjoint conditions, `own and filters` and
 * `(own) is not true and member and filters` (set form): read one after the other, each record is
 * met once and each half reads its own index, the owner's (with a keyword: the trigram index that
 * carries the owner) and the member table's. Undefined for any other scope.
 */
function scopeHalves(b: BoundResource, auth: AuthContext, q: Values): [SQL, SQL] | undefined {
  const parts = sharedScopeParts(b, auth);
  if (!parts) return undefined;
  const rest = and(b.rows, filterWhere(b, auth, q));
  return [and(parts.own, rest)!, and(sql`(${parts.own}) is not true`, parts.member, rest)!];
}

/**
 * A narrowed list's page when it has at most `cap` matches: the matches are read without the
 * list's order (a subquery with a limit is planned on its own, so the planner takes the trigram
 * and filter indexes instead of walking the order's index in the hope of meeting matches soon: a
 * keyword and a country that never occur together walked 1,000,000 rows), counted by a window,
 * ordered, and only the page's ids kept; their rows are read in full after, when the count is at
 * most the cap (more than the cap answers 'many' and the rows would be thrown away: decision 0160).
 * A page past the last match answers undefined (the ordinary way counts).
 */
async function matchesPage(
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
  const pick = (w: SQL) =>
    p.db
      .select({ id: b.table.id, sortKey: sql`${col}`.as('sort_key') })
      .from(b.table)
      .where(w);
  const halves = scopeHalves(b, auth, q);
  const matches = (halves ? pick(halves[0]).unionAll(pick(halves[1])) : pick(where)).limit(cap + 1).as('matches');
  // ids and the count only: more than the cap throws the page away (the order's walk finds it)
  const found = await p.db
    .select({ id: matches.id, n: sql<number>`count(*) over ()`.as('n') })
    .from(matches)
    .orderBy(dir(matches.sortKey), asc(matches.id))
    .limit(size)
    .offset((page - 1) * size);
  const n = found.length ? Number(found[0]!.n) : page === 1 ? 0 : undefined;
  if (n === undefined) return undefined;
  if (n > cap) return 'many';
  return { rows: await rowsOfIds(b, p, auth, q, fields, found, locale), count: { total: n, capped: false } };
}

/**
 * Whether the list is in the default sort's column (either direction): only that one is known to
 * have an index (resources.test.ts walks every resource for it). A walk in another column's order
 * sorted the whole table first: 5.7 s for users by name (decision 0057).
 */
const sortedByDefault = (b: BoundResource, auth: AuthContext, q: Values) =>
  listSort(b, auth, q).col === columnOf(b, b.def.list.defaultSort.field);

const hasKeyword = (b: BoundResource, q: Values) =>
  Object.entries(b.def.list.filters).some(([name, f]) => f.op === 'like' && q[name]);

/**
 * Whether counting the list checks each row: a keyword given, a department data scope, or a
 * shared resource read in a limited scope (own records or those one is a member of: an OR no
 * index answers alone).
 */
function searched(b: BoundResource, caller: AuthContext, q: Values): boolean {
  const keyword = hasKeyword(b, q);
  const auth = b.scopeOf ? b.scopeOf(caller) : caller;
  const scope = auth.scope.kind;
  // a personal list is the caller's own rows, whatever their data scope
  if (keyword || !b.def.access.owner || scope === 'all' || b.def.access.list === SIGNED_IN) return keyword;
  return !!b.shared || (scope !== 'own' && auth.scope.departmentIds.length > 0);
}
