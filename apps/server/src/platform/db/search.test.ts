import { userResource } from '@portal/contracts/system';
import { getTableConfig, PgDialect, pgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { searchColumnFor } from './search.js';

const generatedSql = (column: ReturnType<typeof searchColumnFor>) => {
  const table = pgTable('t', { search: column });
  const gen = getTableConfig(table).columns[0]!.generated!.as as Parameters<PgDialect['sqlToQuery']>[0];
  return new PgDialect().sqlToQuery(gen).sql;
};

describe('searchColumnFor', () => {
  it("joins the keyword filter's fields, in snake case, in the definition's order", () => {
    expect(generatedSql(searchColumnFor(userResource))).toBe(
      `lower(coalesce("username", '') || E'\\x1f' || coalesce("name", '') || E'\\x1f' || coalesce("job_number", ''))`,
    );
  });

  it('takes a column name where the field is stored under another name', () => {
    expect(generatedSql(searchColumnFor(userResource, 'keyword', { columns: { jobNumber: 'staff_no' } }))).toContain(
      `coalesce("staff_no", '')`,
    );
  });

  it('refuses a filter that is not a keyword filter', () => {
    expect(() => searchColumnFor(userResource, 'status')).toThrow(/not a keyword filter/);
    expect(() => searchColumnFor(userResource, 'nothing')).toThrow(/not a keyword filter/);
  });
});
