import { Errors, Perm } from '@portal/contracts';
import { actionPerm, SIGNED_IN } from '@portal/contracts/resource';
import { eq, getTableName, inArray, is, SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../src/modules/index.js';
import { users } from '../src/modules/system/users.js';
import { departments, resources, roleResources, roles, staffUsers } from '../src/platform/access/schema.js';
import type { AuthContext } from '../src/platform/auth/context.js';
import { rowsOf } from '../src/platform/db/index.js';
import { streamRows } from '../src/platform/exports/reader.js';
import { type BoundResource, boundResources } from '../src/platform/resource/bind.js';
import { resourceExport } from '../src/platform/resource/export.js';
import { resourcePage } from '../src/platform/resource/page.js';
import { columnOf, isLink, keywordWhere, readRecord } from '../src/platform/resource/query.js';
import { buildSeedResources } from '../src/seed/resources.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { describeResource } from './support/describe-resource.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.close());

describeResource(users, {
  app: () => t,
  sample: (n) => ({
    username: `conform${n}`,
    name: `Conformance ${n}`,
    jobNumber: `CF-${n}`,
    password: 'Conform#2026',
  }),
  update: { name: 'Renamed by the suite', email: 'renamed@example.com' },
  filters: {
    keyword: 'CONF',
    status: 'active',
    departmentId: async () => (await t.p.db.select().from(departments).where(eq(departments.code, 'ops')))[0]!.id,
  },
  ownedRecord: async (_t, userId) => userId,
  commands: { status: { status: 'disabled' }, resetPassword: { password: 'Another#2026' } },
});

describe('every bound resource', () => {
  it('is mounted by a module', () => {
    expect(modules.length).toBeGreaterThan(0);
    expect(boundResources().map((b) => b.def.key)).toContain('system.user');
  });

  it('needs only keys the seed creates: a role can be given every action a list offers', () => {
    const seeded = new Set(buildSeedResources().map((r) => r.key));
    const unseeded = boundResources().flatMap(({ def }) =>
      [
        ...(['list', 'create', 'update', 'delete', 'export'] as const).map((a) => actionPerm(def, a)),
        ...Object.values(def.commands ?? {}).map((c) => c.perm),
        ...Object.values(def.fields).map((f) => f.perm),
      ]
        .filter((k): k is string => !!k && k !== SIGNED_IN && !seeded.has(k))
        .map((k) => `${def.key}: ${k}`),
    );
    expect(unseeded).toEqual([]);
  });

  it('has an index for each filter, the default sort and the owner (keyword filters: a trigram-indexed search column of their fields)', async () => {
    const defs = rowsOf<{ tablename: string; indexdef: string }>(
      await t.p.db.execute("select tablename, indexdef from pg_indexes where schemaname = 'public'"),
    );
    // `first`: a pattern of columns the index may start with before `column`
    const leads = (table: string, column: string, method: 'btree' | 'gin', first = '') =>
      defs.some(
        (d) =>
          d.tablename === table &&
          new RegExp(`USING ${method} \\(${first}"?${column}"?[ ,)]`).test(d.indexdef) &&
          (method === 'btree' || d.indexdef.includes('gin_trgm_ops')),
      );
    const generated = new Map(
      rowsOf<{ t: string; c: string; e: string }>(
        await t.p.db.execute(
          "select table_name as t, column_name as c, generation_expression as e from information_schema.columns where table_schema = 'public' and is_generated = 'ALWAYS'",
        ),
      ).map((r) => [`${r.t}.${r.c}`, r.e]),
    );
    const missing: string[] = [];
    for (const b of boundResources()) {
      const table = getTableName(b.table);
      // a personal list is always one owner's records: its indexes may start with the owner; a resource
      // holding one kind of a shared table (`rows`: kind column = value) may start them with the kind
      const owner = b.def.access.list === SIGNED_IN ? columnOf(b, b.def.access.owner!).name : undefined;
      const kind = b.rows ? /^"\w+"\."(\w+)" = \$1$/.exec(new PgDialect().sqlToQuery(b.rows).sql)?.[1] : undefined;
      const lead = owner ?? kind;
      const ownerFirst = lead ? `(?:"?${lead}"?, )?` : '';
      const need = (field: string, method: 'btree' | 'gin') => {
        const src = field === 'id' ? b.table.id : b.columns[field]!;
        if (isLink(src)) {
          if (!leads(getTableName(src.link), src.value.name, 'btree')) missing.push(`${b.def.key}.${field} (link)`);
          return;
        }
        if (!leads(table, columnOf(b, field).name, method, ownerFirst))
          missing.push(`${b.def.key}.${field} (${method})`);
      };
      for (const [name, f] of Object.entries(b.def.list.filters)) {
        if (f.op !== 'like') {
          need(f.field!, 'btree');
          continue;
        }
        // a keyword filter reads one search column generated from exactly its fields, trigram-indexed
        const search = b.search?.[name];
        const expr = search && generated.get(`${table}.${search.name}`);
        const fields = f.fields!.map((x) => columnOf(b, x).name).sort();
        const named = expr ? [...expr.matchAll(/"?(\w+)"?, ''::text\)/g)].map((m) => m[1]).sort() : [];
        if (!expr || named.join() !== fields.join()) missing.push(`${b.def.key}.${name} (search column)`);
        else if (!leads(table, search.name, 'gin')) missing.push(`${b.def.key}.${name} (search index)`);
      }
      need(b.def.list.defaultSort.field, 'btree');
      // the default order is "<field> <order>, id asc" (listOrder): one index in that order, the id tie-break
      // included, serves it (drizzle's bare .desc() is DESC NULLS LAST, which ORDER BY … DESC cannot use)
      const { field, order } = b.def.list.defaultSort;
      if (field !== 'id' && !isLink(b.columns[field]!)) {
        const col = columnOf(b, field).name;
        const dir = order === 'descend' ? ' DESC' : '';
        const ordered = new RegExp(`USING btree \\(${ownerFirst}"?${col}"?${dir}, id\\)`);
        // a unique column is an order of its own: no tie-break needed
        const unique = new RegExp(`^CREATE UNIQUE INDEX .* USING btree \\("?${col}"?\\)$`);
        if (!defs.some((d) => d.tablename === table && (ordered.test(d.indexdef) || unique.test(d.indexdef))))
          missing.push(`${b.def.key}.${field} (default order ${col}${dir.toLowerCase()}, id)`);
      }
      // an "own" data scope reads the owner's records by this column (an owner read from another
      // room's record, a SQL expression, is that room's indexed column: finance accounts → customers)
      if (b.def.access.owner && !is(b.columns[b.def.access.owner], SQL)) need(b.def.access.owner, 'btree');
    }
    expect(missing).toEqual([]);
  });
});

describe('keyword filters use their trigram index', () => {
  it('a keyword of three letters or more reads the index; a shorter one never does (it has no trigram)', async () => {
    const plans: string[] = [];
    const explain = (b: BoundResource, filter: string, keyword: string) =>
      t.p.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        // a small table's order index that carries the search column (customers, decision 0098) is
        // otherwise read whole, index-only, before the trigram index
        await tx.execute(sql`set local enable_indexonlyscan = off`);
        const q = tx
          .select({ id: b.table.id })
          .from(b.table)
          .where(keywordWhere(b, filter, keyword));
        return JSON.stringify(rowsOf(await tx.execute(sql`explain ${q}`)));
      });
    for (const b of boundResources())
      for (const [name, f] of Object.entries(b.def.list.filters)) {
        if (f.op !== 'like') continue;
        const long = await explain(b, name, 'zhaoming');
        const short = await explain(b, name, 'li');
        plans.push(`${b.def.key}.${name}: ${long.includes('Index Cond')} ${short.includes('Index Cond')}`);
      }
    expect(plans.length).toBeGreaterThan(0);
    // "<key>.<filter>: <long keyword uses an index> <short keyword uses an index>"
    expect(plans.filter((p) => !p.endsWith(': true false'))).toEqual([]);
  });
});

describe('field-level permission', () => {
  const FIELD_GET = '/v2/sys/staff/resource/field/get';
  it('answers the fields a caller may see; unknown resources and lists the caller may not open are refused', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const sales = await signIn(t.app, DEMO.sales01);
    const ask = (tok: typeof admin, resource: string) =>
      t.app
        .inject({ method: 'POST', url: FIELD_GET, headers: bearer(tok), payload: { resource } })
        .then((r) => r.json());
    const mine = await ask(admin, 'system.user');
    expect(mine.data.fields).toContain('name');
    expect(mine.data.fields).not.toContain('password');
    expect((await ask(admin, 'system.nothing')).code).toBe(Errors.NOT_FOUND.code);
    expect((await ask(sales, 'system.user')).code).toBe(Errors.NO_PERMISSION.code);
    expect(Perm.SYS_USER_LIST).toBe(users.def.access.list);
  });
});

describe('read hooks (decision 0099)', () => {
  // a second binding of the staff users (not registered) whose answered rows show the name with
  // the login beside it, read for the hook only, and whose keyword also finds a made-up word
  const hooked: BoundResource = {
    ...users,
    def: { ...users.def, key: 'test.readHooks', export: { fileName: { zh: '读取钩子', en: 'read hooks' } } },
    readAlso: { login: staffUsers.username },
    afterRead: (rows, { locale }) => rows.map((r) => ({ ...r, name: `${r.name} <${r.login}> ${locale}` })),
    searchAlso: { keyword: (k) => (k === 'no-such-text' ? eq(staffUsers.username, 'admin') : undefined) },
  };
  const adminAuth = async (): Promise<AuthContext> => {
    const [u] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin'));
    const perms = new Set(buildSeedResources().map((r) => r.key));
    return {
      userId: u!.id,
      username: 'admin',
      sessionId: 'read-hooks',
      perms,
      scope: { kind: 'all', departmentIds: [] },
    };
  };
  const page = async (b: BoundResource, auth: AuthContext, keyword: string, locale: 'en' | 'zh-CN' = 'en') =>
    (await resourcePage(b, t.p, auth, { page: 1, size: 50, keyword }, locale)).records;

  it('rewrites the rows of the page, the detail and the export alike; what it read besides is never answered', async () => {
    const auth = await adminAuth();
    const [admin] = (await page(hooked, auth, 'admin')).filter((r) => r.username === 'admin');
    expect(admin?.name).toMatch(/ <admin> en$/);
    expect(admin).not.toHaveProperty('login');
    const detail = await readRecord(t.p.db, hooked, admin!.id as number, { auth, locale: 'zh-CN' });
    expect(detail.name).toMatch(/ <admin> zh-CN$/);
    expect(detail).not.toHaveProperty('login');
    // the plain binding answers the stored name
    expect((await readRecord(t.p.db, users, admin!.id as number, { auth, locale: 'en' })).name).not.toContain('<');

    const source = resourceExport(hooked);
    const query = source.query.parse({ page: 1, size: 10, keyword: 'admin' });
    const nameAt = (source.columnsFor?.(auth) ?? source.columns).findIndex((c) => c.en === 'Name');
    const names: unknown[] = [];
    for await (const row of streamRows(t.p.database, source.select(t.p.db, auth, query, 'en')))
      names.push(source.cells(row, 'en', auth)[nameAt]);
    expect(nameAt).toBeGreaterThan(0);
    expect(names).toContainEqual(expect.stringMatching(/ <admin> en$/));
    expect(names.every((n) => / en$/.test(String(n)))).toBe(true);
  });

  it('a keyword also matches what searchAlso adds, on every read of the list', async () => {
    const auth = await adminAuth();
    const logins = async (b: BoundResource, keyword: string) => (await page(b, auth, keyword)).map((r) => r.username);
    expect(await logins(users, 'no-such-text')).toEqual([]);
    expect(await logins(hooked, 'no-such-text')).toEqual(['admin']);
    // the search column still answers beside it
    expect(await logins(hooked, 'admin')).toContain('admin');
    expect(await resourceExport(hooked).count(t.p.db, auth, { keyword: 'no-such-text' })).toBe(1);
  });
});

describe('staff users on the kernel', () => {
  const api = (tok: Tokens, url: string, payload: object) =>
    t.app
      .inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok) })
      .then((k) =>
        t.app.inject({
          method: 'POST',
          url: `/v2/sys/staff/user/${url}`,
          headers: { ...bearer(tok), 'x-idempotence-key': k.json().data.key },
          payload,
        }),
      )
      .then((r) => r.json());
  const detail = (tok: Tokens, id: number) => api(tok, 'detail', { id }).then((r) => r.data);

  it('resets a password: the old sessions end, the new password signs in, history keeps no password', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const made = await api(admin, 'save', {
      username: 'resetme',
      name: 'Reset Me',
      jobNumber: 'RS-1',
      password: 'Before#2026',
    });
    expect(made.code).toBe(0);
    const old = await signIn(t.app, { username: 'resetme', password: 'Before#2026' });
    expect((await api(admin, 'resetPassword', { id: made.data.id, password: 'After#2026x' })).code).toBe(0);
    const refused = await t.app.inject({ url: '/v2/sys/staff/overseas/getUserInfo', headers: bearer(old) });
    expect(refused.json().code).toBe(Errors.TOKEN_INVALID.code);
    await expect(signIn(t.app, { username: 'resetme', password: 'Before#2026' })).rejects.toThrow();
    await signIn(t.app, { username: 'resetme', password: 'After#2026x' });
    const tl = await t.app.inject({ url: `/v2/sys/staff/user/timeline?id=${made.data.id}`, headers: bearer(admin) });
    const events = tl.json().data.records as { kind: string; data: unknown }[];
    expect(events.map((e) => e.kind)).toEqual(['command', 'created']);
    expect(JSON.stringify(events)).not.toContain('After#2026x');
  });

  it('edits within the caller’s reach only: no wider role, no department outside scope, nothing half-written', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const [ops] = await t.p.db.select().from(departments).where(eq(departments.code, 'ops'));
    const [fin] = await t.p.db.select().from(departments).where(eq(departments.code, 'finance'));
    const [adminRole] = await t.p.db.select().from(roles).where(eq(roles.code, 'admin'));
    const [editorRole] = await t.p.db
      .insert(roles)
      .values({ code: 'ops_user_editor', name: '运营用户编辑', nameEn: 'Ops user editor', dataScope: 'dept' })
      .returning();
    const keys = await t.p.db
      .select({ id: resources.id })
      .from(resources)
      .where(inArray(resources.international, [Perm.SYS_USER_LIST, Perm.SYS_USER_EDIT]));
    await t.p.db.insert(roleResources).values(keys.map((k) => ({ roleId: editorRole!.id, resourceId: k.id })));
    const editor = await api(admin, 'save', {
      username: 'opseditor',
      name: 'Ops Editor',
      jobNumber: 'OE-1',
      password: 'Editor#2026',
      departmentIds: [ops!.id],
      roleIds: [editorRole!.id],
    });
    const target = await api(admin, 'save', {
      username: 'opsmember',
      name: 'Ops Member',
      jobNumber: 'OM-1',
      password: 'Member#2026',
      departmentIds: [ops!.id],
    });
    expect([editor.code, target.code]).toEqual([0, 0]);
    const tok = await signIn(t.app, { username: 'opseditor', password: 'Editor#2026' });
    const before = await detail(admin, target.data.id);
    const wider = await api(tok, 'update', { id: target.data.id, version: before.version, roleIds: [adminRole!.id] });
    expect(wider.code).toBe(Errors.ROLE_NOT_GRANTABLE.code);
    const away = await api(tok, 'update', { id: target.data.id, version: before.version, departmentIds: [fin!.id] });
    expect(away.code).toBe(Errors.USER_OUT_OF_SCOPE.code);
    expect(await detail(admin, target.data.id)).toEqual(before);
    const renamed = await api(tok, 'update', { id: target.data.id, version: before.version, name: 'Ops Member II' });
    expect(renamed.code).toBe(0);
    expect((await detail(admin, target.data.id)).name).toBe('Ops Member II');
    const dupe = await api(admin, 'update', { id: target.data.id, version: renamed.data.version, jobNumber: 'OE-1' });
    expect(dupe.code).toBe(Errors.DUPLICATE.code);
  });
});

describe('keyword search', () => {
  const page = (tok: Tokens, body: object) =>
    t.app
      .inject({
        method: 'POST',
        url: '/v2/sys/staff/user/page',
        headers: bearer(tok),
        payload: { page: 1, size: 20, ...body },
      })
      .then((r) => r.json().data as { records: { username: string }[]; total: number; totalCapped?: boolean });
  const found = (tok: Tokens, keyword: string) =>
    page(tok, { keyword }).then((d) => d.records.map((r) => r.username).sort());
  const user = (username: string, name: string, jobNumber: string) => ({
    username,
    name,
    jobNumber,
    staffId: username,
    passwordHash: 'not-a-hash',
  });

  it('matches any one field, case-insensitively, wildcards as themselves, never across two fields', async () => {
    await t.p.db
      .insert(staffUsers)
      .values([user('kwfirst', 'Ölund ZHAO', 'KW-100%'), user('kwsecond', 'Bo Zhaoming', 'KW-1000')]);
    const admin = await signIn(t.app, DEMO.admin);
    expect(await found(admin, 'zhao')).toEqual(['kwfirst', 'kwsecond']);
    expect(await found(admin, 'ölUND')).toEqual(['kwfirst']);
    expect(await found(admin, 'KWSEC')).toEqual(['kwsecond']);
    expect(await found(admin, 'kw-100%')).toEqual(['kwfirst']);
    expect(await found(admin, 'kw-1_0')).toEqual([]);
    // the end of one field and the start of the next are not one text
    expect(await found(admin, 'kwfirstölund')).toEqual([]);
    expect(await found(admin, 'kwfirst ölund')).toEqual([]);
    expect(await found(admin, 'kwfirst\u001fölund')).toEqual([]);
    expect(await found(admin, 'zhao\u001f')).toEqual([]);
    // a renamed record is found by its new name at once (the search column is generated)
    await t.p.db.update(staffUsers).set({ name: 'Renamed Qiu' }).where(eq(staffUsers.username, 'kwsecond'));
    expect(await found(admin, 'zhao')).toEqual(['kwfirst']);
    expect(await found(admin, 'qiu')).toEqual(['kwsecond']);
  });

  it('counts a keyword list up to the search cap; a page that ends the list gives the exact total', async () => {
    await t.p.db
      .insert(staffUsers)
      .values(Array.from({ length: 130 }, (_, i) => user(`bulkkw${i}`, `Bulk ${i}`, `BK-${i}`)));
    const admin = await signIn(t.app, DEMO.admin);
    const config = t.p.config as { listSearchCountCap: number };
    const before = config.listSearchCountCap;
    config.listSearchCountCap = 100;
    try {
      expect(await page(admin, { keyword: 'bulkkw' })).toMatchObject({ total: 100, totalCapped: true });
      const last = await page(admin, { keyword: 'bulkkw', page: 7 });
      expect(last.records).toHaveLength(10);
      expect(last).toMatchObject({ total: 130 });
      expect(last.totalCapped).toBeUndefined();
      expect(await page(admin, { keyword: 'bulkkw', page: 8 })).toMatchObject({ total: 100, totalCapped: true });
      expect(await page(admin, { keyword: 'bulkkw1', size: 50 })).toMatchObject({ total: 41 });
      // pages in the list's order (one insert: one creation time, then id), whether the matches
      // are few (read unordered, then ordered) or many (the ordered walk, ids first on a deep page)
      const names = (d: { records: { username: string }[] }) => d.records.map((r) => r.username);
      const inserted = Array.from({ length: 130 }, (_, i) => `bulkkw${i}`);
      const few = await page(admin, { keyword: 'bulkkw1', page: 2 });
      expect(few).toMatchObject({ total: 41 });
      expect(names(few)).toEqual(inserted.filter((u) => u.includes('bulkkw1')).slice(20, 40));
      const many = await page(admin, { keyword: 'bulkkw', page: 3 });
      expect(many).toMatchObject({ total: 100, totalCapped: true });
      expect(names(many)).toEqual(inserted.slice(40, 60));
      expect(await page(admin, { keyword: 'bulkkwnone', status: 'active' })).toMatchObject({ total: 0, records: [] });
    } finally {
      config.listSearchCountCap = before;
    }
  });

  it('finds matches beyond the first rows of the order: few read unordered, many walked in order (decision 0057)', async () => {
    // older matches first, then newer rows that fill the walked part of the order
    await t.p.db
      .insert(staffUsers)
      .values(Array.from({ length: 130 }, (_, i) => user(`walkkw${i}`, `Walk ${i}`, `WK-${i}`)));
    await t.p.db
      .insert(staffUsers)
      .values(Array.from({ length: 150 }, (_, i) => user(`filler${i}`, `Filler ${i}`, `FL-${i}`)));
    const admin = await signIn(t.app, DEMO.admin);
    const config = t.p.config as { listSearchCountCap: number; listWalkRows: number };
    const before = { cap: config.listSearchCountCap, walk: config.listWalkRows };
    config.listSearchCountCap = 100;
    config.listWalkRows = 100;
    const names = (d: { records: { username: string }[] }) => d.records.map((r) => r.username);
    const inserted = Array.from({ length: 130 }, (_, i) => `walkkw${i}`);
    try {
      const many = await page(admin, { keyword: 'walkkw' });
      expect(many).toMatchObject({ total: 100, totalCapped: true });
      expect(names(many)).toEqual(inserted.slice(0, 20));
      const few = await page(admin, { keyword: 'walkkw1', page: 2 });
      expect(few).toMatchObject({ total: 41 });
      expect(names(few)).toEqual(inserted.filter((u) => u.includes('walkkw1')).slice(20, 40));
      // dense matches fill the page within the walk and are counted up to the cap
      const dense = await page(admin, { keyword: 'filler' });
      expect(dense).toMatchObject({ total: 100, totalCapped: true });
      expect(names(dense)).toEqual(Array.from({ length: 20 }, (_, i) => `filler${i}`));
    } finally {
      config.listSearchCountCap = before.cap;
      config.listWalkRows = before.walk;
    }
  });

  it('many matches, some among the first rows: the page is walked on in order, past the first walk (decision 0089)', async () => {
    // one insert (one creation time, then id): every tenth row a match, 150 of 1,500
    await t.p.db
      .insert(staffUsers)
      .values(
        Array.from({ length: 1500 }, (_, i) =>
          i % 10 === 0
            ? user(`sparsekw${i / 10}`, `Sparse ${i}`, `SP-${i}`)
            : user(`sparsefill${i}`, `Fill ${i}`, `SF-${i}`),
        ),
      );
    const admin = await signIn(t.app, DEMO.admin);
    const config = t.p.config as { listSearchCountCap: number; listWalkRows: number };
    const before = { cap: config.listSearchCountCap, walk: config.listWalkRows };
    config.listSearchCountCap = 100;
    config.listWalkRows = 100;
    const names = (d: { records: { username: string }[] }) => d.records.map((r) => r.username);
    const matches = Array.from({ length: 150 }, (_, i) => `sparsekw${i}`);
    try {
      // the first walk (100 rows) meets 10 matches; more than the cap in all: walked on to the page
      const first = await page(admin, { keyword: 'sparsekw' });
      expect(first).toMatchObject({ total: 100, totalCapped: true });
      expect(names(first)).toEqual(matches.slice(0, 20));
      const second = await page(admin, { keyword: 'sparsekw', page: 2 });
      expect(second).toMatchObject({ total: 100, totalCapped: true });
      expect(names(second)).toEqual(matches.slice(20, 40));
      // too deep for the walk on (its rows past 25 walks): read the ordinary way, the same rows
      const last = await page(admin, { keyword: 'sparsekw', page: 8 });
      expect(last).toMatchObject({ total: 150 });
      expect(names(last)).toEqual(matches.slice(140, 150));
    } finally {
      config.listSearchCountCap = before.cap;
      config.listWalkRows = before.walk;
    }
  });

  it('one word of five letters or more is asked for by its pieces, the same rows (decision 0089)', async () => {
    await t.p.db
      .insert(staffUsers)
      .values([
        user('ltwhole', 'Lotus Foods', 'LT-1'),
        user('ltapart', 'Lotte Status', 'LT-2'),
        user('ltcode', 'Code 4242', 'CB4242'),
        user('ltcode2', 'Code 42', 'CB4-242'),
      ]);
    const admin = await signIn(t.app, DEMO.admin);
    // lot and tus both in "Lotte Status", "lotus" in neither field
    expect(await found(admin, 'lotus foo')).toEqual(['ltwhole']);
    expect(await page(admin, { keyword: 'LOTUS', status: 'active' })).toMatchObject({ total: 1 });
    expect(await found(admin, 'lotus')).toEqual(['ltwhole']);
    expect(await found(admin, 'cb4242')).toEqual(['ltcode']);
    const pieces = (k: string) => {
      const q = t.p.db
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(keywordWhere(users, 'keyword', k))
        .toSQL();
      return q.params.filter((x) => typeof x === 'string' && x.startsWith('%'));
    };
    expect(pieces('lotus')).toEqual(['%lot%', '%tus%', '%lotus%']);
    // a code's digit trigrams do not occur together: asked for whole
    expect(pieces('cb4242')).toEqual(['%cb4242%']);
    expect(pieces('nova')).toEqual(['%nova%']);
  });

  it('a keyword of several words finds the rows holding it whole, whichever pieces the index is asked for (decision 0085)', async () => {
    await t.p.db
      .insert(staffUsers)
      .values([
        user('qpwhole', 'Quartz Pharma One', 'QP-1'),
        user('qpinside', 'XQuartz Pharmacy', 'QP-2'),
        user('qpswapped', 'Pharma Quartz', 'QP-3'),
        user('qpapart', 'Quartzite Pharmas', 'QP-4'),
        user('qpfields', 'Quartz', 'PHARMA-5'),
      ]);
    const admin = await signIn(t.app, DEMO.admin);
    expect(await found(admin, 'quartz pharma')).toEqual(['qpinside', 'qpwhole']);
    expect(await found(admin, 'QUARTZ PHARMAC')).toEqual(['qpinside']);
    expect(await found(admin, 'pharma quartz')).toEqual(['qpswapped']);
    expect(await found(admin, 'quartzite pharmas')).toEqual(['qpapart']);
    // the pieces of both words are in one record's two fields, the keyword in none
    expect(await found(admin, 'quartz pharma-5')).toEqual([]);
    // the same rows read unordered (few matches) and counted
    expect(await page(admin, { keyword: 'quartz pharma' })).toMatchObject({ total: 2 });
  });

  it('counts dense matches by walking on in the order, and by the indexes when the walk does not reach the cap (decision 0085)', async () => {
    await t.p.db
      .insert(staffUsers)
      .values(Array.from({ length: 130 }, (_, i) => user(`spreadkw${i}`, `Spread ${i}`, `SK-${i}`)));
    await t.p.db
      .insert(staffUsers)
      .values(Array.from({ length: 400 }, (_, i) => user(`between${i}`, `Between ${i}`, `BT-${i}`)));
    await t.p.db
      .insert(staffUsers)
      .values(Array.from({ length: 30 }, (_, i) => user(`newestkw${i}`, `Newest ${i} spreadkw`, `NK-${i}`)));
    const admin = await signIn(t.app, DEMO.admin);
    const config = t.p.config as { listSearchCountCap: number; listWalkRows: number };
    const before = { cap: config.listSearchCountCap, walk: config.listWalkRows };
    config.listSearchCountCap = 100;
    config.listWalkRows = 100;
    try {
      // 30 matches among the 100 newest rows, 160 in all: the walk on counts past the cap
      expect(await page(admin, { keyword: 'spreadkw' })).toMatchObject({ total: 100, totalCapped: true });
      // the walk on starts where the first walk ended: its 30 are not counted twice (160 is not above a cap of 160)
      config.listSearchCountCap = 160;
      const all = await page(admin, { keyword: 'spreadkw' });
      expect(all).toMatchObject({ total: 160 });
      expect(all.totalCapped).toBeUndefined();
      config.listSearchCountCap = 100;
      // 30 among the newest and none further: the walk on finds no more, the indexes count exactly
      const newest = await page(admin, { keyword: 'newestkw' });
      expect(newest).toMatchObject({ total: 30 });
      expect(newest.totalCapped).toBeUndefined();
      // more matches among the walked rows than the cap: the walk's own count says so
      config.listWalkRows = 500;
      expect(await page(admin, { keyword: 'between' })).toMatchObject({ total: 100, totalCapped: true });
      config.listSearchCountCap = 1000;
      const exact = await page(admin, { keyword: 'between' });
      expect(exact).toMatchObject({ total: 400 });
      expect(exact.totalCapped).toBeUndefined();
    } finally {
      config.listSearchCountCap = before.cap;
      config.listWalkRows = before.walk;
    }
  });

  it('an unfiltered list far above the count cap says "at least cap" from the table estimate', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const config = t.p.config as { listCountCap: number };
    const before = config.listCountCap;
    await t.p.db.execute(sql`analyze staff_users`);
    const [est] = rowsOf<{ n: number }>(
      await t.p.db.execute(sql`select reltuples::int as n from pg_class where oid = to_regclass('staff_users')`),
    );
    const estimate = Number(est!.n);
    expect(estimate).toBeGreaterThan(100);
    config.listCountCap = Math.floor(estimate / 3);
    try {
      const first = await page(admin, {});
      expect(first).toMatchObject({ total: config.listCountCap, totalCapped: true });
      // near the estimate the rows are counted: the exact total
      config.listCountCap = estimate + 1000;
      const counted = await page(admin, {});
      expect(counted.totalCapped).toBeUndefined();
      const [exact] = rowsOf<{ n: number }>(await t.p.db.execute(sql`select count(*)::int as n from staff_users`));
      expect(counted.total).toBe(Number(exact!.n));
    } finally {
      config.listCountCap = before;
    }
  });
});
