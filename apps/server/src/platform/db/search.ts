import type { ResourceDef } from '@portal/contracts/resource';
import { type SQL, sql } from 'drizzle-orm';
import { type ExtraConfigColumn, index, type PgColumn, text } from 'drizzle-orm/pg-core';
import { containsPattern } from './like.js';

/**
 * Between the fields of a search text: the unit separator (U+001F). A keyword matches across two
 * fields only if it holds this character itself; the kernel then compares field by field.
 */
export const SEARCH_SEPARATOR = '\u001f';

/**
 * A keyword filter's search text: a stored generated column holding its fields lower-cased and
 * joined by the separator (a missing value as empty text), with one trigram GIN index
 * (`searchIndex`). `columns` are the database names of the keyword filter's fields; the resource
 * test checks them against the filter.
 * Stored rather than an expression index: the filter then reads a plain column, so a scan that
 * walks another index (time order, data scope) checks each row with one LIKE, not a lower() and
 * a concatenation per row.
 */
export function searchColumn(name: string, columns: string[]) {
  const parts = columns.map((c) => sql`coalesce(${sql.identifier(c)}, '')`);
  return text(name)
    .notNull()
    .generatedAlwaysAs(sql`lower(${sql.join(parts, sql.raw(` || E'\\x1f' || `))})`);
}

/**
 * The search column of a resource's keyword filter, its fields read from the definition (written
 * once, in contracts). A field's column is its name in snake case unless `columns` names it.
 */
export function searchColumnFor(
  def: Pick<ResourceDef, 'key' | 'list'>,
  filter = 'keyword',
  opts: { name?: string; columns?: Record<string, string> } = {},
) {
  const f = def.list.filters[filter];
  if (f?.op !== 'like' || !f.fields?.length) throw new Error(`resource ${def.key}: ${filter} is not a keyword filter`);
  const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return searchColumn(
    opts.name ?? 'search',
    f.fields.map((field) => opts.columns?.[field] ?? snake(field)),
  );
}

/** The trigram GIN index over a search column. */
export const searchIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));

/**
 * The search text contains the keyword, case-insensitively (both sides lower-cased by the
 * database, as ILIKE does). A keyword without three letters or digits in a row has no trigram: the
 * index would hand back every row, so the filter is written where the planner cannot use it and
 * the rows are checked as the list's order walks them (a short keyword matches many rows).
 */
export function searchMatch(column: PgColumn | SQL, keyword: string): SQL {
  const pattern = containsPattern(keyword);
  return hasTrigram(keyword) ? sql`${column} like lower(${pattern})` : sql`(${column} || '') like lower(${pattern})`;
}

export const hasTrigram = (keyword: string) => /[\p{L}\p{N}]{3}/u.test(keyword);

/**
 * The keyword for an unordered read of its matches (a count, the few matches of a page; decision
 * 0085): of two words or more, the index is asked for a few trigrams of each word, not all of them,
 * and each candidate is checked against the whole keyword where the planner cannot use the index
 * again. The trigrams of one word mostly occur together, so all of them pick nearly the rows one
 * picks; the words together narrow. "quartz pharma" read fourteen posting lists of about 50,000
 * rows each; its pieces qua, rtz, pha, rma give the same 3,333 candidates from four, a third of the
 * index's work. One word of five letters or more, no digit, is asked for by its pieces as well
 * (lot, tus of "lotus": two posting lists of 50,000 rows, not three); any other one word (or none
 * of three letters) as `searchMatch` does. A match holds every piece, so the rows found are the same.
 */
export function searchMatchSet(column: PgColumn, keyword: string): SQL {
  const words = keyword.split(/[^\p{L}\p{N}]+/u).filter((w) => [...w].length >= 3);
  if (words.length === 0 || (words.length === 1 && !piecedWord(words[0]!))) return searchMatch(column, keyword);
  const pieces = [...new Set(words.flatMap(wordPieces))];
  return sql`(${sql.join(
    pieces.map((x) => sql`${column} like lower(${containsPattern(x)})`),
    sql` and `,
  )} and (${column} || '') like lower(${containsPattern(keyword)}))`;
}

/**
 * Whether one word alone is asked for by its pieces: five letters or more (fewer pieces than
 * trigrams: "lotus" → lot, tus) and no digit. A code's digit trigrams do not occur together:
 * "cb4242" as cb4, 242 picked 320 candidates for its 111 matches, its four trigrams 112 (decision 0089).
 */
const piecedWord = (word: string) => [...word].length >= 5 && !/\p{N}/u.test(word);

/** A word's trigrams that cover it without overlapping, and its last: "quartz" → qua, rtz. */
function wordPieces(word: string): string[] {
  const chars = [...word];
  const out: string[] = [];
  for (let i = 0; i + 3 <= chars.length; i += 3) out.push(chars.slice(i, i + 3).join(''));
  if (chars.length % 3) out.push(chars.slice(-3).join(''));
  return out;
}
