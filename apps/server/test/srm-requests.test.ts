import { Errors } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { srmContacts, srmSupplierRequests, srmSuppliers } from '../src/modules/srm/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { recordMembers } from '../src/platform/ownership/schema.js';
import { bearer, DEMO, onPostgres, signIn, type TestApp, type Tokens } from './harness.js';
import { keyedPost, startSignedIn } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
const PW = 'Purchase#2026';

let t: TestApp;
let buyer: Tokens;
let buyer2: Tokens;
let mgr: Tokens;
let buyerId: number;
let buyer2Id: number;
let n = 0;

const idOf = async (username: string) =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;

const PURCHASE = (username: string) => ({ username, password: PW }) as const;

beforeAll(async () => {
  [t, buyer, buyer2, mgr] = await startSignedIn([
    PURCHASE('purchase01'),
    PURCHASE('purchase02'),
    PURCHASE('purchasemgr'),
  ]);
  [buyerId, buyer2Id] = await Promise.all([idOf('purchase01'), idOf('purchase02')]);
}, 60_000);
afterAll(async () => t?.close());

const post = (tok: Tokens, url: string, payload: object) => keyedPost<Answer>(t, tok, url, payload);
const row = async (id: number) => (await t.p.db.select().from(srmSuppliers).where(eq(srmSuppliers.id, id)))[0]!;
const request = async (id: number) =>
  (await t.p.db.select().from(srmSupplierRequests).where(eq(srmSupplierRequests.id, id)))[0]!;
/** A private supplier of purchase01 with one contact, written straight to the tables. */
const mine = async (entityId: number | null = null) => {
  n++;
  const [s] = await t.p.db
    .insert(srmSuppliers)
    .values({
      code: `RQ${String(n).padStart(6, '0')}`,
      name: `Request Carrier ${n}`,
      alias: `reqcarrier${n}`,
      type: 'operator',
      country: 'SG',
      state: 'private',
      ownerId: buyerId,
      entityId,
    })
    .returning({ id: srmSuppliers.id });
  await t.p.db.insert(srmContacts).values({ supplierId: s!.id, name: `Contact ${n}`, ownerId: buyerId });
  return s!.id;
};
const decide = async (approvalId: number, verb: 'agree' | 'reject') => {
  const page = await post(mgr, '/v2/workflow/my/toDoPage', { page: 1, size: 100 });
  const task = page.data.records.find((r: { id: number }) => r.id === approvalId);
  expect(task, 'the purchasing lead has the request to decide').toBeTruthy();
  const body =
    verb === 'agree' ? { taskId: task.taskId, opinion: 'ok' } : { taskId: task.taskId, opinion: 'no', target: 'end' };
  const res = await post(mgr, `/v2/workflow/${verb}`, body);
  expect(res.code, res.msg).toBe(0);
};

describe('supplier transfer through approval', () => {
  it('moves the supplier and its contacts only when approved; the owner is frozen while it is pending', async () => {
    const id = await mine();
    const bad = await post(buyer, '/v2/srm/transfer-request/apply', {
      supplierId: id,
      toUserId: buyerId,
      reason: 'to me',
    });
    expect(bad.code).toBe(Errors.OWNERSHIP_SAME_OWNER.code);
    const res = await post(buyer, '/v2/srm/transfer-request/apply', {
      supplierId: id,
      toUserId: buyer2Id,
      withContacts: true,
      keepAs: 'read',
      reason: 'moving to the APAC desk',
    });
    expect(res.code, res.msg).toBe(0);
    const again = await post(buyer, '/v2/srm/transfer-request/apply', {
      supplierId: id,
      toUserId: buyer2Id,
      reason: 'again',
    });
    expect(again.code).toBe(Errors.SRM_REQUEST_PENDING.code);
    // the direct verbs wait for the decision
    const direct = await post(buyer, '/v2/srm/supplier/return-pool', { ids: [id], reason: 'not now' });
    expect(direct.code).toBe(Errors.SRM_TRANSFER_PENDING.code);
    expect((await row(id)).ownerId).toBe(buyerId);
    await decide(res.data.approvalId, 'agree');
    const s = await row(id);
    expect(s.ownerId).toBe(buyer2Id);
    const contacts = await t.p.db.select().from(srmContacts).where(eq(srmContacts.supplierId, id));
    expect(contacts.every((c) => c.ownerId === buyer2Id)).toBe(true);
    const members = await t.p.db.select().from(recordMembers).where(eq(recordMembers.recordId, id));
    expect(members.find((m) => m.entity === 'srm.supplier' && m.userId === buyerId)?.access).toBe('read');
    expect(await request(res.data.id)).toMatchObject({ state: 'approved', fromUserId: buyerId, toUserId: buyer2Id });
    const log = rowsOf<{ kind: string }>(
      await t.p.db.execute(
        sql`select kind from owner_changes where entity = 'srm.supplier' and record_id = ${id} order by id desc limit 1`,
      ),
    );
    expect(log[0]?.kind).toBe('transfer');
  });

  it('leaves the owner as it was when rejected, and lists the request to its applicant only', async () => {
    const id = await mine();
    const res = await post(buyer, '/v2/srm/transfer-request/apply', {
      supplierId: id,
      toUserId: buyer2Id,
      reason: 'try',
    });
    expect(res.code, res.msg).toBe(0);
    const other = await post(buyer2, '/v2/srm/supplier-request/page', { page: 1, size: 50, supplierId: id });
    expect(other.data.records).toHaveLength(0);
    const own = await post(buyer, '/v2/srm/supplier-request/page', { page: 1, size: 50, supplierId: id });
    expect(own.data.records[0]).toMatchObject({ kind: 'transfer', state: 'pending', toUserId: buyer2Id });
    await decide(res.data.approvalId, 'reject');
    expect((await row(id)).ownerId).toBe(buyerId);
    expect((await request(res.data.id)).state).toBe('rejected');
  });

  it('offers buyers of every department as receivers, not only those in my scope', async () => {
    const res = await t.app.inject({ url: '/v2/srm/transfer-request/receivers', headers: bearer(buyer) });
    const ids = (res.json() as Answer).data.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([buyerId, buyer2Id]));
    const sales = await signIn(t.app, DEMO.sales01);
    const refused = await t.app.inject({ url: '/v2/srm/transfer-request/receivers', headers: bearer(sales) });
    expect((refused.json() as Answer).code).toBe(Errors.NO_PERMISSION.code);
  });

  it.runIf(onPostgres)('PostgreSQL: two transfer requests for one supplier at once, exactly one starts', async () => {
    const id = await mine();
    const answers = await Promise.all(
      [1, 2].map((i) =>
        post(buyer, '/v2/srm/transfer-request/apply', { supplierId: id, toUserId: buyer2Id, reason: `race ${i}` }),
      ),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([0, Errors.SRM_REQUEST_PENDING.code].sort());
  });

  it('refuses a supplier outside my scope as not found', async () => {
    const id = await mine();
    const res = await post(buyer2, '/v2/srm/transfer-request/apply', {
      supplierId: id,
      toUserId: buyer2Id,
      reason: 'mine',
    });
    expect(res.code).toBe(Errors.NOT_FOUND.code);
  });
});

describe('supplier entity change through approval (supplier-body-replace)', () => {
  it('writes our new contracting entity when approved; a typed edit, the same entity and an unknown one are refused', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const entity = async (code: string) => {
      const res = await post(admin, '/v2/sys/staff/ref/entity/save', {
        code,
        name: `讯通 ${code}`,
        nameEn: `Xuntong ${code}`,
        countryCode: 'HK',
        currencyCode: 'USD',
      });
      expect(res.code, res.msg).toBe(0);
      return res.data.id as number;
    };
    const [a, b] = [await entity('RQ-HK'), await entity('RQ-SG')];
    const id = await mine(a);
    const d = (await post(buyer, '/v2/srm/supplier/detail', { id })).data;
    await post(buyer, '/v2/srm/supplier/update', { id, version: d.version, entityId: b });
    expect((await row(id)).entityId).toBe(a);
    const same = await post(buyer, '/v2/srm/entity-change/apply', { supplierId: id, toEntityId: a, reason: 'same' });
    expect(same.code).toBe(Errors.SRM_ENTITY_SAME.code);
    const unknown = await post(buyer, '/v2/srm/entity-change/apply', {
      supplierId: id,
      toEntityId: 999_999,
      reason: 'x1',
    });
    expect(unknown.code).toBe(Errors.SRM_ENTITY_UNKNOWN.code);
    const res = await post(buyer, '/v2/srm/entity-change/apply', {
      supplierId: id,
      toEntityId: b,
      reason: 'HK entity signs',
    });
    expect(res.code, res.msg).toBe(0);
    // a pending entity change does not freeze the owner, and a transfer may be asked alongside
    const transfer = await post(buyer, '/v2/srm/transfer-request/apply', {
      supplierId: id,
      toUserId: buyer2Id,
      reason: 'also',
    });
    expect(transfer.code, transfer.msg).toBe(0);
    expect((await row(id)).entityId).toBe(a);
    await decide(res.data.approvalId, 'agree');
    expect((await row(id)).entityId).toBe(b);
    expect(await request(res.data.id)).toMatchObject({ state: 'approved', fromEntityId: a, toEntityId: b });
    const events = rowsOf<{ data: { reason?: string } }>(
      await t.p.db.execute(
        sql`select data from record_events where entity = 'srm.supplier' and record_id = ${id} order by id desc limit 1`,
      ),
    );
    expect(events[0]?.data.reason).toBe('entity_change_approved');
  });
});
