import { Errors } from '@portal/contracts';
import { BLACKLIST_DETAIL_PATH, CrmPerm, SEA_DETAIL_PATH } from '@portal/contracts/crm';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, roleResources, roles, staffUsers, userRoles } from '../src/platform/access/schema.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

let t: TestApp;
const tok: Record<string, Tokens> = {};

async function post(who: string, url: string, payload: object): Promise<Answer> {
  const key = (
    await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok[who]!) })
  ).json().data.key;
  return (
    await t.app.inject({ method: 'POST', url, headers: { ...bearer(tok[who]!), 'x-idempotence-key': key }, payload })
  ).json();
}
const get = (who: string, url: string) =>
  t.app.inject({ url, headers: bearer(tok[who]!) }).then((r) => r.json() as Answer);
const oneIn = async (state: string) =>
  rowsOf<{ id: number; code: string }>(
    await t.p.db.execute(sql`select id, code from crm_customers where state = ${state} order by id limit 1`),
  )[0]!;

/** a user who may see the open sea and customers (own scope) but not contact details */
async function seaViewer() {
  const [u] = await t.p.db
    .insert(staffUsers)
    .values({
      username: 'detailviewer',
      name: 'Detail Viewer',
      jobNumber: 'detailviewer',
      staffId: 'detailviewer',
      passwordHash: await hashPassword('Viewer#2026'),
    })
    .returning({ id: staffUsers.id });
  const [r] = await t.p.db
    .insert(roles)
    .values({ code: 'detailviewer', name: 'detailviewer', nameEn: 'detailviewer', dataScope: 'own' })
    .returning({ id: roles.id });
  const keys = [CrmPerm.OPEN_SEA, CrmPerm.CUSTOMERS];
  const res = await t.p.db.select({ id: resources.id }).from(resources).where(inArray(resources.international, keys));
  await t.p.db.insert(roleResources).values(res.map((x) => ({ roleId: r!.id, resourceId: x.id })));
  await t.p.db.insert(userRoles).values({ userId: u!.id, roleId: r!.id });
}

beforeAll(async () => {
  t = await startTestApp();
  await seaViewer();
  tok.admin = await signIn(t.app, DEMO.admin);
  tok.sales01 = await signIn(t.app, DEMO.sales01);
  tok.viewer = await signIn(t.app, { username: 'detailviewer', password: 'Viewer#2026' });
}, 60_000);
afterAll(async () => t?.close());

describe('open-sea and blacklist details', () => {
  it("open an open-sea customer for the pool's readers, contact details only with their key", async () => {
    const sea = await oneIn('open_sea');
    // nobody owns it: the owner-scoped customer detail does not find it for an own-scope reader
    expect((await post('viewer', '/v2/crm/customer/detail', { id: sea.id })).code).toBe(Errors.NOT_FOUND.code);
    const seen = await post('viewer', SEA_DETAIL_PATH, { id: sea.id });
    expect(seen.code).toBe(0);
    expect(seen.data).toMatchObject({ id: sea.id, code: sea.code, state: 'open_sea' });
    expect(seen.data).not.toHaveProperty('phone');
    const admin = await post('admin', SEA_DETAIL_PATH, { id: sea.id });
    expect(admin.data).toHaveProperty('phone');
    // a private or blacklisted customer is not the open sea's
    for (const state of ['private', 'blacklist'])
      expect((await post('admin', SEA_DETAIL_PATH, { id: (await oneIn(state)).id })).code).toBe(Errors.NOT_FOUND.code);
  });

  it('open a blacklisted customer with its reason and history for the blacklist key only', async () => {
    const black = await oneIn('blacklist');
    const seen = await post('admin', BLACKLIST_DETAIL_PATH, { id: black.id });
    expect(seen.code).toBe(0);
    expect(seen.data).toMatchObject({ id: black.id, state: 'blacklist' });
    expect(typeof seen.data.blacklistReason).toBe('string');
    const history = await get('admin', `/v2/crm/blacklist/timeline?id=${black.id}`);
    expect(history.code).toBe(0);
    expect(Array.isArray(history.data.records)).toBe(true);
    const sea = await oneIn('open_sea');
    expect((await post('admin', BLACKLIST_DETAIL_PATH, { id: sea.id })).code).toBe(Errors.NOT_FOUND.code);
    expect((await get('admin', `/v2/crm/blacklist/timeline?id=${sea.id}`)).code).toBe(Errors.NOT_FOUND.code);
    const refused = await t.app.inject({
      method: 'POST',
      url: BLACKLIST_DETAIL_PATH,
      headers: bearer(tok.viewer!),
      payload: { id: black.id },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the alias in the customer form', () => {
  it('is set when the customer is added and never changed by an edit (the alias change flow does that)', async () => {
    const c = await post('sales01', '/v2/crm/customer/save', {
      name: 'Alias Once Trading',
      alias: 'aliasonce',
      type: 'C',
      country: 'FR',
    });
    expect(c.code).toBe(0);
    const edit = await post('sales01', '/v2/crm/customer/update', {
      id: c.data.id,
      version: c.data.version ?? 1,
      alias: 'aliastwice',
      address: '2 Rue de Rivoli',
    });
    expect(edit.code).toBe(0);
    const after = await post('sales01', '/v2/crm/customer/detail', { id: c.data.id });
    expect(after.data).toMatchObject({ alias: 'aliasonce', address: '2 Rue de Rivoli' });
  });
});
