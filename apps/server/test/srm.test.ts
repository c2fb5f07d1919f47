import { Errors } from '@portal/contracts';
import { formHintOf } from '@portal/contracts/resource';
import { DEFAULT_DUPLICATE_CHECK, DEFAULT_SEA_RULES } from '@portal/contracts/srm';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureBusinessProcesses, processIdOf } from '../src/modules/approval/index.js';
import { wfFormFields, wfProcesses } from '../src/modules/approval/schema.js';
import { returnIdleSuppliers } from '../src/modules/srm/retention.js';
import { srmAdmissions, srmSettings, srmSupplierRequests, srmSuppliers } from '../src/modules/srm/schema.js';
import { departments, staffUsers } from '../src/platform/access/schema.js';
import { recordEvents } from '../src/platform/history/schema.js';
import { bearer, DEMO, onPostgres, signIn, type TestApp, type Tokens } from './harness.js';
import { keyedPost, startSignedIn } from './support/signed-in.js';

const DAY = 86_400_000;
// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
const PURCHASE = { username: 'purchase01', password: 'Purchase#2026' };
const PURCHASE2 = { username: 'purchase02', password: 'Purchase#2026' };
const MANAGER = { username: 'purchasemgr', password: 'Purchase#2026' };
const ALL_DONE = { license: true, sanctions: true, ownership: true, bank: true, test: true, contract: true };

let t: TestApp;
let buyer: Tokens;
let buyer2: Tokens;
let mgr: Tokens;
let admin: Tokens;
let sales: Tokens;
let buyerId: number;
let n = 0;

const idOf = async (username: string) =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;

beforeAll(async () => {
  [t, buyer, buyer2, mgr, admin, sales] = await startSignedIn([PURCHASE, PURCHASE2, MANAGER, DEMO.admin, DEMO.sales01]);
  buyerId = await idOf('purchase01');
}, 600_000);
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.p.db.delete(srmSettings);
});

const post = (tok: Tokens, url: string, payload: object): Promise<Answer> => keyedPost(t, tok, url, payload);
const get = (tok: Tokens, url: string) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json() as Answer);
const supplier = (over: object = {}) => {
  n++;
  return {
    name: `Rulecheck Wholesale Voice ${n} ${'qkz'.repeat(n % 4)}`,
    alias: `rulecheck${n}`,
    type: 'aggregator',
    products: ['sms'],
    country: 'DE',
    domains: [`rulecheck${n}.example`],
    ...over,
  };
};
const row = async (id: number) => (await t.p.db.select().from(srmSuppliers).where(eq(srmSuppliers.id, id)))[0]!;
/** A supplier in the sea, written straight to the table. */
const inSea = async () => {
  n++;
  const [r] = await t.p.db
    .insert(srmSuppliers)
    .values({
      code: `SX${n}`,
      name: `Sea Routes ${n}`,
      alias: `searoutes${n}`,
      type: 'operator',
      country: 'SG',
      state: 'sea',
    })
    .returning({ id: srmSuppliers.id });
  return r!.id;
};
const uploadDoc = async (tok: Tokens) => {
  const boundary = '----srmtest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="licence.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from('%PDF-1.4 licence'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/sys/staff/file/upload',
    headers: { ...bearer(tok), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json().data.id as string;
};

describe('suppliers: create and change', () => {
  it('creates a supplier owned by the buyer with a generated code, in the buyer’s department, not admitted', async () => {
    const res = await post(buyer, '/v2/srm/supplier/save', supplier({ paymentMethod: 'prepaid', level: 'tier1' }));
    expect(res.code, res.msg).toBe(0);
    const d = (await post(buyer, '/v2/srm/supplier/detail', { id: res.data.id })).data;
    expect(d.code).toMatch(/^SP\d{6}$/);
    expect(d.ownerId).toBe(buyerId);
    expect(d.state).toBe('private');
    expect(d.admitted).toBe(false);
    const [dept] = await t.p.db.select().from(departments).where(eq(departments.code, 'purchasing'));
    expect(d.departmentId).toBe(dept!.id);
  });

  it('refuses bad values with their code and writes nothing', async () => {
    const count = async () => (await t.p.db.execute(sql`select count(*)::int as n from srm_suppliers`)) as unknown;
    const before = JSON.stringify(await count());
    expect((await post(buyer, '/v2/srm/supplier/save', supplier({ level: 'platinum' }))).code).toBe(
      Errors.SRM_DICT_VALUE_UNKNOWN.code,
    );
    expect((await post(buyer, '/v2/srm/supplier/save', supplier({ entityId: 999_999 }))).code).toBe(
      Errors.SRM_ENTITY_UNKNOWN.code,
    );
    expect((await post(buyer, '/v2/srm/supplier/save', supplier({ type: 'reseller' }))).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await post(buyer, '/v2/srm/supplier/save', supplier({ paymentTermDays: 400 }))).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect(JSON.stringify(await count())).toBe(before);
  });

  it('answers a taken alias with a free one and the form hint (the supplier holding it), writing nothing', async () => {
    const first = supplier();
    const made = await post(buyer, '/v2/srm/supplier/save', first);
    expect(made.code).toBe(0);
    const count = async () => JSON.stringify(await t.p.db.execute(sql`select count(*)::int as n from srm_suppliers`));
    const before = await count();
    const again = await post(buyer, '/v2/srm/supplier/save', supplier({ alias: first.alias.toUpperCase() }));
    expect(again.code).toBe(Errors.ALIAS_TAKEN.code);
    expect(again.data.alias).toBe(`${first.alias.toUpperCase()}-2`);
    const code = (await post(buyer, '/v2/srm/supplier/detail', { id: made.data.id })).data.code;
    expect(formHintOf(again.data)).toEqual({
      suggest: { alias: again.data.alias },
      existing: { id: made.data.id, title: `${code} ${first.name}` },
    });
    expect(await count()).toBe(before);
    // an update to another supplier's alias gets the same answer
    const other = await post(buyer, '/v2/srm/supplier/save', supplier());
    const d = (await post(buyer, '/v2/srm/supplier/detail', { id: other.data.id })).data;
    const upd = await post(buyer, '/v2/srm/supplier/update', { id: d.id, version: d.version, alias: first.alias });
    expect(upd.code).toBe(Errors.ALIAS_TAKEN.code);
    expect(formHintOf(upd.data)?.existing?.id).toBe(made.data.id);
    expect((await post(buyer, '/v2/srm/supplier/save', supplier({ alias: again.data.alias }))).code).toBe(0);
  });

  it('blacklists with a reason; a blacklisted supplier cannot be changed or claimed', async () => {
    const { data } = await post(buyer, '/v2/srm/supplier/save', supplier());
    const d = (await post(buyer, '/v2/srm/supplier/detail', { id: data.id })).data;
    expect(
      (await post(buyer, '/v2/srm/supplier/blacklist', { id: data.id, version: d.version, reason: 'x' })).code,
    ).toBe(Errors.NO_PERMISSION.code);
    const bl = await post(mgr, '/v2/srm/supplier/blacklist', { id: data.id, version: d.version, reason: 'fake DLRs' });
    expect(bl.code, bl.msg).toBe(0);
    const after = await row(data.id);
    expect(after.state).toBe('blacklist');
    expect(after.blacklistReason).toBe('fake DLRs');
    const upd = await post(mgr, '/v2/srm/supplier/update', { id: data.id, version: after.version, remark: 'again' });
    expect(upd.code).toBe(Errors.SRM_SUPPLIER_NOT_WRITABLE.code);
    expect((await post(mgr, '/v2/srm/supplier/claim', { ids: [data.id] })).code).not.toBe(0);
  });
});

describe('duplicate check', () => {
  it('warns of a similar name, blocks a shared domain (default settings), and lists both before saving', async () => {
    const base = supplier({ phone: '+4915112345670' });
    expect((await post(buyer, '/v2/srm/supplier/save', base)).code).toBe(0);
    const check = await post(buyer, '/v2/srm/supplier/duplicates', {
      name: base.name,
      domains: base.domains,
      phones: ['+4915112345670'],
    });
    expect(check.code).toBe(0);
    const reasons = [...new Set(check.data.matches.map((m: { reason: string }) => m.reason))].sort();
    expect(reasons).toEqual(['domain', 'name', 'phone']);
    expect(check.data.blocked).toBe(true);
    // a similar name alone only warns
    const similar = await post(buyer, '/v2/srm/supplier/save', supplier({ name: `${base.name} X` }));
    expect(similar.code, similar.msg).toBe(0);
    // the same domain refuses
    const same = await post(buyer, '/v2/srm/supplier/save', supplier({ domains: base.domains }));
    expect(same.code).toBe(Errors.SRM_DUPLICATE_BLOCKED.code);
  });

  it('follows the duplicate-check settings: phone to block refuses, everything off finds nothing', async () => {
    const base = supplier({ phone: '+4915112345671' });
    expect((await post(buyer, '/v2/srm/supplier/save', base)).code).toBe(0);
    expect((await post(buyer, '/v2/srm/settings/duplicate-check', DEFAULT_DUPLICATE_CHECK)).code).toBe(
      Errors.NO_PERMISSION.code,
    );
    const block = { ...DEFAULT_DUPLICATE_CHECK, phone: 'block' };
    expect((await post(mgr, '/v2/srm/settings/duplicate-check', block)).code).toBe(0);
    expect((await get(mgr, '/v2/srm/settings/duplicate-check')).data).toEqual(block);
    expect((await post(buyer, '/v2/srm/supplier/save', supplier({ phone: '+4915112345671' }))).code).toBe(
      Errors.SRM_DUPLICATE_BLOCKED.code,
    );
    const off = { name: 'off', nameSimilarity: 0.6, domain: 'off', phone: 'off' };
    expect((await post(mgr, '/v2/srm/settings/duplicate-check', off)).code).toBe(0);
    const none = await post(buyer, '/v2/srm/supplier/duplicates', { name: base.name, phones: ['+4915112345671'] });
    expect(none.data.matches).toEqual([]);
    expect((await post(buyer, '/v2/srm/supplier/save', supplier({ phone: '+4915112345671' }))).code).toBe(0);
  });

  it('refuses a supplier matching a blacklisted one by its very name, whatever the settings', async () => {
    const base = supplier();
    const { data } = await post(buyer, '/v2/srm/supplier/save', base);
    await t.p.db.update(srmSuppliers).set({ state: 'blacklist' }).where(eq(srmSuppliers.id, data.id));
    await post(mgr, '/v2/srm/settings/duplicate-check', { ...DEFAULT_DUPLICATE_CHECK, name: 'warn', domain: 'warn' });
    const again = await post(buyer, '/v2/srm/supplier/save', supplier({ name: base.name }));
    expect(again.code).toBe(Errors.SRM_BLACKLISTED_MATCH.code);
  });
});

describe('open sea', () => {
  it('a buyer claims a sea supplier; the sea rules limit claims; the manager distributes past them', async () => {
    const rules = { ...DEFAULT_SEA_RULES, userLimit: 1000, dailyClaimCap: 2 };
    expect((await post(mgr, '/v2/srm/settings/sea-rules', rules)).code).toBe(0);
    const [a, b, c] = [await inSea(), await inSea(), await inSea()];
    expect((await post(buyer2, '/v2/srm/supplier/claim', { ids: [a] })).code).toBe(0);
    expect((await row(a)).state).toBe('private');
    expect((await post(buyer2, '/v2/srm/supplier/claim', { ids: [b] })).code).toBe(0);
    expect((await post(buyer2, '/v2/srm/supplier/claim', { ids: [c] })).code).toBe(Errors.OWNERSHIP_DAILY_CAP.code);
    expect((await row(c)).state).toBe('sea');
    const dist = await post(mgr, '/v2/srm/supplier/distribute', { ids: [c], userId: await idOf('purchase02') });
    expect(dist.code, dist.msg).toBe(0);
    expect((await row(c)).ownerId).toBe(await idOf('purchase02'));
  });

  it('refuses inconsistent sea rules and keeps the old ones', async () => {
    const bad = await post(mgr, '/v2/srm/settings/sea-rules', {
      ...DEFAULT_SEA_RULES,
      userLimit: 5,
      dailyClaimCap: 10,
    });
    expect(bad.code).toBe(Errors.SRM_SEA_RULES_INVALID.code);
    expect((await get(mgr, '/v2/srm/settings/sea-rules')).data).toEqual(DEFAULT_SEA_RULES);
    expect((await get(buyer, '/v2/srm/settings/sea-rules')).code).toBe(Errors.NO_PERMISSION.code);
  });

  it('returns a supplier with the cool-down: its buyer may not claim it back until the days passed', async () => {
    const rules = { ...DEFAULT_SEA_RULES, dailyClaimCap: null, cooldownDays: 10 };
    expect((await post(mgr, '/v2/srm/settings/sea-rules', rules)).code).toBe(0);
    const { data } = await post(buyer, '/v2/srm/supplier/save', supplier());
    expect((await post(buyer, '/v2/srm/supplier/return-pool', { ids: [data.id], reason: 'no routes' })).code).toBe(0);
    expect((await row(data.id)).state).toBe('sea');
    expect((await post(buyer, '/v2/srm/supplier/claim', { ids: [data.id] })).code).toBe(Errors.OWNERSHIP_COOLDOWN.code);
    expect((await post(buyer2, '/v2/srm/supplier/claim', { ids: [data.id] })).code).toBe(0);
  });

  it('returns idle, not admitted suppliers to the sea after the retention days (the job, by the app clock)', async () => {
    const { data } = await post(buyer, '/v2/srm/supplier/save', supplier());
    const admitted = (await post(buyer, '/v2/srm/supplier/save', supplier())).data.id;
    await t.p.db.update(srmSuppliers).set({ admitted: true }).where(eq(srmSuppliers.id, admitted));
    await post(mgr, '/v2/srm/settings/sea-rules', { ...DEFAULT_SEA_RULES, retentionDays: 30 });
    await returnIdleSuppliers(t.p);
    expect((await row(data.id)).state).toBe('private');
    t.clock.advance(31 * DAY);
    await returnIdleSuppliers(t.p);
    expect((await row(data.id)).state).toBe('sea');
    expect((await row(admitted)).state).toBe('private');
    [buyer, buyer2, mgr, admin, sales] = await Promise.all([
      signIn(t.app, PURCHASE),
      signIn(t.app, PURCHASE2),
      signIn(t.app, MANAGER),
      signIn(t.app, DEMO.admin),
      signIn(t.app, DEMO.sales01),
    ]);
  });

  it.runIf(onPostgres)('PostgreSQL: ten buyers claiming one sea supplier at once, exactly one gets it', async () => {
    await post(mgr, '/v2/srm/settings/sea-rules', { ...DEFAULT_SEA_RULES, dailyClaimCap: null });
    const id = await inSea();
    const users = ['purchase01', 'purchase02', 'purchase03', 'purchase04', 'purchase05'];
    const toks = await Promise.all(users.map((u) => signIn(t.app, { username: u, password: 'Purchase#2026' })));
    const answers = await Promise.all(
      [...toks, ...toks].map((tok) => post(tok, '/v2/srm/supplier/claim', { ids: [id] })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === Errors.OWNERSHIP_NOT_IN_POOL.code)).toBe(true);
    const changes = await t.p.db.execute(
      sql`select count(*)::int as n from owner_changes where entity = 'srm.supplier' and record_id = ${id}`,
    );
    expect(JSON.stringify(changes)).toContain('"n":1');
  });

  it.runIf(onPostgres)('PostgreSQL: one buyer claiming in parallel never passes the limit', async () => {
    const held = (await t.p.db.execute(
      sql`select count(*)::int as n from srm_suppliers where owner_id = ${buyerId} and state = 'private' and not admitted`,
    )) as unknown as { rows?: { n: number }[] };
    const now = (held.rows ?? (held as unknown as { n: number }[]))[0]!.n;
    await post(mgr, '/v2/srm/settings/sea-rules', { ...DEFAULT_SEA_RULES, userLimit: now + 2, dailyClaimCap: null });
    const ids = await Promise.all(Array.from({ length: 8 }, () => inSea()));
    const answers = await Promise.all(ids.map((id) => post(buyer, '/v2/srm/supplier/claim', { ids: [id] })));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(2);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === Errors.OWNERSHIP_OWNER_LIMIT.code)).toBe(true);
  });
});

describe('admission', () => {
  const apply = (tok: Tokens, body: object) => post(tok, '/v2/srm/admission/apply', body);
  const todoOf = async (tok: Tokens, instanceId: number) => {
    const page = await post(tok, '/v2/workflow/my/toDoPage', { page: 1, size: 100 });
    return page.data.records.find((r: { id: number }) => r.id === instanceId);
  };

  it('refuses an incomplete checklist, no documents, someone else’s supplier, and writes nothing', async () => {
    const { data } = await post(buyer, '/v2/srm/supplier/save', supplier());
    const doc = await uploadDoc(buyer);
    const partial = await apply(buyer, {
      supplierId: data.id,
      checklist: { ...ALL_DONE, bank: false },
      documents: [doc],
    });
    expect(partial.code).toBe(Errors.SRM_CHECKLIST_INCOMPLETE.code);
    expect(partial.msg).toContain('Bank account matches the legal entity');
    expect((await apply(buyer, { supplierId: data.id, checklist: ALL_DONE, documents: [] })).code).toBe(
      Errors.SRM_DOCUMENTS_REQUIRED.code,
    );
    expect((await apply(buyer2, { supplierId: data.id, checklist: ALL_DONE, documents: [doc] })).code).toBe(
      Errors.NOT_FOUND.code,
    );
    expect((await apply(sales, { supplierId: data.id, checklist: ALL_DONE, documents: [doc] })).code).toBe(
      Errors.NO_PERMISSION.code,
    );
    const rows = await t.p.db.select().from(srmAdmissions).where(eq(srmAdmissions.supplierId, data.id));
    expect(rows).toEqual([]);
  });

  it('admits a supplier only when the approval is agreed, in the same transaction; once', async () => {
    const { data } = await post(buyer, '/v2/srm/supplier/save', supplier());
    const doc = await uploadDoc(buyer);
    const res = await apply(buyer, {
      supplierId: data.id,
      checklist: ALL_DONE,
      documents: [doc],
      note: 'direct routes',
    });
    expect(res.code, res.msg).toBe(0);
    expect((await apply(buyer, { supplierId: data.id, checklist: ALL_DONE, documents: [doc] })).code).toBe(
      Errors.SRM_ADMISSION_PENDING.code,
    );
    expect((await row(data.id)).admitted).toBe(false);
    const list = await post(buyer, '/v2/srm/admission/page', { supplierId: data.id });
    expect(list.data.records).toMatchObject([{ state: 'pending', approvalId: res.data.approvalId, documents: [doc] }]);
    const task = await todoOf(mgr, res.data.approvalId);
    expect(task, 'the purchasing manager has the to-do').toBeTruthy();
    const agreed = await post(mgr, '/v2/workflow/agree', { taskId: task.taskId, opinion: 'ok' });
    expect(agreed.code, agreed.msg).toBe(0);
    const s = await row(data.id);
    expect(s.admitted).toBe(true);
    expect(s.admittedAt).not.toBeNull();
    const [a] = await t.p.db.select().from(srmAdmissions).where(eq(srmAdmissions.id, res.data.id));
    expect(a!.state).toBe('approved');
    const events = await t.p.db
      .select()
      .from(recordEvents)
      .where(and(eq(recordEvents.entity, 'srm.supplier'), eq(recordEvents.recordId, String(data.id))));
    expect(events.some((e) => e.kind === 'state' && JSON.stringify(e.changes).includes('admitted'))).toBe(true);
    expect((await apply(buyer, { supplierId: data.id, checklist: ALL_DONE, documents: [doc] })).code).toBe(
      Errors.SRM_ALREADY_ADMITTED.code,
    );
  });

  it('a rejected application leaves the supplier not admitted and may be applied for again', async () => {
    const { data } = await post(buyer, '/v2/srm/supplier/save', supplier());
    const res = await apply(buyer, { supplierId: data.id, checklist: ALL_DONE, documents: [await uploadDoc(buyer)] });
    const task = await todoOf(mgr, res.data.approvalId);
    const rej = await post(mgr, '/v2/workflow/reject', {
      taskId: task.taskId,
      target: 'end',
      opinion: 'no licence scan',
    });
    expect(rej.code, rej.msg).toBe(0);
    expect((await row(data.id)).admitted).toBe(false);
    const [a] = await t.p.db.select().from(srmAdmissions).where(eq(srmAdmissions.id, res.data.id));
    expect(a!.state).toBe('rejected');
    const again = await apply(buyer, { supplierId: data.id, checklist: ALL_DONE, documents: [await uploadDoc(buyer)] });
    expect(again.code, again.msg).toBe(0);
  });
});

describe('source change', () => {
  const todoOf = async (tok: Tokens, instanceId: number) => {
    const page = await post(tok, '/v2/workflow/my/toDoPage', { page: 1, size: 100 });
    return page.data.records.find((r: { id: number }) => r.id === instanceId);
  };

  it('changes a supplier’s source only through an approval; the same source, a pending one and a typed edit are refused', async () => {
    const { data } = await post(buyer, '/v2/srm/supplier/save', supplier({ source: 'inbound' }));
    const d = (await post(buyer, '/v2/srm/supplier/detail', { id: data.id })).data;
    const typed = await post(buyer, '/v2/srm/supplier/update', { id: data.id, version: d.version, source: 'referral' });
    // source is written on create only: an update leaves it as it was
    expect(typed.code).toBe(0);
    expect((await row(data.id)).source).toBe('inbound');
    expect(
      (await post(buyer, '/v2/srm/source-change/apply', { supplierId: data.id, toSource: 'inbound', reason: 'same' }))
        .code,
    ).toBe(Errors.SRM_SOURCE_SAME.code);
    expect(
      (await post(buyer, '/v2/srm/source-change/apply', { supplierId: data.id, toSource: 'nowhere', reason: 'bad' }))
        .code,
    ).toBe(Errors.SRM_DICT_VALUE_UNKNOWN.code);
    const res = await post(buyer, '/v2/srm/source-change/apply', {
      supplierId: data.id,
      toSource: 'referral',
      reason: 'introduced by a partner carrier',
    });
    expect(res.code, res.msg).toBe(0);
    expect(
      (
        await post(buyer, '/v2/srm/source-change/apply', {
          supplierId: data.id,
          toSource: 'exhibition',
          reason: 'again',
        })
      ).code,
    ).toBe(Errors.SRM_SOURCE_CHANGE_PENDING.code);
    expect((await row(data.id)).source).toBe('inbound');
    const task = await todoOf(mgr, res.data.approvalId);
    const agreed = await post(mgr, '/v2/workflow/agree', { taskId: task.taskId, opinion: 'ok' });
    expect(agreed.code, agreed.msg).toBe(0);
    expect((await row(data.id)).source).toBe('referral');
    // one record for supplier requests: the source change is one of kind `source` (decision 0061)
    const [c] = await t.p.db.select().from(srmSupplierRequests).where(eq(srmSupplierRequests.id, res.data.id));
    expect(c).toMatchObject({ kind: 'source', state: 'approved', fromSource: 'inbound', toSource: 'referral' });
    const listed = await post(buyer, '/v2/srm/supplier-request/page', { page: 1, size: 50, kind: 'source' });
    expect(listed.code, listed.msg).toBe(0);
    expect(listed.data.records.map((r: { id: number }) => r.id)).toContain(res.data.id);
  });
});

describe('spec 7 and settings reads', () => {
  it('GET /v2/srm/supplier/select/get/dept: a buyer gets their own department, the administrator all', async () => {
    const mine = await get(buyer, '/v2/srm/supplier/select/get/dept');
    expect(mine.code).toBe(0);
    expect(mine.data.map((d: { nameEn: string }) => d.nameEn)).toEqual(['Purchasing']);
    expect(mine.data[0].suppliers).toBeGreaterThan(0);
    const all = await get(admin, '/v2/srm/supplier/select/get/dept');
    expect(all.data.length).toBeGreaterThan(5);
    const salesAnswer = await get(sales, '/v2/srm/supplier/select/get/dept');
    expect(salesAnswer.data.every((d: { suppliers: number }) => d.suppliers === 0)).toBe(true);
  });

  it('lists the payment methods with their use by suppliers', async () => {
    const res = await get(mgr, '/v2/srm/settings/payment-methods');
    expect(res.code).toBe(0);
    const used = Number(
      JSON.stringify(
        await t.p.db.execute(sql`select count(*)::int as n from srm_suppliers where payment_method = 'prepaid'`),
      ).match(/"n":(\d+)/)![1],
    );
    expect(res.data.find((m: { value: string }) => m.value === 'prepaid').suppliers).toBe(used);
    expect((await get(buyer, '/v2/srm/settings/payment-methods')).code).toBe(Errors.NO_PERMISSION.code);
  });
});

describe('business processes (the one approval helper srm and crm share)', () => {
  const definition = {
    nodes: [
      {
        key: 'leader',
        name: '负责人',
        nameEn: 'Leader',
        type: 'approval' as const,
        approverKind: 'deptLeader' as const,
        roleId: null,
        userIds: [],
        levels: 1,
        mode: 'any' as const,
        conditions: [],
        rejectable: true,
        timeLimitHours: null,
      },
    ],
  };
  const proc = (code: string) => ({
    code,
    name: code,
    nameEn: code,
    groupName: '测试',
    serviceName: 'test.mend',
    applyPath: '/mend/apply',
    description: 'mend',
    definition,
  });
  it('creates a form and its processes once, and starts requests on the newest enabled, published one', async () => {
    const db = t.p.db;
    expect(await processIdOf(db, 'test.mend')).toBeNull();
    const form = {
      code: 'mend-form',
      name: 'mend',
      description: 'mend',
      fields: [
        { key: 'a', label: 'A', labelEn: 'A', type: 'text', required: true, rules: { maxLength: 20 } },
        { key: 'b', label: 'B', labelEn: 'B', type: 'text', required: false, maxLength: 30 },
      ],
    };
    await ensureBusinessProcesses(db, form, [proc('mend-1'), proc('mend-2')], buyerId);
    await ensureBusinessProcesses(db, form, [proc('mend-1'), proc('mend-2')], buyerId);
    const rows = await db
      .select({ id: wfProcesses.id, formId: wfProcesses.formId, applyPath: wfProcesses.applyPath })
      .from(wfProcesses)
      .where(eq(wfProcesses.serviceName, 'test.mend'))
      .orderBy(wfProcesses.id);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.formId)).size).toBe(1);
    expect(rows[0]!.applyPath).toBe('/mend/apply');
    const fields = await db
      .select({ rules: wfFormFields.rules })
      .from(wfFormFields)
      .where(eq(wfFormFields.formId, rows[0]!.formId!))
      .orderBy(wfFormFields.sort);
    expect(fields.map((f) => f.rules)).toEqual([{ maxLength: 20 }, { maxLength: 30 }]);
    expect(await processIdOf(db, 'test.mend')).toBe(rows[1]!.id);
    // an unpublished newest one is passed over, a disabled one too
    await db.update(wfProcesses).set({ currentVersionId: null }).where(eq(wfProcesses.id, rows[1]!.id));
    expect(await processIdOf(db, 'test.mend')).toBe(rows[0]!.id);
    await db.update(wfProcesses).set({ enabled: false }).where(eq(wfProcesses.id, rows[0]!.id));
    expect(await processIdOf(db, 'test.mend')).toBeNull();
  });
});
