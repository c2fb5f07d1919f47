import type { Locale } from '@portal/contracts';
import { type ResourceDef, type ResourceField, SIGNED_IN, versionKeyOf } from '@portal/contracts/resource';
import {
  and,
  asc,
  Column,
  desc,
  eq,
  getTableName,
  gte,
  ilike,
  inArray,
  is,
  isNotNull,
  isNull,
  lte,
  or,
  SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { dataScopeWhere } from '../access/data-scope.js';
import type { AuthContext } from '../auth/context.js';
import type { DbOrTx } from '../db/index.js';
import { containsPattern } from '../db/like.js';
import { rendered } from '../db/rendered.js';
import { SEARCH_SEPARATOR, searchMatch, searchMatchSet } from '../db/search.js';
import { AppError } from '../http/errors.js';
import { nameInSql } from '../i18n/names.js';
import { memberWhere } from '../ownership/members.js';
import {
  type BoundResource,
  type FieldSource,
  type Link,
  type Localized,
  type ReadContext,
  type Values,
  versionColumnOf,
} from './bind.js';

export const isLink = (s: FieldSource): s is Link => !is(s, Column) && typeof s === 'object' && 'link' in s;
const isLocalized = (s: FieldSource): s is Localized => !is(s, Column) && typeof s === 'object' && 'localized' in s;
export const isColumn = (s: FieldSource): s is PgColumn => is(s, Column);

/** The column a filter, sort or write needs; a field held elsewhere is a definition error. */
export function columnOf(b: BoundResource, field: string): PgColumn {
  if (field === 'id') return b.table.id;
  const s = b.columns[field];
  if (!s || !isColumn(s)) throw new Error(`resource ${b.def.key}: ${field} is not a column`);
  return s;
}

/** A link field read as the array of its values, ordered. */
function linkArray(b: BoundResource, l: Link): SQL {
  const ln = sql.identifier(getTableName(l.link));
  const tn = sql.identifier(getTableName(b.table));
  return sql`array(select ${ln}.${sql.identifier(l.value.name)} from ${ln} where ${ln}.${sql.identifier(l.owner.name)} = ${tn}.${sql.identifier(b.table.id.name)} order by 1)`;
}

/** The SQL that reads a field's value. */
export function readExpr(b: BoundResource, field: string, locale: Locale = 'zh-CN'): PgColumn | SQL {
  const s = b.columns[field]!;
  if (isLocalized(s)) return s.localized(locale);
  return isLink(s) ? linkArray(b, s) : (s as PgColumn | SQL);
}

/** The fields the caller may see: readable ones, less those whose field key the caller lacks. */
export function visibleFields(def: ResourceDef, auth: AuthContext): string[] {
  return Object.keys(def.fields).filter((k) => {
    const f = def.fields[k]!;
    return !f.secret && (!f.perm || auth.perms.has(f.perm));
  });
}

/** A value read from the database as the row schema carries it. */
export function outputValue(f: ResourceField, v: unknown): unknown {
  if (v === null || v === undefined) return f.multiple ? [] : null;
  if (Array.isArray(v)) return v.map((x) => outputValue({ ...f, multiple: false }, x));
  if (v instanceof Date) return f.kind === 'date' ? v.toISOString().slice(0, 10) : v.toISOString();
  if (typeof v === 'bigint' || (typeof v === 'string' && ['number', 'money', 'percent'].includes(f.kind)))
    return Number(v);
  return v;
}

/** The select key of a user or department field's names (no field is named so). */
const namesKey = (field: string) => `__names_${field}`;
/** The select key of a `readAlso` value. */
const alsoKey = (name: string) => `__also_${name}`;

/**
 * `{ id: name }` of the people or departments a field holds (one id or a list), in the reader's
 * language; null when it holds none.
 */
function namesSql(kind: 'user' | 'department', value: PgColumn | SQL, multiple: boolean, locale: Locale): SQL {
  const [table, alias] = kind === 'user' ? ['staff_users', 'su'] : ['departments', 'd'];
  const name = nameInSql(locale, sql.raw(`${alias}.name`), sql.raw(`${alias}.name_en`));
  const match = multiple ? sql`= any(${value})` : sql`= ${value}`;
  return sql`(select json_object_agg(${sql.raw(alias)}.id::text, ${name}) from ${sql.raw(table)} ${sql.raw(alias)}
    where ${sql.raw(alias)}.id ${match})`;
}

/**
 * The select of a row: id, version and the visible fields; for each user and department field the
 * names of the ids it holds, so every list and detail shows people by name without asking again
 * (decision 0068).
 */
export function rowSelect(b: BoundResource, fields: string[], locale?: Locale): Record<string, PgColumn | SQL> {
  const known = selects.get(b) ?? new Map<string, Record<string, PgColumn | SQL>>();
  selects.set(b, known);
  const key = `${locale ?? ''}|${fields.join()}`;
  let out = known.get(key);
  if (!out) {
    out = { id: b.table.id, [versionKeyOf(b.def)]: versionColumnOf(b) };
    for (const k of fields) {
      out[k] = readExpr(b, k, locale);
      const f = b.def.fields[k]!;
      if (f.kind === 'user' || f.kind === 'department')
        out[namesKey(k)] = namesSql(f.kind, out[k]!, !!f.multiple, locale ?? 'zh-CN');
    }
    for (const [k, src] of Object.entries(b.readAlso ?? {})) out[alsoKey(k)] = src;
    for (const k of Object.keys(out)) out[k] = rendered(out[k]!);
    // the field sets are the roles' few; a bound keeps a mistake from growing it without end
    if (known.size < 256) known.set(key, out);
  }
  return { ...out };
}

/** Row selects already built, per resource, language and fields (`rowSelect`, decision 0089). */
const selects = new WeakMap<BoundResource, Map<string, Record<string, PgColumn | SQL>>>();

/** A row as the schema carries it, with `names` of the people and departments its fields hold. */
export function toRow(b: BoundResource, fields: string[], raw: Values): Values {
  const version = versionKeyOf(b.def);
  const out: Values = { id: raw.id, [version]: raw[version] };
  const names: Record<string, Record<string, string>> = {};
  for (const k of fields) {
    out[k] = outputValue(b.def.fields[k]!, raw[k]);
    const found = raw[namesKey(k)];
    if (found) names[k] = (typeof found === 'string' ? JSON.parse(found) : found) as Record<string, string>;
  }
  if (Object.keys(names).length) out.names = names;
  return out;
}

/**
 * Rows as answered (page, detail): `toRow`, then the binding's `afterRead` with the `readAlso`
 * values, which leave again.
 */
export function answerRows(b: BoundResource, fields: string[], raws: Values[], ctx: ReadContext): Values[] {
  const rows = raws.map((raw) => toRow(b, fields, raw));
  if (!b.afterRead) return rows;
  const also = Object.keys(b.readAlso ?? {});
  const read = b.afterRead(
    rows.map((row, i) => ({ ...row, ...Object.fromEntries(also.map((k) => [k, raws[i]![alsoKey(k)]])) })),
    ctx,
  );
  return read.map((row) => {
    const out = { ...row };
    for (const k of also) delete out[k];
    return out;
  });
}

/**
 * The owner a data scope reads: a column, or a read-only SQL expression (an owner held by another
 * room's record, e.g. a finance account follows its customer's owner).
 */
function ownerOf(b: BoundResource, field: string): PgColumn | SQL {
  const s = b.columns[field];
  return s && is(s, SQL) ? s : columnOf(b, field);
}

/**
 * The resource's own rows (`rows`) within the caller's data scope over the definition's owner column (none: every record;
 * personal: own), and for a shared resource the records the caller is a member of (`write`: write
 * members only).
 */
export function scopeWhere(b: BoundResource, caller: AuthContext, mode: 'read' | 'write' = 'read'): SQL | undefined {
  const own = ownerWhere(b, caller, mode);
  return b.rows ? and(b.rows, own) : own;
}

function ownerWhere(b: BoundResource, caller: AuthContext, mode: 'read' | 'write'): SQL | undefined {
  const owner = b.def.access.owner;
  const auth = b.scopeOf ? b.scopeOf(caller) : caller;
  if (!owner) return undefined;
  // a personal resource: one's own records only, whatever the data scope
  if (b.def.access.list === SIGNED_IN) return eq(columnOf(b, owner), auth.userId);
  const parts = sharedScopeParts(b, caller, mode);
  return parts ? or(parts.own, parts.member) : dataScopeWhere(auth, ownerOf(b, owner));
}

/**
 * A shared resource's limited read scope as its two halves: the records owned within the data
 * scope (`own`) and those the caller is a member of (`member`); undefined when the scope is not
 * such an OR (no owner, a personal resource, the scope "all", an unshared resource). A count reads
 * the halves apart (decision 0089): the OR of a column and an EXISTS is answered by no index, so
 * counting a sales' own customers scanned the table until the cap.
 */
export function sharedScopeParts(
  b: BoundResource,
  caller: AuthContext,
  mode: 'read' | 'write' = 'read',
): { own: SQL; member: SQL } | undefined {
  const owner = b.def.access.owner;
  if (!owner || !b.shared || b.def.access.list === SIGNED_IN) return undefined;
  const auth = b.scopeOf ? b.scopeOf(caller) : caller;
  const own = dataScopeWhere(auth, ownerOf(b, owner));
  return own ? { own, member: memberWhere(b.def.key, b.table.id, auth.userId, mode) } : undefined;
}

/** A filter's value for a column: date-times compare as timestamps. */
const param = (f: ResourceField | undefined, v: unknown) =>
  f?.kind === 'datetime' && typeof v === 'string' ? new Date(v) : v;

function hiddenRefused(def: ResourceDef, auth: AuthContext, field: string) {
  const perm = def.fields[field]?.perm;
  if (perm && !auth.perms.has(perm)) throw new AppError('NO_PERMISSION');
}

/**
 * A keyword filter: one LIKE on the filter's search column (its fields lower-cased and joined, with
 * one trigram index; platform/db/search.ts). A keyword holding the separator could match across
 * two fields, so it is compared field by field instead. Read as a set (unordered, through the
 * index), a keyword of several words asks the index for a few trigrams of each (`searchMatchSet`);
 * walked in the list's order, each row is checked with the one LIKE.
 */
export function keywordWhere(
  b: BoundResource,
  filter: string,
  keyword: string,
  form: LinkForm = 'set',
): SQL | undefined {
  if (keyword.includes(SEARCH_SEPARATOR))
    return or(...b.def.list.filters[filter]!.fields!.map((f) => ilike(columnOf(b, f), containsPattern(keyword))));
  return (form === 'set' ? searchMatchSet : searchMatch)(b.search![filter]!, keyword);
}

/** A range given as two query keys, as the pair the other ranges are (absent when neither is given). */
function boundsOf(q: Values, [from, to]: readonly [string, string]): [unknown, unknown] | undefined {
  return q[from] === undefined && q[to] === undefined ? undefined : [q[from] ?? null, q[to] ?? null];
}

/**
 * How a filter on a link field (a value held in a link table) is written:
 * - `set`: the record ids from the link table (`id in (select owner …)`), which the planner may
 *   join or hash: right for counts and unordered reads, where a small set of ids drives the read;
 * - `walk`: one index probe of the link table per row (a scalar subquery, never hashed): right for
 *   a walk of the list's order that stops after a page. A `set` there hashed all 125,000 members of
 *   a department before reading the first row (decision 0057).
 * A keyword follows the same forms: `set` asks the trigram index for a few pieces of each word,
 * `walk` checks each walked row with the one LIKE (decision 0085).
 */
export type LinkForm = 'set' | 'walk';

/** The list's filters from the definition: eq, in, range, set on one field; like over several. */
export function filterWhere(b: BoundResource, auth: AuthContext, q: Values, form: LinkForm = 'set'): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  for (const [name, flt] of Object.entries(b.def.list.filters)) {
    const v = flt.bounds ? boundsOf(q, flt.bounds) : q[name];
    if (v === undefined || v === null || v === '') continue;
    if (flt.op === 'like') {
      for (const f of flt.fields!) hiddenRefused(b.def, auth, f);
      where.push(or(keywordWhere(b, name, String(v), form), b.searchAlso?.[name]?.(String(v))));
      continue;
    }
    const field = flt.field!;
    hiddenRefused(b.def, auth, field);
    const f = b.def.fields[field];
    const src = field === 'id' ? b.table.id : b.columns[field]!;
    if (isLink(src)) {
      const values = flt.op === 'in' ? (v as unknown[]) : [v];
      where.push(
        form === 'set'
          ? inArray(b.table.id, sql`(select ${src.owner} from ${src.link} where ${inArray(src.value, values)})`)
          : sql`(select 1 from ${src.link} where ${src.owner} = ${b.table.id} and ${inArray(src.value, values)} limit 1) is not null`,
      );
      continue;
    }
    const col = src as PgColumn;
    if (flt.op === 'set') where.push(v === 'yes' ? isNotNull(col) : isNull(col));
    else if (flt.op === 'eq') where.push(eq(col, param(f, v)));
    else if (flt.op === 'in')
      where.push(
        inArray(
          col,
          (v as unknown[]).map((x) => param(f, x)),
        ),
      );
    else {
      const [from, to] = v as [unknown, unknown];
      if (from !== null && from !== undefined) where.push(gte(col, param(f, from)));
      if (to !== null && to !== undefined) where.push(lte(col, param(f, to)));
    }
  }
  return and(...where);
}

/** Filters and data scope together: what the page, the count and the export read. */
export const listWhere = (b: BoundResource, auth: AuthContext, q: Values, form: LinkForm = 'set'): SQL | undefined =>
  and(scopeWhere(b, auth), filterWhere(b, auth, q, form));

/** The chosen sortable (and visible) column, else the default sort, and its direction. */
export function listSort(b: BoundResource, auth: AuthContext, q: Values): { col: PgColumn; dir: typeof asc } {
  const { sortable, defaultSort } = b.def.list;
  const asked = typeof q.sortField === 'string' && sortable.includes(q.sortField) ? q.sortField : undefined;
  if (asked) hiddenRefused(b.def, auth, asked);
  const field = asked ?? defaultSort.field;
  const order = q.sortOrder ?? defaultSort.order;
  return { col: columnOf(b, field), dir: order === 'ascend' ? asc : desc };
}

/** The list's order: the sort, then id, stable across pages. */
export function listOrder(b: BoundResource, auth: AuthContext, q: Values): SQL[] {
  const { col, dir } = listSort(b, auth, q);
  return [dir(col), asc(b.table.id)];
}

/** One record within the caller's scope (read values), or NOT_FOUND; `lock` for writes. */
export async function loadRecord(
  db: DbOrTx,
  b: BoundResource,
  auth: AuthContext,
  id: number,
  fields: string[],
  lock = false,
  locale?: Locale,
): Promise<Values> {
  return toRow(b, fields, await recordRaw(db, b, auth, id, fields, lock, locale));
}

/** One record as the detail answers it: the fields the caller may see, then `afterRead`. */
export async function readRecord(db: DbOrTx, b: BoundResource, id: number, ctx: ReadContext): Promise<Values> {
  const fields = visibleFields(b.def, ctx.auth);
  return answerRows(b, fields, [await recordRaw(db, b, ctx.auth, id, fields, false, ctx.locale)], ctx)[0]!;
}

async function recordRaw(
  db: DbOrTx,
  b: BoundResource,
  auth: AuthContext,
  id: number,
  fields: string[],
  lock: boolean,
  locale?: Locale,
): Promise<Values> {
  const q = db
    .select(rowSelect(b, fields, locale))
    .from(b.table)
    .where(and(eq(b.table.id, id), scopeWhere(b, auth, lock ? 'write' : 'read')));
  const [raw] = await (lock ? q.for('update', { of: b.table }) : q);
  if (!raw) {
    // a read member sees the record but may not change it
    if (lock && b.shared) {
      const [seen] = await db
        .select({ id: b.table.id })
        .from(b.table)
        .where(and(eq(b.table.id, id), scopeWhere(b, auth, 'read')));
      if (seen) throw new AppError('OWNERSHIP_READ_ONLY');
    }
    throw new AppError('NOT_FOUND');
  }
  return raw as Values;
}
