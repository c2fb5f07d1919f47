import { sql } from 'drizzle-orm';
import { bigserial, boolean, integer, jsonb, numeric, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMicros, textKey, toMicros } from '../src/modules/traffic/deltas.js';
import { insertBulk } from '../src/platform/db/bulk.js';
import { type Database, openDatabase, rowsOf } from '../src/platform/db/index.js';

const probe = pgTable('bulk_probe', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }),
  name: text('name'),
  count: integer('count'),
  part: smallint('part'),
  amount: numeric('amount', { precision: 20, scale: 6 }),
  flag: boolean('flag'),
  extra: jsonb('extra'),
  fallback: text('fallback').default('kept'),
});

class Rollback extends Error {}

/** inside one transaction (a temporary table lives on one connection), rolled back after */
async function withProbe<T>(
  db: Database,
  fn: (tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0]) => Promise<T>,
) {
  let out: T | undefined;
  await db.db
    .transaction(async (tx) => {
      await tx.execute(sql`create temporary table bulk_probe (id bigserial primary key, at timestamptz, name text,
        count integer, part smallint, amount numeric(20, 6), flag boolean, extra jsonb, fallback text default 'kept')`);
      out = await fn(tx);
      throw new Rollback();
    })
    .catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
  return out as T;
}

describe('bulk inserts as one array per column (decision 0163)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase(
      process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: 'memory://' },
    );
  });
  afterAll(async () => db?.close());

  it('stores every value as given: quotes, backslashes, braces, commas, empty text, null, dates, decimals, JSON', async () => {
    const at = new Date('2026-12-01T07:05:00.123Z');
    const awkward = ['say "hi"', 'C:\\path\\', '{a,b}', 'NULL', '', ' spaced ', '中文 ✓', 'a\tb\nc'];
    const rows = await withProbe(db, async (tx) => {
      const answered = await insertBulk<typeof probe, { id: number; name: string | null }>(
        tx,
        probe,
        awkward.map((name, i) => ({
          at,
          name,
          count: i - 3,
          part: i,
          amount: i % 2 ? '-0.0035' : '12345678901234.5',
          flag: i % 2 === 0,
          extra: { i, name },
        })),
        sql`returning id, name`,
      );
      expect(answered.map((r) => r.name)).toEqual(awkward);
      await insertBulk(tx, probe, [{ name: null, count: undefined }]);
      return rowsOf<Record<string, unknown>>(
        await tx.execute(
          sql`select at, name, count, part, amount::text as amount, flag, extra, fallback from bulk_probe order by id`,
        ),
      );
    });
    expect(rows).toHaveLength(awkward.length + 1);
    awkward.forEach((name, i) => {
      expect(rows[i]).toMatchObject({
        name,
        count: i - 3,
        part: i,
        amount: i % 2 ? '-0.003500' : '12345678901234.500000',
        flag: i % 2 === 0,
        extra: { i, name },
        fallback: 'kept',
      });
      expect(new Date(rows[i]!.at as string).toISOString()).toBe(at.toISOString());
    });
    // a key given as null or undefined is null; a key no row gives takes the column's default
    expect(rows.at(-1)).toMatchObject({ name: null, count: null, at: null, fallback: 'kept' });
  });

  it('answers nothing and runs nothing for no rows', async () => {
    expect(await insertBulk(db.db, probe, [])).toEqual([]);
  });
});

describe('rollup money in millionths', () => {
  it('reads amounts of up to 6 decimals exactly and rounds a longer one as the column does', () => {
    expect(toMicros('0.0035')).toBe(3500n);
    expect(toMicros('-0.5')).toBe(-500000n);
    expect(toMicros('12')).toBe(12000000n);
    expect(toMicros('99999999999999.999999')).toBe(99999999999999999999n);
    expect(toMicros('1.0000005')).toBe(1000001n);
    expect(toMicros('-1.0000005')).toBe(-1000001n);
  });

  it('writes millionths with 6 decimals, signs and zero included', () => {
    expect(fromMicros(0n)).toBe('0.000000');
    expect(fromMicros(3500n)).toBe('0.003500');
    expect(fromMicros(-12000n)).toBe('-0.012000');
    expect(fromMicros(123456789012n)).toBe('123456.789012');
    // a sum of many small prices stays exact (floating point would not)
    let sum = 0n;
    for (let i = 0; i < 10; i++) sum += toMicros('0.1');
    expect(fromMicros(sum)).toBe('1.000000');
  });
});

describe('rollup group keys', () => {
  it('gives different texts different key parts, however they use quotes and the separator', () => {
    const texts = ['a', '"a"', '', '""', '"', 'a\u0001b', '\u0001', '"\u0001"', 'null', 'CN'];
    expect(new Set(texts.map(textKey)).size).toBe(texts.length);
    // no key part holds the separator, so keys of several parts split the same way they were joined
    for (const t of texts) expect(textKey(t).includes('\u0001')).toBe(false);
    const join = (parts: string[]) => parts.map(textKey).join('\u0001');
    expect(join(['a\u0001', 'b'])).not.toBe(join(['a', '\u0001b']));
    // plain values (codes, states, sender ids) go in as they are
    expect(textKey('delivered')).toBe('delivered');
  });
});
