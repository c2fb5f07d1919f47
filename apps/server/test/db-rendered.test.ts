import { sql } from 'drizzle-orm';
import { integer, PgDialect, pgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { rendered } from '../src/platform/db/rendered.js';

const t = pgTable('rendered_probe', { id: integer('id'), owner: integer('owner_id') });
const dialect = new PgDialect();

describe('a SQL fragment rendered once (decision 0089)', () => {
  it('renders a fragment without parameters to the same text, kept as one raw chunk', () => {
    const nested = sql`(select json_object_agg(su.id::text, su.name) from staff_users su where su.id = ${t.owner})`;
    const once = rendered(sql`coalesce(${nested}, ${sql`'{}'::json`})`);
    expect(dialect.sqlToQuery(once)).toEqual(dialect.sqlToQuery(sql`coalesce(${nested}, ${sql`'{}'::json`})`));
    expect(once.queryChunks).toHaveLength(1);
  });

  it('keeps a fragment with parameters, a column and its decoder as they are', () => {
    const withParam = sql`${t.owner} = ${5}`;
    expect(rendered(withParam)).toBe(withParam);
    expect(rendered(t.owner)).toBe(t.owner);
    const decoded = rendered(sql`count(*)`.mapWith(Number));
    expect(dialect.sqlToQuery(decoded).sql).toBe('count(*)');
    expect(
      (decoded as unknown as { decoder: { mapFromDriverValue: (v: unknown) => unknown } }).decoder.mapFromDriverValue(
        '7',
      ),
    ).toBe(7);
  });
});
