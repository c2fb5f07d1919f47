import { Errors } from '@portal/contracts';
import { PREF_ROWS_PER_USER } from '@portal/contracts/prefs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, DEMO, type TestApp, type Tokens } from './harness.js';
import { startSignedIn } from './support/signed-in.js';

describe('user preferences (pref)', () => {
  let t: TestApp;
  let admin: Tokens;
  let sales: Tokens;
  beforeAll(async () => {
    [t, admin, sales] = await startSignedIn([DEMO.admin, DEMO.sales01]);
  });
  afterAll(() => t.close());

  const call = async (who: Tokens | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url, headers: who ? bearer(who) : {}, payload })).json();
  const get = (who: Tokens, scope: string) => call(who, 'GET', `/v2/sys/staff/pref/get?scope=${scope}`);
  const save = (who: Tokens, body: object) => call(who, 'POST', '/v2/sys/staff/pref/save', body);

  it('saves, replaces and drops columns, density and filters of one scope', async () => {
    expect((await get(admin, 'table:system.users')).data).toEqual({});
    const columns = { order: ['name', 'username', 'createdAt'], hidden: ['email'] };
    expect((await save(admin, { scope: 'table:system.users', key: 'table.columns', value: columns })).code).toBe(0);
    await save(admin, { scope: 'table:system.users', key: 'table.density', value: 'small' });
    const filters = [{ name: '停用的', values: { status: 'disabled', keyword: null } }];
    await save(admin, { scope: 'table:system.users', key: 'table.filters', value: filters });
    expect((await get(admin, 'table:system.users')).data).toEqual({
      'table.columns': columns,
      'table.density': 'small',
      'table.filters': filters,
    });
    await save(admin, { scope: 'table:system.users', key: 'table.density', value: 'middle' });
    await call(admin, 'POST', '/v2/sys/staff/pref/delete', { scope: 'table:system.users', key: 'table.columns' });
    const after = (await get(admin, 'table:system.users')).data;
    expect(after['table.density']).toBe('middle');
    expect(after['table.columns']).toBeUndefined();
    expect((await get(admin, 'table:other')).data).toEqual({});
  });

  it("answers only the caller's own rows; signing in is required", async () => {
    await save(admin, { scope: 'table:notices', key: 'table.density', value: 'small' });
    expect((await get(sales, 'table:notices')).data).toEqual({});
    await save(sales, { scope: 'table:notices', key: 'table.density', value: 'middle' });
    expect((await get(admin, 'table:notices')).data['table.density']).toBe('small');
    expect((await get(sales, 'table:notices')).data['table.density']).toBe('middle');
    // deleting drops only the caller's row
    await call(sales, 'POST', '/v2/sys/staff/pref/delete', { scope: 'table:notices', key: 'table.density' });
    expect((await get(admin, 'table:notices')).data['table.density']).toBe('small');
    const anon = await call(null, 'GET', '/v2/sys/staff/pref/get?scope=table:notices');
    expect(anon.code).toBe(Errors.TOKEN_INVALID.code);
  });

  it('refuses bad input, changing nothing', async () => {
    const scope = 'table:bad.input';
    const bad = [
      { scope, key: 'table.density', value: 'huge' },
      { scope, key: 'table.unknown', value: 1 },
      { scope: 'Bad Scope!', key: 'table.density', value: 'small' },
      { scope, key: 'table.columns', value: { order: ['a b'], hidden: [] } },
      { scope, key: 'table.columns', value: { order: Array.from({ length: 101 }, (_, i) => `c${i}`), hidden: [] } },
      { scope, key: 'table.filters', value: [{ name: 'x', values: { a: 'y'.repeat(201) } }] },
      { scope, key: 'table.filters', value: [{ name: 'x', values: { a: { nested: true } } }] },
      {
        scope,
        key: 'table.filters',
        value: [
          { name: 'same', values: {} },
          { name: 'same', values: {} },
        ],
      },
      { scope, key: 'table.filters', value: Array.from({ length: 21 }, (_, i) => ({ name: `f${i}`, values: {} })) },
    ];
    for (const body of bad)
      expect((await save(admin, body)).code, JSON.stringify(body).slice(0, 80)).toBe(Errors.VALIDATION_FAILED.code);
    const nul = await save(admin, { scope, key: 'table.filters', value: [{ name: 'nul\u0000', values: {} }] });
    expect(nul.code).toBe(Errors.INVALID_CHARACTER.code);
    expect((await get(admin, scope)).data).toEqual({});
    expect((await call(admin, 'GET', '/v2/sys/staff/pref/get?scope=')).code).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('caps the rows one user may hold; replacing an existing one still works', async () => {
    const [me] = rowsOf<{ id: number }>(
      await t.p.db.execute(sql`select id from staff_users where username = ${DEMO.sales01.username}`),
    );
    await t.p.db.execute(sql`
      insert into user_prefs (user_id, scope, key, value)
      select ${me!.id}, 'table:filler' || g, 'table.density', '"small"'::jsonb from generate_series(1, ${PREF_ROWS_PER_USER}) g
      on conflict do nothing`);
    const full = await save(sales, { scope: 'table:one.more', key: 'table.density', value: 'small' });
    expect(full.code).toBe(Errors.PREFS_FULL.code);
    expect((await get(sales, 'table:one.more')).data).toEqual({});
    expect((await save(sales, { scope: 'table:filler1', key: 'table.density', value: 'middle' })).code).toBe(0);
    expect((await get(sales, 'table:filler1')).data['table.density']).toBe('middle');
    // others are not held back by this user's rows
    expect((await save(admin, { scope: 'table:one.more', key: 'table.density', value: 'small' })).code).toBe(0);
  });
});
