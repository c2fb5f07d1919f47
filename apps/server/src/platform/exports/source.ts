import type { Locale } from '@portal/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../auth/context.js';
import type { Db } from '../db/index.js';

/** A cell value an export writes: text, number, or empty. */
export type Cell = string | number | null;

/** A timestamp cell as exports write it: `YYYY-MM-DD HH:mm:ss` in UTC (the column title says UTC). */
export const utcTimeCell = (v: unknown): Cell =>
  v instanceof Date ? v.toISOString().slice(0, 19).replace('T', ' ') : v == null ? null : String(v);

/** A parameterised SQL query (drizzle's `.toSQL()` of a select). */
export interface SqlQuery {
  sql: string;
  params: unknown[];
}

/**
 * What a list screen gives the export service: its query schema (the screen's filters), its
 * columns, how many rows a query matches, and the select that reads them, with the same filters
 * and data scope as the list itself. The select's columns are positional and match `columns`.
 */
export interface ExportSource<Q = unknown> {
  /** unique key stored on tasks, e.g. 'system.users' */
  key: string;
  /**
   * permission key the caller must hold (the list's own key); checked again when the task runs.
   * Omitted for a list of the caller's own records that any signed-in user may read (messages):
   * then `count` and `select` must limit the rows to `auth.userId`.
   */
  perm?: string;
  /** the list's query schema; a stored task query is parsed with it again */
  query: z.ZodType<Q>;
  /** base of the file name, per locale */
  title: Record<Locale, string>;
  columns: { zh: string; en: string; width?: number }[];
  /** the columns this caller may see, when field-level permission narrows `columns` */
  columnsFor?(auth: AuthContext): { zh: string; en: string; width?: number }[];
  /** `at`: the app clock's now when the export runs, for a list whose rows depend on the time (a state) */
  count(db: Db, auth: AuthContext, q: Q, at?: Date): Promise<number>;
  /** the rows' query; names with two language forms come out in the task's language */
  select(db: Db, auth: AuthContext, q: Q, locale: Locale, at?: Date): SqlQuery;
  /** one raw row (array, in select order) to its cells, in the task's language */
  cells(row: unknown[], locale: Locale, auth: AuthContext, at?: Date): Cell[];
}

const registry = new Map<string, ExportSource<never>>();

/** Declares a list as exportable (at module load). Keys are unique. */
export function defineExportSource<Q>(source: ExportSource<Q>): ExportSource<Q> {
  if (registry.has(source.key)) throw new Error(`export source ${source.key} defined twice`);
  registry.set(source.key, source as unknown as ExportSource<never>);
  return source;
}

export function exportSource(key: string): ExportSource<unknown> | undefined {
  return registry.get(key) as ExportSource<unknown> | undefined;
}
