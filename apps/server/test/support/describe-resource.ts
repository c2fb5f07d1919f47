import { Errors } from '@portal/contracts';
import { actionPerm, commandPath, type ResourceDef, resourcePath, SIGNED_IN } from '@portal/contracts/resource';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  departments,
  resources,
  roleResources,
  roles,
  staffUsers,
  userDepartments,
  userRoles,
} from '../../src/platform/access/schema.js';
import { hashPassword } from '../../src/platform/auth/passwords.js';
import type { BoundResource } from '../../src/platform/resource/index.js';
import { bearer, DEMO, signIn, type TestApp, type Tokens, xlsxSheets } from '../harness.js';

type Values = Record<string, unknown>;

export interface ResourceCase {
  /** the booted app the file shares */
  app(): TestApp;
  /** a valid create body; `n` makes it unique (none: records come from `ownedRecord`, e.g. no save path) */
  sample?(n: number): Values;
  /** a change of at least one tracked field, for update, version and history */
  update?: Values;
  /** one value per filter of the definition that matches at least one record (or a look-up of it); a range `[from, to]` */
  filters: Record<string, unknown | ((t: TestApp) => Promise<unknown>)>;
  /** a record owned by this user (data scope), created or looked up */
  ownedRecord(t: TestApp, userId: number): Promise<number>;
  /** a valid command body (besides id) per command, for the 403 checks */
  commands?: Record<string, Values>;
}

const PASSWORD = 'Conform#2026';
// biome-ignore lint/suspicious/noExplicitAny: answers of any resource, read field by field
type Answer = { status: number; code: number; data: any };

/**
 * The one conformance suite every bound resource runs (DESIGN.md "Tests that stay fast"): paging,
 * sorting, each filter, data scope own / department / all (a personal resource: own only, for
 * everyone), 403 per key, 404 outside scope, stale version, history after update, export header
 * and rows. Many resources may share one booted app.
 */
export function describeResource(b: BoundResource, c: ResourceCase) {
  const def: ResourceDef = b.def;
  const personal = def.access.list === SIGNED_IN;
  /** the keys a role can hold (a personal list needs none) */
  const grantable = (keys: string[]) => keys.filter((k) => k !== SIGNED_IN);
  describe(`resource ${def.key}`, () => {
    let admin: Tokens;
    let adminId: number;
    let n = 0;
    const people: Record<string, { id: number; tok?: Tokens }> = {};

    const newKey = async (tok: Tokens) => {
      const res = await c.app().app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok) });
      return res.json().data?.key as string;
    };
    const call = async (tok: Tokens | undefined, url: string, body: Values, method: 'POST' | 'GET' = 'POST') => {
      const res = await c.app().app.inject({
        method,
        url,
        headers: {
          ...(tok ? bearer(tok) : {}),
          ...(tok && method === 'POST' ? { 'x-idempotence-key': await newKey(tok) } : {}),
        },
        ...(method === 'POST'
          ? { payload: body }
          : { query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) }),
      });
      const json = res.headers['content-type']?.toString().includes('json')
        ? res.json()
        : { code: 0, data: res.rawPayload };
      return { status: res.statusCode, code: json.code, data: json.data } as Answer;
    };
    const page = (tok: Tokens, q: Values = {}) => call(tok, resourcePath(def, 'page'), { size: 200, ...q });
    const create = async () => {
      if (!c.sample) return c.ownedRecord(c.app(), adminId);
      const res = await call(admin, resourcePath(def, 'save'), c.sample(++n));
      expect(res.code, JSON.stringify(res)).toBe(0);
      return res.data.id as number;
    };

    /** A staff member in `dept` with one role of `scope` holding `keys` (none: no role). */
    async function person(name: string, dept: string, scope: 'own' | 'dept' | 'all' | null, keys: string[]) {
      const t = c.app();
      const db = t.p.db;
      const [d] = await db.select({ id: departments.id }).from(departments).where(eq(departments.code, dept));
      const username = `conf_${def.key.replace('.', '_')}_${name}`;
      const [u] = await db
        .insert(staffUsers)
        .values({ username, name, jobNumber: username, staffId: username, passwordHash: await hashPassword(PASSWORD) })
        .returning({ id: staffUsers.id });
      await db.insert(userDepartments).values({ userId: u!.id, departmentId: d!.id });
      if (scope) {
        const [r] = await db
          .insert(roles)
          .values({ code: username, name: username, nameEn: username, dataScope: scope })
          .returning({ id: roles.id });
        const res = keys.length
          ? await db.select({ id: resources.id }).from(resources).where(inArray(resources.international, keys))
          : [];
        expect(res).toHaveLength(new Set(keys).size);
        if (res.length) await db.insert(roleResources).values(res.map((x) => ({ roleId: r!.id, resourceId: x.id })));
        await db.insert(userRoles).values({ userId: u!.id, roleId: r!.id });
      }
      people[name] = { id: u!.id, tok: await signIn(t.app, { username, password: PASSWORD }) };
      return people[name]!;
    }

    beforeAll(async () => {
      admin = await signIn(c.app().app, DEMO.admin);
      const [me] = await c
        .app()
        .p.db.select({ id: staffUsers.id })
        .from(staffUsers)
        .where(eq(staffUsers.username, DEMO.admin.username));
      adminId = me!.id;
      const list = grantable([def.access.list]);
      await person('own', 'ops', 'own', list);
      await person('lead', 'ops', 'dept', list);
      await person('mate', 'ops', null, []);
      await person('other', 'finance', null, []);
      await person('reader', 'ops', 'all', list);
      await person('nobody', 'ops', null, []);
      for (const k of ['own', 'lead', 'mate', 'other']) await c.ownedRecord(c.app(), people[k]!.id);
      for (let i = 0; i < 3; i++) await create();
    }, 60_000);

    it('pages on the server: pages neither overlap nor skip', async () => {
      const all = await page(admin, { size: 200 });
      expect(all.code).toBe(0);
      // two pages of two with the second not empty (a settings list of one row per product may hold only four)
      expect(all.data.total).toBeGreaterThanOrEqual(3);
      const p1 = await page(admin, { page: 1, size: 2 });
      const p2 = await page(admin, { page: 2, size: 2 });
      expect(p1.data.records).toHaveLength(2);
      expect(p1.data.total).toBe(all.data.total);
      const ids = [...p1.data.records, ...p2.data.records].map((r: Values) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(all.data.records.slice(0, ids.length).map((r: Values) => r.id));
    });

    it('sorts by each sortable field both ways', async () => {
      for (const field of def.list.sortable) {
        const asc = (await page(admin, { sortField: field, sortOrder: 'ascend' })).data.records as Values[];
        const desc = (await page(admin, { sortField: field, sortOrder: 'descend' })).data.records as Values[];
        const values = (rows: Values[]) => rows.map((r) => r[field]);
        expect([...values(asc)].sort(), field).toEqual([...values(desc)].sort());
        expect(values(asc)[0], field).toEqual(values(desc).at(-1));
        expect(values(asc).at(-1), field).toEqual(values(desc)[0]);
      }
    });

    it('applies each filter: every row matches, and some do', async () => {
      expect(Object.keys(c.filters).sort()).toEqual(Object.keys(def.list.filters).sort());
      for (const [name, given] of Object.entries(c.filters)) {
        const value = typeof given === 'function' ? await given(c.app()) : given;
        const flt = def.list.filters[name]!;
        const res = await page(
          admin,
          flt.bounds ? Object.fromEntries(flt.bounds.map((k, i) => [k, (value as unknown[])[i]])) : { [name]: value },
        );
        expect(res.code, name).toBe(0);
        const rows = res.data.records as Values[];
        expect(rows.length, name).toBeGreaterThan(0);
        for (const r of rows) {
          if (flt.op === 'like') {
            const needle = String(value).toLowerCase();
            expect(
              flt.fields!.some((f) =>
                String(r[f] ?? '')
                  .toLowerCase()
                  .includes(needle),
              ),
              name,
            ).toBe(true);
          } else {
            const v = r[flt.field!];
            const has = (x: unknown) => (Array.isArray(v) ? v.includes(x) : v === x);
            if (flt.op === 'eq') expect(has(value), name).toBe(true);
            if (flt.op === 'in') expect((value as unknown[]).some(has), name).toBe(true);
            if (flt.op === 'set') expect(value === 'yes' ? v != null : v == null, name).toBe(true);
            if (flt.op === 'range') {
              const [from, to] = value as [unknown, unknown];
              if (from != null) expect(String(v) >= String(from), name).toBe(true);
              if (to != null) expect(String(v) <= String(to), name).toBe(true);
            }
          }
        }
      }
    });

    it('keeps to the data scope: own, department, all (none without an owner); outside it a record does not exist', async () => {
      const idsOf = async (who: string) =>
        ((await page(people[who]!.tok!, {})).data.records as Values[]).map((r) => r.id as number);
      const mine = await c.ownedRecord(c.app(), people.own!.id);
      const mates = await c.ownedRecord(c.app(), people.mate!.id);
      const others = await c.ownedRecord(c.app(), people.other!.id);
      const own = await idsOf('own');
      expect(own).toContain(mine);
      if (!def.access.owner) {
        // no owner field: records belong to no one, every holder of the list key sees them all
        expect(own).toEqual(expect.arrayContaining([mates, others]));
        return;
      }
      expect(own).not.toContain(mates);
      if (personal) {
        // one's own records only, whatever the role's scope
        expect(await idsOf('lead')).not.toContain(mates);
        expect(await idsOf('reader')).not.toContain(others);
        const mate = people.mate!.tok!;
        expect((await call(mate, resourcePath(def, 'detail'), { id: mine })).code).toBe(Errors.NOT_FOUND.code);
        expect((await call(mate, resourcePath(def, 'detail'), { id: mates })).code).toBe(0);
        return;
      }
      const lead = await idsOf('lead');
      expect(lead).toContain(mates);
      expect(lead).not.toContain(others);
      expect(await idsOf('reader')).toContain(others);
      const lead_ = people.lead!.tok!;
      expect((await call(lead_, resourcePath(def, 'detail'), { id: others })).code).toBe(Errors.NOT_FOUND.code);
      expect((await call(lead_, resourcePath(def, 'detail'), { id: mates })).code).toBe(0);
      if (def.history) {
        const tl = await call(lead_, resourcePath(def, 'timeline'), { id: others }, 'GET');
        expect(tl.code).toBe(Errors.NOT_FOUND.code);
      }
    });

    it('refuses each action to a caller without its key (403), and a record outside scope on writes (404)', async () => {
      const id = await create();
      const nobody = people.nobody!.tok!;
      const reader = people.reader!.tok!;
      for (const verb of personal ? [] : (['page', 'detail', 'export'] as const)) {
        expect((await call(nobody, resourcePath(def, verb), { id })).code, verb).toBe(Errors.NO_PERMISSION.code);
      }
      const writes: [string | undefined, string, Values][] = [
        [actionPerm(def, 'create'), resourcePath(def, 'save'), c.sample?.(++n) ?? {}],
        [actionPerm(def, 'update'), resourcePath(def, 'update'), { id, version: 1, ...c.update }],
        [actionPerm(def, 'delete'), resourcePath(def, 'delete'), { id, version: 1 }],
        ...Object.entries(def.commands ?? {}).map(
          ([name, cmd]) =>
            [cmd.perm, commandPath(def, name), { id, ...c.commands?.[name] }] as [string, string, Values],
        ),
      ];
      for (const [perm, url, body] of writes) {
        if (!perm || perm === def.access.list) continue;
        expect((await call(reader, url, body)).code, url).toBe(Errors.NO_PERMISSION.code);
      }
      // an updater whose scope does not reach the record
      const fieldKeys = Object.values(def.fields).flatMap((f) => (f.perm ? [f.perm] : []));
      const update = actionPerm(def, 'update');
      const keys = grantable([...new Set([def.access.list, ...(update ? [update] : []), ...fieldKeys])]);
      const editor = await person('editor', 'ops', 'own', keys);
      const theirs = await c.ownedRecord(c.app(), people.other!.id);
      // (a resource without an owner field has no scope a record could be outside of)
      if (actionPerm(def, 'update') && def.access.owner) {
        const res = await call(editor.tok, resourcePath(def, 'update'), { id: theirs, version: 1, ...c.update });
        expect(res.code).toBe(Errors.NOT_FOUND.code);
      }
    });

    const update = c.update;
    if (actionPerm(def, 'update') && update) {
      it('updates with the version: a stale one answers CONFLICT and changes nothing; history shows the change', async () => {
        const id = await create();
        const before = (await call(admin, resourcePath(def, 'detail'), { id })).data as Values;
        const done = await call(admin, resourcePath(def, 'update'), { id, version: before.version, ...update });
        expect(done.code, JSON.stringify(done)).toBe(0);
        expect(done.data.version).toBe((before.version as number) + 1);
        const after = (await call(admin, resourcePath(def, 'detail'), { id })).data as Values;
        for (const [k, v] of Object.entries(update)) expect(after[k]).toEqual(v);
        const stale = await call(admin, resourcePath(def, 'update'), {
          id,
          version: before.version,
          ...before,
          ...update,
        });
        expect(stale.code).toBe(Errors.CONFLICT.code);
        expect((await call(admin, resourcePath(def, 'detail'), { id })).data).toEqual(after);
        if (def.history) {
          const tl = await call(admin, resourcePath(def, 'timeline'), { id }, 'GET');
          const updated = (tl.data.records as Values[]).find((e) => e.kind === 'updated');
          const tracked = Object.keys(update).filter((k) => def.fields[k]?.track);
          expect(tracked.length).toBeGreaterThan(0);
          expect(((updated?.changes ?? []) as Values[]).map((ch) => ch.field).sort()).toEqual(tracked.sort());
        }
      });
    }

    const guarded = Object.keys(def.fields).filter((k) => def.fields[k]!.perm && !def.fields[k]!.secret);
    if (guarded.length) {
      it('leaves fields whose key the caller lacks out of rows, details, exports and the field answer', async () => {
        const reader = people.reader!.tok!;
        const rows = (await page(reader)).data.records as Values[];
        expect(rows.length).toBeGreaterThan(0);
        for (const k of guarded)
          expect(
            rows.every((r) => !(k in r)),
            k,
          ).toBe(true);
        const detail = (await call(reader, resourcePath(def, 'detail'), { id: rows[0]!.id })).data as Values;
        for (const k of guarded) expect(detail, k).not.toHaveProperty(k);
        const fields = (await call(reader, '/v2/sys/staff/resource/field/get', { resource: def.key })).data.fields;
        expect(fields).toEqual(Object.keys(def.fields).filter((k) => !def.fields[k]!.secret && !guarded.includes(k)));
        const file = await c.app().app.inject({
          method: 'POST',
          url: resourcePath(def, 'export'),
          headers: { ...bearer(reader), 'accept-language': 'en' },
          payload: { format: 'xlsx' },
        });
        const [sheet] = await xlsxSheets(file.rawPayload);
        const shown = (def.list.exportColumns ?? def.list.columns).filter((k) => !guarded.includes(k));
        expect(sheet![0]!.length).toBe(shown.length);
        expect((await page(admin)).data.records.some((r: Values) => guarded.every((k) => k in r))).toBe(true);
        if (def.list.sortable.some((k) => guarded.includes(k))) {
          const k = def.list.sortable.find((x) => guarded.includes(x))!;
          expect((await page(reader, { sortField: k })).code).toBe(Errors.NO_PERMISSION.code);
        }
      });
    }

    it('exports the list: header from the definition, the same rows in the same order', async () => {
      const q = { sortField: def.list.defaultSort.field, sortOrder: def.list.defaultSort.order };
      const list = (await page(admin, q)).data;
      const res = await c.app().app.inject({
        method: 'POST',
        url: resourcePath(def, 'export'),
        headers: { ...bearer(admin), 'accept-language': 'en' },
        payload: { ...q, format: 'xlsx' },
      });
      expect(res.statusCode).toBe(200);
      const [sheet] = await xlsxSheets(res.rawPayload);
      const utc = (k: string) => (def.fields[k]!.kind === 'datetime' ? ' (UTC)' : '');
      const columns = def.list.exportColumns ?? def.list.columns;
      expect(sheet![0]).toEqual(columns.map((k) => `${def.fields[k]!.label.en}${utc(k)}`));
      expect(sheet!.length - 1).toBe(list.total);
      const first = def.fields[columns[0]!]!;
      // an enum column is written as its option's label in the reader's language
      const shown = (v: unknown) =>
        (first.kind === 'enum' && first.options?.find((o) => o.value === v)?.label.en) || String(v ?? '');
      expect(sheet!.slice(1).map((r) => r[0])).toEqual(list.records.map((r: Values) => shown(r[columns[0]!])));
    });
  });
}
