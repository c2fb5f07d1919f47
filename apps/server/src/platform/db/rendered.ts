import { is, SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * A SQL fragment without parameters as the text it renders to, kept as one raw chunk: the query
 * builder then copies it instead of walking its nested chunks again on every request (a list's
 * select of subqueries for names and dates cost ≈ 0.5 ms of Node per page, decision 0089). A
 * fragment with parameters, or anything not SQL, is answered as it is. Its decoder is kept.
 */
export function rendered<T>(value: T): T {
  if (!is(value, SQL)) return value;
  const q = dialect.sqlToQuery(value);
  if (q.params.length) return value;
  // the decoder (`mapWith`) is not in drizzle's declared type, only on the object
  const decoder = (value as unknown as { decoder: Parameters<SQL['mapWith']>[0] }).decoder;
  return sql.raw(q.sql).mapWith(decoder) as T;
}
