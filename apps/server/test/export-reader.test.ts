import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCopyText } from '../src/platform/exports/copy-text.js';
import { streamRows } from '../src/platform/exports/reader.js';
import { startTestApp, type TestApp } from './harness.js';

/** Every value kind a list select may hold, with the text that trips up parsers. */
const TRICKY = `
  select g as id,
         case when g % 4 = 0 then null else 'name ' || g end as name,
         case when g % 5 = 0 then '' else E'tab\\there\\nnew line \\\\ back' end as text,
         array['a', 'b,c', null, 'd"e']::text[] as tags,
         array[g, g + 1]::int[] as nums,
         (g * 1.25)::numeric(12, 2) as amount,
         g % 2 = 0 as flag,
         timestamptz '2026-01-01 08:00:00+00' + (g || ' minutes')::interval as at,
         jsonb_build_object('k', g, 's', 'x"y') as meta,
         '中文 客户' as cn
  from generate_series(1, $1::int) g
  where g > $2::int
  order by g desc`;

describe('export reader: rows of a list query, streamed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const direct = async (sqlText: string, params: unknown[]) => {
    const database = t.p.database;
    if (database.kind === 'postgres')
      return (await database.pool.query({ text: sqlText, values: params, rowMode: 'array' })).rows;
    return (await database.client.query<unknown[]>(sqlText, params, { rowMode: 'array' })).rows;
  };

  it('reads exactly what a query answers, in order, across batch boundaries', async () => {
    const query = { sql: TRICKY, params: [23, 2] };
    const rows: unknown[][] = [];
    for await (const row of streamRows(t.p.database, query, 5)) rows.push(row);
    expect(rows).toHaveLength(21);
    expect(rows).toEqual(await direct(TRICKY, [23, 2]));
    // spot-check the types came through as a query gives them
    const r = rows.find((x) => x[0] === 12)!;
    expect(r[1]).toBeNull();
    expect(r[2]).toBe('tab\there\nnew line \\ back');
    expect(r[3]).toEqual(['a', 'b,c', null, 'd"e']);
    expect(r[4]).toEqual([12, 13]);
    expect(r[6]).toBe(true);
    expect(r[7]).toBeInstanceOf(Date);
    expect(r[8]).toEqual({ k: 12, s: 'x"y' });
    expect(rows.find((x) => x[0] === 10)![2]).toBe('');
  });

  it('reads a select whose columns share a name (a join) and an empty result', async () => {
    const join = 'select a.username, b.username from staff_users a join staff_users b on b.id = a.id order by a.id';
    const rows: unknown[][] = [];
    for await (const row of streamRows(t.p.database, { sql: join, params: [] })) rows.push(row);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(await direct(join, []));
    const none: unknown[][] = [];
    for await (const row of streamRows(t.p.database, { sql: 'select 1 where false', params: [] })) none.push(row);
    expect(none).toEqual([]);
  });

  it('leaves nothing behind when the consumer stops early or the query fails', async () => {
    for await (const row of streamRows(t.p.database, { sql: TRICKY, params: [100, 0] }, 10)) {
      expect(row[0]).toBe(100);
      break;
    }
    await expect(async () => {
      for await (const _ of streamRows(t.p.database, { sql: 'select no_such_column from staff_users', params: [] })) {
        // never reached
      }
    }).rejects.toThrow(/no_such_column/);
    // the connection still answers, and no export table was left
    const left = await direct(
      "select count(*)::int from pg_class where relpersistence = 't' and relname like 'export_rows_%'",
      [],
    );
    expect(left).toEqual([[0]]);
  });
});

describe('COPY text format', () => {
  it('splits lines and tabs, reads \\N as null and undoes the escapes', () => {
    expect([...parseCopyText('1\t\\N\ta\\tb\\nc\\\\d\t\n2\t\\\\N\t\\101\\x42\t\n')]).toEqual([
      ['1', null, 'a\tb\nc\\d', ''],
      ['2', '\\N', 'AB', ''],
    ]);
    expect([...parseCopyText('')]).toEqual([]);
  });
});
