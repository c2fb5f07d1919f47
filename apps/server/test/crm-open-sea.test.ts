import { Errors, SERVER_NOW_HEADER } from '@portal/contracts';
import { CrmPerm, customerOwnership } from '@portal/contracts/crm';
import { type OwnershipVerb, ownershipPath } from '@portal/contracts/ownership';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runPoolJob } from '../src/modules/crm/pool/job.js';
import { crmLevelRules, crmRetentionRules } from '../src/modules/crm/pool/schema.js';
import { crmContacts, crmCustomers } from '../src/modules/crm/schema.js';
import {
  resources,
  roleResources,
  roles,
  staffUsers,
  userDepartments,
  userRoles,
} from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { ownerChanges } from '../src/platform/ownership/schema.js';
import { bearer, DEMO, onPostgres, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const DAY = 86_400_000;
const SALES = { password: 'Sales#2026' };
// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

let t: TestApp;
const tok: Record<string, Tokens> = {};
const ids: Record<string, number> = {};
const accounts: Record<string, { username: string; password: string }> = {
  admin: DEMO.admin,
  sales01: DEMO.sales01,
  sales02: { username: 'sales02', ...SALES },
  sales03: { username: 'sales03', ...SALES },
  salesmgr: { username: 'salesmgr', ...SALES },
  viewer: { username: 'seaviewer', password: 'Viewer#2026' },
};
let n = 0;

/** signs everyone in again (tokens expire as the clock moves) */
async function signAll() {
  for (const [k, a] of Object.entries(accounts)) tok[k] = await signIn(t.app, a);
}

async function post(who: string, url: string, payload: object): Promise<Answer> {
  const key = (
    await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok[who]!) })
  ).json().data.key;
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(tok[who]!), 'x-idempotence-key': key },
    payload,
  });
  return res.json();
}
const get = (who: string, url: string, lang = 'zh-CN') =>
  t.app.inject({ url, headers: { ...bearer(tok[who]!), 'x-lang': lang } }).then((r) => r.json() as Answer);
const op = (who: string, verb: OwnershipVerb, body: object) => post(who, ownershipPath(customerOwnership, verb), body);
const rules = (kind: string, verb: string, who: string, body: object) =>
  post(who, `/v2/crm/rules/${kind}/${verb}`, body);

/** A customer sales01 (or `who`) adds through the API, with one contact. */
async function added(who = 'sales01', over: object = {}) {
  n++;
  const c = await post(who, '/v2/crm/customer/save', {
    name: `Open Sea Trading ${n}`,
    alias: `opensea${n}`,
    type: 'C',
    country: 'SG',
    ...over,
  });
  expect(c.code).toBe(0);
  const k = await post(who, '/v2/crm/contact/save', {
    customerId: c.data.id,
    name: `Buyer ${n}`,
    phone: '+6591234567',
  });
  expect(k.code).toBe(0);
  return c.data.id as number;
}
const row = async (id: number) => (await t.p.db.select().from(crmCustomers).where(eq(crmCustomers.id, id)))[0]!;
const contactOwners = async (id: number) =>
  (await t.p.db.select({ o: crmContacts.ownerId }).from(crmContacts).where(eq(crmContacts.customerId, id))).map(
    (r) => r.o,
  );
/** straight to the open sea (a pool customer of the demo's kind, with no return in its log) */
async function inSea(id: number) {
  const [r] = await t.p.db
    .update(crmCustomers)
    .set({ state: 'open_sea', ownerId: null, ownedAt: null })
    .where(eq(crmCustomers.id, id))
    .returning();
  return r!;
}
const messages = async (userId: number, key: string) =>
  rowsOf<{ content: string; template_vars: Record<string, unknown> }>(
    await t.p.db.execute(
      sql`select content, template_vars from mc_messages where user_id = ${userId} and template_key = ${key} order by id`,
    ),
  );

/** A member of staff holding only the open sea and the customer list (no contact details). */
async function seaViewer() {
  const db = t.p.db;
  const [u] = await db
    .insert(staffUsers)
    .values({
      username: 'seaviewer',
      name: 'Sea Viewer',
      jobNumber: 'seaviewer',
      staffId: 'seaviewer',
      passwordHash: await (await import('../src/platform/auth/passwords.js')).hashPassword('Viewer#2026'),
    })
    .returning({ id: staffUsers.id });
  const [sales1] = await db
    .execute(sql`select id from departments where code = 'sales-1'`)
    .then((r) => rowsOf<{ id: number }>(r));
  await db.insert(userDepartments).values({ userId: u!.id, departmentId: sales1!.id });
  const [r] = await db
    .insert(roles)
    .values({ code: 'seaviewer', name: 'seaviewer', nameEn: 'seaviewer', dataScope: 'own' })
    .returning({ id: roles.id });
  const keys = [CrmPerm.OPEN_SEA, CrmPerm.CUSTOMERS];
  const res = await db.select({ id: resources.id }).from(resources).where(inArray(resources.international, keys));
  await db.insert(roleResources).values(res.map((x) => ({ roleId: r!.id, resourceId: x.id })));
  await db.insert(userRoles).values({ userId: u!.id, roleId: r!.id });
}

beforeAll(async () => {
  // everyone signs in again each time the clock moves far (tokens expire)
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  // the demo's customers stay where they are: only this file's customers fall due as the clock moves
  await t.p.db.execute(sql`update crm_customers set locked = true where state = 'private'`);
  await seaViewer();
  await signAll();
  for (const k of Object.keys(accounts))
    ids[k] = (await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, accounts[k]!.username)))[0]!.id;
}, 120_000);
afterAll(() => t?.close());
beforeEach(async () => {
  // a clean company rule each test; tests add what they prove
  await t.p.db.delete(crmLevelRules);
  await t.p.db.execute(sql`delete from crm_buka_allow`);
});

describe('open sea: rules settings', () => {
  it('keeps one retention rule per level, refuses bad input, records changes in history', async () => {
    const seeded = await post('admin', '/v2/crm/rules/retention/page', { size: 50 });
    expect(seeded.code).toBe(0);
    const dflt = seeded.data.records.find((r: { level: string | null }) => r.level === null);
    expect(dflt).toMatchObject({ followUpDays: 90, dealDays: 365, noticeDays: 7, enabled: true });
    const again = await rules('retention', 'save', 'admin', {
      followUpDays: 30,
      dealDays: 60,
      noticeDays: 3,
      enabled: true,
    });
    expect(again.code).toBe(Errors.CRM_RULE_EXISTS.code);
    expect(
      (
        await rules('retention', 'save', 'admin', {
          level: 'Z',
          followUpDays: 1,
          dealDays: 1,
          noticeDays: 1,
          enabled: true,
        })
      ).code,
    ).toBe(Errors.CRM_DICT_VALUE_UNKNOWN.code);
    expect(
      (
        await rules('retention', 'save', 'admin', {
          level: 'B',
          followUpDays: -1,
          dealDays: 1,
          noticeDays: 1,
          enabled: true,
        })
      ).code,
    ).toBe(Errors.VALIDATION_FAILED.code);
    expect(await t.p.db.select().from(crmRetentionRules)).toHaveLength(2);
    const upd = await rules('retention', 'update', 'admin', { id: dflt.id, version: dflt.version, noticeDays: 5 });
    expect(upd.code).toBe(0);
    const tl = await get('admin', `/v2/crm/rules/retention/timeline?id=${dflt.id}`);
    expect(JSON.stringify(tl.data)).toContain('noticeDays');
    await rules('retention', 'update', 'admin', { id: dflt.id, version: dflt.version + 1, noticeDays: 7 });
    // sales staff do not keep the rules
    expect((await post('sales01', '/v2/crm/rules/retention/page', { size: 10 })).code).toBe(Errors.NO_PERMISSION.code);
  });

  it('a level rule names exactly its department or user; the churn rule is stored and editable', async () => {
    const bad = await rules('level', 'save', 'admin', { subject: 'department', countDealt: false, userLimit: 5 });
    expect(bad.code).toBe(Errors.CRM_RULE_SUBJECT.code);
    const both = await rules('level', 'save', 'admin', { subject: 'company', userId: ids.sales01, countDealt: false });
    expect(both.code).toBe(Errors.CRM_RULE_SUBJECT.code);
    expect(
      (await rules('level', 'save', 'admin', { subject: 'user', userId: ids.sales01, countDealt: false })).code,
    ).toBe(0);
    expect(
      (await rules('level', 'save', 'admin', { subject: 'user', userId: ids.sales01, countDealt: true })).code,
    ).toBe(Errors.CRM_RULE_EXISTS.code);
    const churn = await post('admin', '/v2/crm/rules/churn/page', { size: 10 });
    expect(churn.data.records[0]).toMatchObject({ dropPercent: 50, windowDays: 30, returnToSea: false });
    const c = churn.data.records[0];
    expect((await rules('churn', 'update', 'admin', { id: c.id, version: c.version, dropPercent: 40 })).code).toBe(0);
  });

  it('free-mail domains are settings: a new one is refused as a company domain at once', async () => {
    const page = await post('admin', '/v2/crm/rules/domain/page', { size: 10, keyword: 'gmail' });
    expect(page.data.records.map((r: { domain: string }) => r.domain)).toContain('gmail.com');
    expect((await rules('domain', 'save', 'admin', { domain: 'gmail.com' })).code).toBe(Errors.CRM_RULE_EXISTS.code);
    expect((await rules('domain', 'save', 'admin', { domain: 'Not A Domain' })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await rules('domain', 'save', 'admin', { domain: 'freemail-opensea.example' })).code).toBe(0);
    const c = await post('sales01', '/v2/crm/customer/save', {
      name: 'Free Mail Co',
      alias: 'freemailco',
      type: 'C',
      country: 'SG',
      emailDomains: ['freemail-opensea.example'],
    });
    expect(c.code).toBe(Errors.CRM_FREE_MAIL_DOMAIN.code);
  });
});

describe('open sea: days left and the return job', () => {
  it('shows when a customer returns: follow-up days per level, none when locked', async () => {
    const id = await added();
    const d = (await post('sales01', '/v2/crm/customer/detail', { id })).data;
    expect(new Date(d.returnAt).getTime() - new Date(d.ownedAt).getTime()).toBe(90 * DAY);
    const a = await added('sales01', { level: 'A' });
    const da = (await post('sales01', '/v2/crm/customer/detail', { id: a })).data;
    expect(new Date(da.returnAt).getTime() - new Date(da.ownedAt).getTime()).toBe(180 * DAY);
    await post('sales01', '/v2/crm/customer/lock', { id: a, locked: true });
    expect((await post('sales01', '/v2/crm/customer/detail', { id: a })).data.returnAt).toBeNull();
  });

  it('tells the owner N days before, once; returns it with the reason "system"; locked and dealt ones stay', async () => {
    await runPoolJob(t.p); // whatever is due already
    const id = await added();
    const locked = await added();
    const dealt = await added();
    await post('sales01', '/v2/crm/customer/lock', { id: locked, locked: true });
    await t.p.db.update(crmCustomers).set({ dealt: true }).where(eq(crmCustomers.id, dealt));
    const code = (await row(id)).code;
    const notices = async () =>
      (await messages(ids.sales01!, 'crmPool.returnSoon')).filter((m) => String(m.template_vars.names).includes(code));

    t.clock.advance(82 * DAY);
    expect((await runPoolJob(t.p)).noticed).toBe(0);
    t.clock.advance(2 * DAY); // 84 days: a week of the default rule's 90 is left... minus one day
    const first = await runPoolJob(t.p);
    expect(first.noticed).toBeGreaterThanOrEqual(1);
    expect(first.returned).toBe(0);
    expect(await notices()).toHaveLength(1);
    expect((await runPoolJob(t.p)).noticed).toBe(0);
    expect(await notices()).toHaveLength(1);

    t.clock.advance(7 * DAY);
    await signAll();
    const before = t.clock.now().getTime();
    const second = await runPoolJob(t.p);
    expect(second.returned).toBeGreaterThanOrEqual(1);
    const r = await row(id);
    expect(r).toMatchObject({ state: 'open_sea', ownerId: null });
    // the return time is written with the owner, at the job's (moved) time
    expect(r.returnedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(r.returnedAt!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(await contactOwners(id)).toEqual([null]);
    const log = await t.p.db.select().from(ownerChanges).where(eq(ownerChanges.recordId, id));
    expect(log).toMatchObject([{ kind: 'return', reason: 'system', actorId: null, fromUserId: ids.sales01 }]);
    expect(
      (await messages(ids.sales01!, 'crmPool.returned')).some((m) => String(m.template_vars.names).includes(code)),
    ).toBe(true);
    expect(await row(locked)).toMatchObject({ state: 'private', ownerId: ids.sales01 });
    expect(await row(dealt)).toMatchObject({ state: 'private', ownerId: ids.sales01 });
  });

  it('a follow-up moves the return time and arms a new notice', async () => {
    await runPoolJob(t.p);
    const id = await added();
    t.clock.advance(85 * DAY);
    await signAll();
    await runPoolJob(t.p);
    const code = (await row(id)).code;
    const count = async () =>
      (await messages(ids.sales01!, 'crmPool.returnSoon')).filter((m) => String(m.template_vars.names).includes(code))
        .length;
    expect(await count()).toBe(1);
    await post('sales01', '/v2/crm/customer/follow-up', { id, type: 'call', content: 'Called about the renewal' });
    expect((await runPoolJob(t.p)).returned).toBe(0);
    expect(await count()).toBe(1);
    t.clock.advance(85 * DAY);
    await signAll();
    await runPoolJob(t.p);
    expect(await count()).toBe(2);
    expect((await row(id)).state).toBe('private');
  });

  it('prompts at sign-in: "N of your customers return to the open sea within 3 days"', async () => {
    await runPoolJob(t.p);
    expect((await get('sales02', '/kunlun/crm/sysLoginPrompt/genQuery/one')).data).toBeNull();
    const id = await added('sales02');
    t.clock.advance(88 * DAY);
    await signAll();
    const zh = (await get('sales02', '/kunlun/crm/sysLoginPrompt/genQuery/one')).data;
    expect(zh.title).toBe('公海提醒');
    expect(zh.content).toContain('您有 1 个客户将在 3 天内退回公海');
    expect(zh.content).toContain((await row(id)).code);
    const en = (await get('sales02', '/kunlun/crm/sysLoginPrompt/genQuery/one', 'en')).data;
    expect(en.content).toMatch(/^1 of your customers return to the open sea within 3 days/);
    expect(en.id).toBe(zh.id);
    await runPoolJob(t.p);
  });

  it('every answer carries the platform clock: the list’s days left follow a moved clock, not the caller’s', async () => {
    const id = await added();
    const code = (await row(id)).code;
    /** the customer list's row and the server time of its answer, read as the web reads them */
    const listed = async () => {
      const key = (
        await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok.sales01!) })
      ).json().data.key;
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/crm/customer/page',
        headers: { ...bearer(tok.sales01!), 'x-idempotence-key': key },
        payload: { current: 1, size: 10, keyword: code },
      });
      const rows = (res.json() as Answer).data.records as { id: number; returnAt: string }[];
      const at = Date.parse(String(res.headers[SERVER_NOW_HEADER]));
      return { returnAt: Date.parse(rows.find((r) => r.id === id)!.returnAt), now: at };
    };
    const daysLeft = (r: { returnAt: number; now: number }) => Math.ceil((r.returnAt - r.now) / DAY);

    const start = await listed();
    expect(Math.abs(start.now - t.clock.now().getTime())).toBeLessThan(5_000);
    expect(daysLeft(start)).toBe(90);
    // 80 days on the platform clock (this process's own clock has not moved): 10 are left
    t.clock.advance(80 * DAY);
    await signAll();
    const later = await listed();
    expect(later.now - Date.now()).toBeGreaterThan(80 * DAY - 60_000);
    expect(Math.abs(later.now - t.clock.now().getTime())).toBeLessThan(5_000);
    expect(later.returnAt).toBe(start.returnAt);
    expect(daysLeft(later)).toBe(10);
    // ten minutes short of the return: one (part of a) day left
    t.clock.advance(10 * DAY - 10 * 60_000);
    await signAll();
    expect(daysLeft(await listed())).toBe(1);
    // an answer refused (no token) carries it too
    const refused = await t.app.inject({ method: 'POST', url: '/v2/crm/customer/page', payload: {} });
    expect(refused.statusCode).toBe(401);
    expect(Math.abs(Date.parse(String(refused.headers[SERVER_NOW_HEADER])) - t.clock.now().getTime())).toBeLessThan(
      5_000,
    );
    // out of the way of the tests after this one (it would fall due as the clock moves on)
    await post('sales01', '/v2/crm/customer/lock', { id, locked: true });
  });
});

describe('open sea: claim, distribute, return by hand', () => {
  it('lists the pool with its filters; a pool viewer without the contact key sees no phone', async () => {
    const id = await added('sales01', { phone: '+6561234567', level: 'C', source: 'website' });
    await post('sales01', ownershipPath(customerOwnership, 'returnToPool'), {
      ids: [id],
      reason: 'No budget this year',
    });
    const page = await op('viewer', 'poolPage', { size: 20, level: 'C', country: 'SG', source: 'website' });
    expect(page.code).toBe(0);
    const mine = page.data.records.find((r: { id: number }) => r.id === id);
    expect(mine).toBeDefined();
    expect(mine.returnedAt).not.toBeNull();
    expect(mine).not.toHaveProperty('phone');
    const withKey = await op('sales02', 'poolPage', { size: 20, level: 'C', source: 'website' });
    expect(withKey.data.records.find((r: { id: number }) => r.id === id).phone).toBe('+6561234567');
    const since = await op('sales02', 'poolPage', {
      size: 200,
      returnedAt: [new Date(t.clock.now().getTime() - DAY).toISOString(), null],
    });
    expect(since.data.records.map((r: { id: number }) => r.id)).toContain(id);
    // the viewer may look, not claim
    expect((await op('viewer', 'claim', { ids: [id] })).code).toBe(Errors.NO_PERMISSION.code);
  });

  it('claim: embargo for all, cool-down for the previous owner unless on the Buka list; contacts follow', async () => {
    await rules('level', 'save', 'admin', { subject: 'company', countDealt: false, cooldownDays: 7, embargoDays: 1 });
    const id = await added();
    expect((await op('sales01', 'returnToPool', { ids: [id], reason: 'Wrong contact' })).code).toBe(0);
    expect(await contactOwners(id)).toEqual([null]);
    expect((await op('sales02', 'claim', { ids: [id] })).code).toBe(Errors.OWNERSHIP_EMBARGO.code);
    t.clock.advance(DAY + 1000);
    await signAll();
    expect((await op('sales01', 'claim', { ids: [id] })).code).toBe(Errors.OWNERSHIP_COOLDOWN.code);
    expect((await rules('allow-buka', 'save', 'admin', { userId: ids.sales01, reason: 'Key account back' })).code).toBe(
      0,
    );
    expect((await op('sales01', 'claim', { ids: [id] })).code).toBe(0);
    expect(await row(id)).toMatchObject({ state: 'private', ownerId: ids.sales01 });
    expect(await contactOwners(id)).toEqual([ids.sales01]);
  });

  it('claim: the owner limit per user or department, the daily cap, administrators unbound', async () => {
    const held = async (u: number) =>
      Number(
        rowsOf<{ n: number }>(
          await t.p.db.execute(
            sql`select count(*)::int as n from crm_customers where owner_id = ${u} and state = 'private' and not dealt`,
          ),
        )[0]!.n,
      );
    const sea = await Promise.all([0, 1, 2].map(() => added('admin').then(async (id) => (await inSea(id)).id)));
    await rules('level', 'save', 'admin', {
      subject: 'user',
      userId: ids.sales02,
      countDealt: false,
      userLimit: (await held(ids.sales02!)) + 1,
    });
    expect((await op('sales02', 'claim', { ids: [sea[0]!, sea[1]!] })).code).toBe(Errors.OWNERSHIP_OWNER_LIMIT.code);
    expect((await op('sales02', 'claim', { ids: [sea[0]!] })).code).toBe(0);
    expect((await op('sales02', 'claim', { ids: [sea[1]!] })).code).toBe(Errors.OWNERSHIP_OWNER_LIMIT.code);
    // the company rule's daily cap binds sales03, who has no rule of their own
    await rules('level', 'save', 'admin', { subject: 'company', countDealt: false, dailyClaimCap: 0 });
    expect((await op('sales03', 'claim', { ids: [sea[1]!] })).code).toBe(Errors.OWNERSHIP_DAILY_CAP.code);
    // the department's limit over all its members
    const [dept] = rowsOf<{ id: number }>(await t.p.db.execute(sql`select id from departments where code = 'sales-1'`));
    await t.p.db.delete(crmLevelRules);
    await rules('level', 'save', 'admin', {
      subject: 'department',
      departmentId: dept!.id,
      countDealt: false,
      departmentLimit: 1,
    });
    expect((await op('sales03', 'claim', { ids: [sea[1]!] })).code).toBe(Errors.OWNERSHIP_DEPT_LIMIT.code);
    // pool administrators (the sales manager) are not bound
    expect((await op('salesmgr', 'claim', { ids: [sea[2]!] })).code).toBe(0);
    expect(await row(sea[2]!)).toMatchObject({ state: 'private', ownerId: ids.salesmgr });
  });

  it('distribute is for managers; blacklisted customers are neither claimed nor returned', async () => {
    const id = (await inSea(await added('admin'))).id;
    expect((await op('sales01', 'distribute', { ids: [id], userId: ids.sales02 })).code).toBe(
      Errors.NO_PERMISSION.code,
    );
    expect((await op('salesmgr', 'distribute', { ids: [id], userId: ids.sales02 })).code).toBe(0);
    expect(await row(id)).toMatchObject({ state: 'private', ownerId: ids.sales02 });
    expect(await contactOwners(id)).toEqual([ids.sales02]);
    const black = await added();
    await t.p.db.update(crmCustomers).set({ state: 'blacklist' }).where(eq(crmCustomers.id, black));
    expect((await op('sales01', 'returnToPool', { ids: [black], reason: 'x' })).code).toBe(
      Errors.OWNERSHIP_NOT_OWNED.code,
    );
    await t.p.db.update(crmCustomers).set({ ownerId: null }).where(eq(crmCustomers.id, black));
    expect((await op('sales02', 'claim', { ids: [black] })).code).toBe(Errors.OWNERSHIP_NOT_CLAIMABLE.code);
    expect((await row(black)).state).toBe('blacklist');
  });

  it('the sales manager transfers a customer back with its contacts', async () => {
    const id = (await inSea(await added('admin'))).id;
    await op('sales02', 'claim', { ids: [id] });
    const moved = await op('salesmgr', 'transfer', {
      ids: [id],
      userId: ids.sales01,
      related: ['contacts'],
      keepAs: 'read',
    });
    expect(moved.code).toBe(0);
    expect(await row(id)).toMatchObject({ ownerId: ids.sales01 });
    expect(await contactOwners(id)).toEqual([ids.sales01]);
    expect((await post('sales02', '/v2/crm/customer/detail', { id })).code).toBe(0); // kept as a read member
  });

  it('locks up to the lock limit', async () => {
    const locked = Number(
      rowsOf<{ n: number }>(
        await t.p.db.execute(
          sql`select count(*)::int as n from crm_customers where owner_id = ${ids.sales03} and locked and state = 'private'`,
        ),
      )[0]!.n,
    );
    await rules('level', 'save', 'admin', { subject: 'company', countDealt: false, lockLimit: locked + 1 });
    const a = await added('sales03');
    const b = await added('sales03');
    expect((await post('sales03', '/v2/crm/customer/lock', { id: a, locked: true })).code).toBe(0);
    expect((await post('sales03', '/v2/crm/customer/lock', { id: b, locked: true })).code).toBe(
      Errors.CRM_LOCK_LIMIT.code,
    );
    expect((await post('sales03', '/v2/crm/customer/lock', { id: a, locked: false })).code).toBe(0);
    expect((await post('sales03', '/v2/crm/customer/lock', { id: b, locked: true })).code).toBe(0);
  });
});

describe.skipIf(!onPostgres)('open sea under concurrency (PostgreSQL, customers)', () => {
  it('two sales claiming one customer at once: exactly one owner', async () => {
    for (let i = 0; i < 5; i++) {
      const id = (await inSea(await added('admin'))).id;
      const answers = await Promise.all([op('sales01', 'claim', { ids: [id] }), op('sales02', 'claim', { ids: [id] })]);
      expect(answers.map((a) => a.code).sort()).toEqual([0, Errors.OWNERSHIP_NOT_IN_POOL.code].sort());
      const log = await t.p.db
        .select()
        .from(ownerChanges)
        .where(and(eq(ownerChanges.entity, 'crm.customer'), eq(ownerChanges.recordId, id)));
      expect(log).toHaveLength(1);
      expect((await row(id)).ownerId).toBe(log[0]!.toUserId);
      expect(await contactOwners(id)).toEqual([log[0]!.toUserId]);
    }
  });

  it('one sales claiming past the owner limit in parallel: the limit holds', async () => {
    const held = async () =>
      Number(
        rowsOf<{ n: number }>(
          await t.p.db.execute(
            sql`select count(*)::int as n from crm_customers where owner_id = ${ids.sales03} and state = 'private' and not dealt`,
          ),
        )[0]!.n,
      );
    const before = await held();
    await rules('level', 'save', 'admin', {
      subject: 'user',
      userId: ids.sales03,
      countDealt: false,
      userLimit: before + 3,
    });
    const sea: number[] = [];
    for (let i = 0; i < 10; i++) sea.push((await inSea(await added('admin'))).id);
    const answers = await Promise.all(sea.map((id) => op('sales03', 'claim', { ids: [id] })));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.code === Errors.OWNERSHIP_OWNER_LIMIT.code)).toHaveLength(7);
    expect(await held()).toBe(before + 3);
  });
});
