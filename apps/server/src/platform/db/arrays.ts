import { type SQL, sql } from 'drizzle-orm';

/**
 * A `text[]` parameter: each value bound on its own (drizzle spreads a plain array into a list),
 * for `= any(…)` and the array operators (`&&`, `@>`).
 */
export const textArray = (values: readonly string[]): SQL =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
