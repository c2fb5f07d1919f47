import { Errors } from '@portal/contracts';
import { type OwnershipVerb, ownershipPath } from '@portal/contracts/ownership';
import { resourcePath } from '@portal/contracts/resource';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  departments,
  resources,
  roleResources,
  roles,
  staffUsers,
  userDepartments,
  userRoles,
} from '../src/platform/access/schema.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import { recordEvents } from '../src/platform/history/schema.js';
import { NO_RULES, returnDue } from '../src/platform/ownership/index.js';
import { ownerChanges, recordMembers } from '../src/platform/ownership/schema.js';
import { bearer, onPostgres, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import {
  fixtureRules,
  K,
  leadNotes,
  leadOwners,
  leadOwnership,
  leadResource,
  leads,
  leadsModule,
} from './support/ownership-fixture.js';

const PASSWORD = 'Owner#2026';
const DAY = 86_400_000;
// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { status: number; code: number; data: any };

let t: TestApp;
const who: Record<string, { id: number; tok: Tokens }> = {};

/** A staff member in `dept` with one role of `scope` holding `keys`. */
async function person(name: string, dept: string, scope: 'own' | 'dept' | 'all', keys: string[]) {
  const db = t.p.db;
  const [d] = await db.select({ id: departments.id }).from(departments).where(eq(departments.code, dept));
  const username = `own_${name}`;
  const [u] = await db
    .insert(staffUsers)
    .values({ username, name, jobNumber: username, staffId: username, passwordHash: await hashPassword(PASSWORD) })
    .returning({ id: staffUsers.id });
  await db.insert(userDepartments).values({ userId: u!.id, departmentId: d!.id });
  const [r] = await db
    .insert(roles)
    .values({ code: username, name: username, nameEn: username, dataScope: scope })
    .returning({ id: roles.id });
  const res = await db.select({ id: resources.id }).from(resources).where(inArray(resources.international, keys));
  await db.insert(roleResources).values(res.map((x) => ({ roleId: r!.id, resourceId: x.id })));
  await db.insert(userRoles).values({ userId: u!.id, roleId: r!.id });
  who[name] = { id: u!.id, tok: await signIn(t.app, { username, password: PASSWORD }) };
}

async function call(name: string, url: string, body: unknown, method: 'POST' | 'GET' = 'POST'): Promise<Answer> {
  const tok = who[name]!.tok;
  const headers: Record<string, string> = { ...bearer(tok) };
  if (method === 'POST') {
    const k = await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok) });
    headers['x-idempotence-key'] = k.json().data.key;
  }
  const res = await t.app.inject({
    method,
    url,
    headers,
    ...(method === 'POST' ? { payload: body as object } : { query: body as Record<string, string> }),
  });
  const json = res.json();
  return { status: res.statusCode, code: json.code, data: json.data };
}
const op = (name: string, verb: OwnershipVerb, body: unknown) => call(name, ownershipPath(leadOwnership, verb), body);

/** A lead straight in the table: owned by `owner` (private) or in the pool. */
async function lead(owner: number | null, extra: Partial<typeof leads.$inferInsert> = {}) {
  const [r] = await t.p.db
    .insert(leads)
    .values({
      name: `lead ${Math.random().toString(36).slice(2, 8)}`,
      ownerId: owner,
      state: owner ? 'private' : 'pool',
      ...extra,
    })
    .returning({ id: leads.id });
  return r!.id;
}
/** Moves the clock; tokens signed before may have expired, so everyone signs in again. */
async function advance(ms: number) {
  t.clock.advance(ms);
  for (const name of Object.keys(who))
    who[name]!.tok = await signIn(t.app, { username: `own_${name}`, password: PASSWORD });
}
const row = async (id: number) => (await t.p.db.select().from(leads).where(eq(leads.id, id)))[0]!;

beforeAll(async () => {
  t = await startTestApp({ modules: [leadsModule] });
  await t.p.db
    .insert(resources)
    .values(Object.values(K).map((k) => ({ type: 'button' as const, name: k, nameEn: k, international: k })));
  const seller = [K.list, K.edit, K.pool, K.claim, K.returnToPool, K.share];
  await person('s1', 'ops', 'own', seller);
  await person('s2', 'ops', 'own', seller);
  await person('s3', 'finance', 'own', seller);
  await person('mgr', 'ops', 'dept', [K.list, K.pool, K.distribute, K.transfer, K.log, K.returnToPool, K.share]);
  await person('padmin', 'ops', 'own', [K.list, K.pool, K.claim, K.admin]);
}, 120_000);
afterAll(() => t?.close());
beforeEach(() => {
  Object.assign(fixtureRules, NO_RULES);
});

describe('ownership: pool and claim', () => {
  it('lists the pool to holders of the pool key, whoever owns nothing of it', async () => {
    const id = await lead(null);
    const mine = await lead(who.s2!.id);
    const pool = await op('s1', 'poolPage', { size: 200 });
    expect(pool.code).toBe(0);
    const ids = pool.data.records.map((r: { id: number }) => r.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(mine);
    expect((await op('s1', 'claim', { ids: [] })).code).toBe(Errors.VALIDATION_FAILED.code);
    // a claim key is needed: the log reader lacks it
    expect((await op('mgr', 'claim', { ids: [id] })).code).toBe(Errors.NO_PERMISSION.code);
    expect((await row(id)).state).toBe('pool');
  });

  it('claims a pool record: owner, owner time, state, history and the owner log', async () => {
    const id = await lead(null);
    const res = await op('s1', 'claim', { ids: [id] });
    expect(res.code).toBe(0);
    expect(res.data.ids).toEqual([id]);
    const r = await row(id);
    expect(r.ownerId).toBe(who.s1!.id);
    expect(r.state).toBe('private');
    expect(r.ownerAt?.getTime()).toBeGreaterThan(0);
    expect(r.version).toBe(2);
    const [ev] = await t.p.db
      .select()
      .from(recordEvents)
      .where(and(eq(recordEvents.entity, 'test.lead'), eq(recordEvents.recordId, String(id))));
    expect(ev!.kind).toBe('state');
    expect(ev!.changes).toEqual([
      { field: 'ownerId', from: null, to: who.s1!.id },
      { field: 'state', from: 'pool', to: 'private' },
    ]);
    const detail = await call('s1', resourcePath(leadResource, 'detail'), { id });
    expect(detail.data.ownerId).toBe(who.s1!.id);
    // claimed: no longer in the pool, for anyone
    expect((await op('s2', 'claim', { ids: [id] })).code).toBe(Errors.OWNERSHIP_NOT_IN_POOL.code);
    const black = await lead(null, { state: 'blacklist' });
    expect((await op('s2', 'claim', { ids: [black] })).code).toBe(Errors.OWNERSHIP_NOT_CLAIMABLE.code);
    expect((await op('s2', 'claim', { ids: [999_999] })).code).toBe(Errors.NOT_FOUND.code);
  });

  it('keeps the owner limit per user; dealt records count only when the rules say', async () => {
    await lead(who.s3!.id);
    await lead(who.s3!.id, { dealt: true });
    const [a, b] = [await lead(null), await lead(null)];
    fixtureRules.userLimit = 2;
    const refused = await op('s3', 'claim', { ids: [a, b] });
    expect(refused.code).toBe(Errors.OWNERSHIP_OWNER_LIMIT.code);
    expect((await row(a)).state).toBe('pool');
    expect((await op('s3', 'claim', { ids: [a] })).code).toBe(0);
    fixtureRules.countDealt = true;
    fixtureRules.userLimit = 3;
    expect((await op('s3', 'claim', { ids: [b] })).code).toBe(Errors.OWNERSHIP_OWNER_LIMIT.code);
    // a pool administrator is not bound
    expect((await op('padmin', 'claim', { ids: [b] })).code).toBe(0);
  });

  it('keeps the department limit over all its members', async () => {
    const [dept] = await t.p.db.select({ id: departments.id }).from(departments).where(eq(departments.code, 'ops'));
    const members = t.p.db
      .select({ id: userDepartments.userId })
      .from(userDepartments)
      .where(eq(userDepartments.departmentId, dept!.id));
    const held = await t.p.db
      .select({ id: leads.id })
      .from(leads)
      .where(and(inArray(leads.ownerId, members), eq(leads.state, 'private'), eq(leads.dealt, false)));
    const id = await lead(null);
    fixtureRules.departmentLimit = held.length;
    const res = await op('s2', 'claim', { ids: [id] });
    expect(res.code).toBe(Errors.OWNERSHIP_DEPT_LIMIT.code);
    fixtureRules.departmentLimit = held.length + 1;
    expect((await op('s2', 'claim', { ids: [id] })).code).toBe(0);
  });

  it('caps claims per day; the next day the cap starts again', async () => {
    fixtureRules.dailyClaimCap = 1;
    // whatever s2 claimed today already counts: move to a fresh day first
    await advance(DAY);
    const [a, b] = [await lead(null), await lead(null)];
    expect((await op('s2', 'claim', { ids: [a] })).code).toBe(0);
    const res = await op('s2', 'claim', { ids: [b] });
    expect(res.code).toBe(Errors.OWNERSHIP_DAILY_CAP.code);
    await advance(DAY);
    expect((await op('s2', 'claim', { ids: [b] })).code).toBe(0);
  });

  it('returns with a reason; embargo for all, cool-down for the previous owner', async () => {
    const id = await lead(who.s1!.id);
    expect((await op('s1', 'returnToPool', { ids: [id], reason: '  ' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await op('s2', 'returnToPool', { ids: [id], reason: 'not mine' })).code).toBe(Errors.NOT_FOUND.code);
    expect((await op('s1', 'returnToPool', { ids: [id], reason: 'no budget' })).code).toBe(0);
    const r = await row(id);
    expect([r.ownerId, r.state, r.ownerAt]).toEqual([null, 'pool', null]);
    const [log] = await t.p.db
      .select()
      .from(ownerChanges)
      .where(and(eq(ownerChanges.recordId, id), eq(ownerChanges.kind, 'return')));
    expect([log!.fromUserId, log!.reason, log!.actorId]).toEqual([who.s1!.id, 'no budget', who.s1!.id]);
    expect((await op('s1', 'returnToPool', { ids: [id], reason: 'again' })).code).toBe(Errors.NOT_FOUND.code);

    fixtureRules.embargoDays = 1;
    fixtureRules.cooldownDays = 3;
    const embargoed = await op('s2', 'claim', { ids: [id] });
    expect(embargoed.code).toBe(Errors.OWNERSHIP_EMBARGO.code);
    await advance(DAY + 60_000);
    expect((await op('s1', 'claim', { ids: [id] })).code).toBe(Errors.OWNERSHIP_COOLDOWN.code);
    await advance(2 * DAY);
    expect((await op('s1', 'claim', { ids: [id] })).code).toBe(0);
  });

  it('a pool administrator claims through embargo and cool-down', async () => {
    const id = await lead(who.padmin!.id);
    await t.p.db.update(leads).set({ ownerId: who.s1!.id }).where(eq(leads.id, id));
    expect((await op('s1', 'returnToPool', { ids: [id], reason: 'x' })).code).toBe(0);
    fixtureRules.embargoDays = 5;
    fixtureRules.dailyClaimCap = 0;
    expect((await op('padmin', 'claim', { ids: [id] })).code).toBe(0);
  });

  it('refuses to return a locked record; the system return skips it and writes "system"', async () => {
    const locked = await lead(who.s1!.id, { locked: true });
    const due = await lead(who.s1!.id);
    const pooled = await lead(null);
    const res = await op('s1', 'returnToPool', { ids: [due, locked], reason: 'x' });
    expect(res.code).toBe(Errors.OWNERSHIP_LOCKED.code);
    expect((await row(due)).state).toBe('private');
    expect(await returnDue(t.p, leadOwners, [locked, due, pooled])).toEqual([due]);
    expect((await row(due)).state).toBe('pool');
    expect((await row(locked)).ownerId).toBe(who.s1!.id);
    const [ev] = await t.p.db
      .select()
      .from(recordEvents)
      .where(and(eq(recordEvents.entity, 'test.lead'), eq(recordEvents.recordId, String(due))));
    expect([ev!.actorId, ev!.body]).toEqual([null, 'system']);
  });
});

describe('ownership: distribute, transfer, share', () => {
  it('distributes pool records to a user; refuses unknown users and non-pool records', async () => {
    const [a, b] = [await lead(null), await lead(null)];
    expect((await op('s1', 'distribute', { ids: [a], userId: who.s2!.id })).code).toBe(Errors.NO_PERMISSION.code);
    expect((await op('mgr', 'distribute', { ids: [a], userId: 999_999 })).code).toBe(
      Errors.OWNERSHIP_USER_INVALID.code,
    );
    fixtureRules.userLimit = 0;
    expect((await op('mgr', 'distribute', { ids: [a, b], userId: who.s3!.id })).code).toBe(0);
    expect((await row(a)).ownerId).toBe(who.s3!.id);
    expect((await op('mgr', 'distribute', { ids: [a], userId: who.s2!.id })).code).toBe(
      Errors.OWNERSHIP_NOT_IN_POOL.code,
    );
  });

  it('transfers with the chosen related records; the old owner stays as a read member', async () => {
    const id = await lead(who.s1!.id);
    await t.p.db.insert(leadNotes).values([
      { leadId: id, ownerId: who.s1!.id, body: 'a' },
      { leadId: id, ownerId: who.s1!.id, body: 'b' },
    ]);
    const body = { ids: [id], userId: who.s2!.id, related: ['notes'], keepAs: 'read' };
    expect((await op('s1', 'transfer', body)).code).toBe(Errors.NO_PERMISSION.code);
    expect((await op('mgr', 'transfer', { ...body, related: ['files'] })).code).toBe(
      Errors.OWNERSHIP_RELATED_UNKNOWN.code,
    );
    expect((await op('mgr', 'transfer', { ...body, userId: who.s1!.id })).code).toBe(Errors.OWNERSHIP_SAME_OWNER.code);
    const res = await op('mgr', 'transfer', body);
    expect(res.code).toBe(0);
    expect((await row(id)).ownerId).toBe(who.s2!.id);
    const notes = await t.p.db.select().from(leadNotes).where(eq(leadNotes.leadId, id));
    expect(notes.map((n) => n.ownerId)).toEqual([who.s2!.id, who.s2!.id]);
    // the old owner reads it but may not change it
    const detail = await call('s1', resourcePath(leadResource, 'detail'), { id });
    expect(detail.code).toBe(0);
    const upd = await call('s1', resourcePath(leadResource, 'update'), { id, version: detail.data.version, name: 'x' });
    expect(upd.code).toBe(Errors.OWNERSHIP_READ_ONLY.code);
    const members = await call('s2', `${ownershipPath(leadOwnership, 'members')}`, { id: String(id) }, 'GET');
    expect(members.data).toMatchObject([{ userId: who.s1!.id, access: 'read' }]);
    // a record of another department is outside the manager's scope
    const finance = await lead(who.s3!.id);
    expect((await op('mgr', 'transfer', { ...body, ids: [finance] })).code).toBe(Errors.NOT_FOUND.code);
    // the log lists the transfer with what went along
    const log = await op('mgr', 'logPage', { recordId: id, kind: 'transfer' });
    expect(log.data.records).toMatchObject([
      {
        recordId: id,
        fromUserId: who.s1!.id,
        toUserId: who.s2!.id,
        related: ['notes'],
        keepAs: 'read',
        actorName: 'mgr',
      },
    ]);
  });

  it('shares as read and write members; the data scope honours them; unshare takes it back', async () => {
    const id = await lead(who.s1!.id);
    const page = async (name: string) =>
      (await call(name, resourcePath(leadResource, 'page'), { size: 200 })).data.records.map(
        (r: { id: number }) => r.id,
      );
    expect(await page('s3')).not.toContain(id);
    expect((await op('s1', 'share', { id, members: [{ userId: who.s1!.id, access: 'read' }] })).code).toBe(
      Errors.OWNERSHIP_MEMBER_IS_OWNER.code,
    );
    expect((await op('s3', 'share', { id, members: [{ userId: who.s3!.id, access: 'write' }] })).code).toBe(
      Errors.NOT_FOUND.code,
    );
    expect((await op('s1', 'share', { id, members: [{ userId: who.s3!.id, access: 'read' }] })).code).toBe(0);
    expect(await page('s3')).toContain(id);
    const d = await call('s3', resourcePath(leadResource, 'detail'), { id });
    const upd = { id, version: d.data.version, name: 'shared lead' };
    expect((await call('s3', resourcePath(leadResource, 'update'), upd)).code).toBe(Errors.OWNERSHIP_READ_ONLY.code);
    // a member cannot pass the record on
    expect((await op('s3', 'share', { id, members: [{ userId: who.s2!.id, access: 'read' }] })).code).toBe(
      Errors.NOT_FOUND.code,
    );
    expect((await op('s1', 'share', { id, members: [{ userId: who.s3!.id, access: 'write' }] })).code).toBe(0);
    expect((await call('s3', resourcePath(leadResource, 'update'), upd)).code).toBe(0);
    expect((await op('s1', 'unshare', { id, userId: who.s3!.id })).code).toBe(0);
    expect((await call('s3', resourcePath(leadResource, 'detail'), { id })).code).toBe(Errors.NOT_FOUND.code);
    expect((await op('s1', 'unshare', { id, userId: who.s3!.id })).code).toBe(Errors.NOT_FOUND.code);
  });

  it('counts a limited scope of a shared list as its own and member halves: each record once (decision 0089)', async () => {
    await person('cnt', 'ops', 'own', [K.list]);
    const me = who.cnt!.id;
    const owned = await Promise.all(Array.from({ length: 25 }, () => lead(me)));
    const shared = await Promise.all(Array.from({ length: 6 }, () => lead(who.s2!.id)));
    const other = await lead(who.s2!.id);
    const at = new Date();
    const member = (recordId: number, userId: number) => ({
      entity: leadResource.key,
      recordId,
      userId,
      access: 'read',
      grantedAt: at,
    });
    // three owned records list their owner as a member as well (an owner given back a shared record)
    await t.p.db
      .insert(recordMembers)
      .values([
        ...owned.slice(0, 3).map((id) => member(id, me)),
        ...shared.map((id) => member(id, me)),
        member(other, who.s3!.id),
      ]);
    const page = async (size: number) => (await call('cnt', resourcePath(leadResource, 'page'), { size })).data;
    // a full page: the total is counted (the walk saw 31 of the cap's 1,000: the halves count)
    const first = await page(20);
    expect(first.records).toHaveLength(20);
    expect(first.total).toBe(31);
    expect(first.totalCapped).toBeUndefined();
    // the page that ends the list says the same
    const all = await page(50);
    expect(all.total).toBe(31);
    expect(all.records.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b)).toEqual(
      [...owned, ...shared].sort((a, b) => a - b),
    );
  });

  it('a return to the pool ends the sharing', async () => {
    const id = await lead(who.s1!.id);
    expect((await op('s1', 'share', { id, members: [{ userId: who.s2!.id, access: 'write' }] })).code).toBe(0);
    expect((await op('s1', 'returnToPool', { ids: [id], reason: 'gone' })).code).toBe(0);
    const left = await t.p.db.select().from(recordMembers).where(eq(recordMembers.recordId, id));
    expect(left).toEqual([]);
  });

  it('shows the owner log only within the data scope', async () => {
    const id = await lead(who.s3!.id);
    expect((await op('s3', 'returnToPool', { ids: [id], reason: 'finance' })).code).toBe(0);
    const mgr = await op('mgr', 'logPage', { recordId: id });
    expect(mgr.code).toBe(0);
    expect(mgr.data.records).toEqual([]);
    expect((await op('s3', 'logPage', { recordId: id })).code).toBe(Errors.NO_PERMISSION.code);
    const s1 = await op('mgr', 'logPage', { userId: who.s1!.id, at: [new Date(0).toISOString(), null], size: 200 });
    expect(s1.data.records.length).toBeGreaterThan(0);
    for (const r of s1.data.records) expect([r.fromUserId, r.toUserId]).toContain(who.s1!.id);
  });
});

describe('ownership: requests', () => {
  it('claims all or none: one record not in the pool leaves the others there', async () => {
    const [a, b] = [await lead(null), await lead(who.s2!.id)];
    expect((await op('s1', 'claim', { ids: [a, b] })).code).toBe(Errors.OWNERSHIP_NOT_IN_POOL.code);
    expect((await row(a)).state).toBe('pool');
    // a record named twice is claimed once
    expect((await op('s1', 'claim', { ids: [a, a] })).data).toEqual({ ids: [a] });
    expect(await t.p.db.select().from(ownerChanges).where(eq(ownerChanges.recordId, a))).toHaveLength(1);
  });

  it('a repeated submission answers the first outcome and claims once', async () => {
    const id = await lead(null);
    const tok = who.s1!.tok;
    const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok) })).json()
      .data.key;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: ownershipPath(leadOwnership, 'claim'),
        headers: { ...bearer(tok), 'x-idempotence-key': key },
        payload: { ids: [id] },
      });
    const first = (await send()).json();
    const second = (await send()).json();
    expect(first).toMatchObject({ code: 0, data: { ids: [id] } });
    expect(second).toEqual(first);
    expect(await t.p.db.select().from(ownerChanges).where(eq(ownerChanges.recordId, id))).toHaveLength(1);
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const id = await lead(who.s1!.id);
    const bad: [OwnershipVerb, unknown][] = [
      ['claim', { ids: [0] }],
      ['claim', { ids: Array.from({ length: 201 }, (_, i) => i + 1) }],
      ['returnToPool', { ids: [id] }],
      ['transfer', { ids: [id], userId: who.s2!.id, keepAs: 'owner' }],
      ['share', { id, members: [{ userId: who.s2!.id, access: 'admin' }] }],
      ['logPage', { kind: 'stolen' }],
      ['logPage', { at: ['yesterday', null] }],
    ];
    for (const [verb, body] of bad) {
      const name = verb === 'transfer' || verb === 'logPage' ? 'mgr' : 's1';
      const res = await op(name, verb, body);
      expect([verb, res.status, res.code]).toEqual([verb, 400, Errors.VALIDATION_FAILED.code]);
    }
    expect((await row(id)).version).toBe(1);
  });

  it('lists its routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const verb of [
      'poolPage',
      'claim',
      'distribute',
      'returnToPool',
      'transfer',
      'share',
      'unshare',
      'members',
      'logPage',
    ] as const)
      expect(Object.keys(doc.paths), verb).toContain(ownershipPath(leadOwnership, verb));
  });
});

describe.skipIf(!onPostgres)('ownership under concurrency (PostgreSQL)', () => {
  it('two users claiming the same record at once: exactly one owner', async () => {
    for (let i = 0; i < 5; i++) {
      const id = await lead(null);
      const answers = await Promise.all([op('s1', 'claim', { ids: [id] }), op('s2', 'claim', { ids: [id] })]);
      const codes = answers.map((a) => a.code).sort();
      expect(codes).toEqual([0, Errors.OWNERSHIP_NOT_IN_POOL.code].sort());
      const logs = await t.p.db.select().from(ownerChanges).where(eq(ownerChanges.recordId, id));
      expect(logs).toHaveLength(1);
      expect((await row(id)).ownerId).toBe(logs[0]!.toUserId);
    }
  });

  it('one user claiming past the owner limit in parallel: the limit holds', async () => {
    const held = await t.p.db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.ownerId, who.s2!.id), eq(leads.state, 'private'), eq(leads.dealt, false)));
    fixtureRules.userLimit = held.length + 3;
    const ids = await Promise.all(Array.from({ length: 10 }, () => lead(null)));
    const answers = await Promise.all(ids.map((id) => op('s2', 'claim', { ids: [id] })));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.code === Errors.OWNERSHIP_OWNER_LIMIT.code)).toHaveLength(7);
    const now = await t.p.db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.ownerId, who.s2!.id), eq(leads.state, 'private'), eq(leads.dealt, false)));
    expect(now).toHaveLength(held.length + 3);
  });
});
