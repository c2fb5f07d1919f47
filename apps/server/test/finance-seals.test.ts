import { Errors } from '@portal/contracts';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmCustomers } from '../src/modules/crm/schema.js';
import { runSealReminders } from '../src/modules/finance/seals/reminders.js';
import { contractArchives, sealApplications, seals } from '../src/modules/finance/seals/resources.js';
import { finContractArchives, finSealApplications, finSeals } from '../src/modules/finance/seals/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/** Contract archive and seals (decision 0117): seal-config, seal applications, the archive. */
let t: TestApp;
let sales: Tokens;
let other: Tokens;
let fin: Tokens;
let customerId: number;
let otherCustomerId: number;
let entityIds: number[] = [];
const RANGE = ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const get = (tok: Tokens, url: string) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json() as Answer);
const idOf = async (username: string) =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;
const count = async (table: 'fin_seal_applications' | 'fin_contract_archives') =>
  rowsOf<{ n: number }>(await t.p.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

async function customerOf(username: string) {
  const [c] = await t.p.db
    .select({ id: crmCustomers.id })
    .from(crmCustomers)
    .where(
      and(
        eq(crmCustomers.ownerId, await idOf(username)),
        ne(crmCustomers.state, 'blacklist'),
        isNotNull(crmCustomers.ownerId),
      ),
    )
    .limit(1);
  return c!.id;
}

/** A file through the system upload (multipart field `file`). */
async function upload(tok: Tokens, name: string, body: Buffer | string, type = 'application/pdf') {
  const boundary = '----sealupload';
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/sys/staff/file/upload',
    headers: { ...bearer(tok), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      Buffer.from(body),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  const json = res.json() as Answer;
  expect(json.code, JSON.stringify(json)).toBe(0);
  return json.data.id as string;
}
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

async function sealOf(entityId: number, name: string, active = true) {
  const [s] = await t.p.db
    .insert(finSeals)
    .values({ name, kind: 'contract', entityId, keeperId: await idOf('finance01'), active })
    .returning({ id: finSeals.id });
  return s!.id;
}

/** finance01 agrees to (or rejects) the request */
async function decide(instanceId: number, how: 'agree' | 'reject' = 'agree') {
  const page = await post(fin, '/v2/workflow/my/toDoPage', { page: 1, size: 200 });
  const task = page.data.records.find((r: { id: number }) => r.id === instanceId);
  expect(task, 'finance01 has the to-do').toBeTruthy();
  return how === 'agree'
    ? post(fin, '/v2/workflow/agree', { taskId: task.taskId, opinion: 'ok' })
    : post(fin, '/v2/workflow/reject', { taskId: task.taskId, target: 'end', opinion: 'not this one' });
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  [sales, other, fin] = await Promise.all([
    signIn(t.app, DEMO.sales01),
    signIn(t.app, { username: 'sales02', password: 'Sales#2026' }),
    signIn(t.app, DEMO.finance01),
  ]);
  customerId = await customerOf('sales01');
  otherCustomerId = await customerOf('sales02');
  entityIds = rowsOf<{ id: number }>(await t.p.db.execute(sql`select id from ref_entities order by id limit 2`)).map(
    (r) => r.id,
  );
  expect(entityIds.length).toBe(2);
}, 60_000);
afterAll(async () => t?.close());

describe('seal applications', () => {
  let sealA = 0;
  let sealB = 0;
  let sealOther = 0;
  let file = '';
  const body = (over: object = {}) => ({
    counterpartKind: 'customer',
    counterpartId: customerId,
    title: 'SMS service agreement 2027',
    contractType: 'service',
    amount: 12_000_00,
    currency: 'USD',
    startDay: '2027-01-01',
    endDay: '2027-12-31',
    files: [file],
    sealIds: [sealA, sealB],
    copies: 2,
    reason: 'signed by the customer',
    ...over,
  });

  beforeAll(async () => {
    sealA = await sealOf(entityIds[0]!, 'Test contract seal A');
    sealB = await sealOf(entityIds[0]!, 'Test company seal A');
    sealOther = await sealOf(entityIds[1]!, 'Test contract seal B');
    file = await upload(sales, 'contract.pdf', PDF);
  });

  it('refuses bad input with its code and keeps nothing', async () => {
    const before = await count('fin_seal_applications');
    const apply = (over: object, tok = sales) => post(tok, '/v2/fc/contract/apply', body(over));
    expect((await apply({ files: [] })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await apply({ sealIds: [] })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await apply({ amount: -1 })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await apply({ startDay: 'soon' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await apply({ endDay: '2026-12-31' })).code).toBe(Errors.FIN_SEAL_TERM.code);
    expect((await apply({ currency: 'XXQ' })).code).toBe(Errors.FIN_SEAL_CURRENCY.code);
    expect((await apply({ counterpartId: otherCustomerId })).code).toBe(Errors.FIN_SEAL_COUNTERPART.code);
    expect((await apply({ counterpartId: 2_000_000_000 })).code).toBe(Errors.FIN_SEAL_COUNTERPART.code);
    expect((await apply({ counterpartKind: 'supplier', counterpartId: 2_000_000_000 })).code).toBe(
      Errors.FIN_SEAL_COUNTERPART.code,
    );
    expect((await apply({ sealIds: [2_000_000_000] })).code).toBe(Errors.FIN_SEAL_UNKNOWN.code);
    const inactive = await sealOf(entityIds[0]!, 'Test retired seal', false);
    expect((await apply({ sealIds: [inactive] })).code).toBe(Errors.FIN_SEAL_UNKNOWN.code);
    expect((await apply({ sealIds: [sealA, sealOther] })).code).toBe(Errors.FIN_SEAL_ENTITY.code);
    // someone else's upload, an unknown id, a file that is not a PDF or image
    expect((await apply({}, other)).code).toBe(Errors.FIN_SEAL_COUNTERPART.code);
    expect((await apply({ counterpartId: otherCustomerId }, other)).code).toBe(Errors.FIN_SEAL_FILE.code);
    expect((await apply({ files: ['00000000-0000-4000-8000-000000000000'] })).code).toBe(Errors.FIN_SEAL_FILE.code);
    const txt = await upload(sales, 'notes.txt', 'not a contract', 'text/plain');
    expect((await apply({ files: [txt] })).code).toBe(Errors.FIN_SEAL_FILE.code);
    expect(await count('fin_seal_applications')).toBe(before);
  });

  it('applies, is approved and archived with the day’s number; the detail answers by id and by request', async () => {
    const archivesBefore = await count('fin_contract_archives');
    const res = await post(sales, '/v2/fc/contract/apply', body());
    expect(res.code, res.msg).toBe(0);
    const { id, instanceId, code } = res.data;
    expect(code).toMatch(/^SA\d+$/);
    const pending = await get(sales, `/v2/fc/contract/apply/${id}`);
    expect(pending.code, pending.msg).toBe(0);
    expect(pending.data).toMatchObject({ state: 'pending', archiveNo: null, copies: 2, amount: 1_200_000 });
    expect(pending.data.seals.map((s: { id: number }) => s.id)).toEqual([sealA, sealB]);
    expect(pending.data.files[0]).toMatchObject({ id: file, name: 'contract.pdf' });
    // another salesperson neither reads it nor lists it; finance reads it
    expect((await get(other, `/v2/fc/contract/apply/${id}`)).code).toBe(Errors.NOT_FOUND.code);
    const otherList = await post(other, '/v2/fc/contract/seal-apply/page', { size: 200 });
    expect(otherList.data.records.some((r: { id: number }) => r.id === id)).toBe(false);
    expect((await get(fin, `/v2/fc/contract/apply/processInstance/${instanceId}`)).data.id).toBe(id);

    expect((await decide(instanceId)).code).toBe(0);
    const done = await get(sales, `/v2/fc/contract/apply/process/${instanceId}`);
    expect(done.data.state).toBe('approved');
    const day = t.clock.now().toISOString().slice(0, 10).replaceAll('-', '');
    expect(done.data.archiveNo).toMatch(new RegExp(`^HT-${day}-\\d{3}$`));
    expect(done.data.trail.map((s: { action: string }) => s.action)).toContain('agree');
    expect(await count('fin_contract_archives')).toBe(archivesBefore + 1);

    const mine = await post(sales, '/v2/fc/contract/archive/page', { size: 200, keyword: done.data.archiveNo });
    expect(mine.data.records).toHaveLength(1);
    expect(mine.data.records[0]).toMatchObject({ originalState: 'awaiting', title: 'SMS service agreement 2027' });
    const seen = await post(other, '/v2/fc/contract/archive/page', { size: 200, keyword: done.data.archiveNo });
    expect(seen.data.records).toHaveLength(0);
  });

  it('numbers the day’s archives one after another and a rejection archives nothing', async () => {
    const a = (await post(sales, '/v2/fc/contract/apply', body({ title: 'First of the day' }))).data;
    const b = (await post(sales, '/v2/fc/contract/apply', body({ title: 'Second of the day' }))).data;
    const c = (await post(sales, '/v2/fc/contract/apply', body({ title: 'Rejected one' }))).data;
    await decide(a.instanceId);
    await decide(b.instanceId);
    const before = await count('fin_contract_archives');
    expect((await decide(c.instanceId, 'reject')).code).toBe(0);
    expect(await count('fin_contract_archives')).toBe(before);
    const [ra, rb, rc] = await Promise.all(
      [a.id, b.id, c.id].map((id: number) =>
        t.p.db.select().from(finSealApplications).where(eq(finSealApplications.id, id)),
      ),
    );
    expect(rc![0]!.state).toBe('rejected');
    const n = (no: string | null) => Number(no!.slice(-3));
    expect(n(rb![0]!.archiveNo)).toBe(n(ra![0]!.archiveNo) + 1);
  });

  it('gives six approvals decided at once six different numbers of the day, one after another', async () => {
    const apps = [];
    for (let i = 0; i < 6; i++)
      apps.push((await post(sales, '/v2/fc/contract/apply', body({ title: `Race ${i}` }))).data);
    // the six agreements run at once (on PostgreSQL each in its own connection): the day's lock orders them
    const answers = await Promise.all(apps.map((a) => decide(a.instanceId)));
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => 0));
    const rows = await t.p.db
      .select({ archiveNo: finSealApplications.archiveNo })
      .from(finSealApplications)
      .where(
        sql`${finSealApplications.id} in (${sql.join(
          apps.map((a) => sql`${a.id}`),
          sql`, `,
        )})`,
      );
    const numbers = rows.map((r) => r.archiveNo!).sort();
    expect(new Set(numbers).size).toBe(6);
    const seqs = numbers.map((no) => Number(no.slice(-3)));
    expect(seqs.at(-1)! - seqs[0]!).toBe(5);
  });

  it('files the original: who and when, once, not before it was archived nor after today', async () => {
    const [row] = await t.p.db
      .select()
      .from(finContractArchives)
      .where(eq(finContractArchives.originalState, 'awaiting'))
      .orderBy(finContractArchives.id)
      .limit(1);
    const today = t.clock.now().toISOString().slice(0, 10);
    const run = (input: object) =>
      post(fin, '/v2/fc/contract/archive/fileOriginal', { id: row!.id, version: row!.version, ...input });
    const who = await idOf('sales01');
    expect((await run({ returnedBy: who, returnedOn: '2099-01-01' })).code).toBe(Errors.FIN_SEAL_RETURN_DAY.code);
    expect((await run({ returnedBy: 2_000_000_000, returnedOn: today })).code).toBe(Errors.FIN_SEAL_RETURNED_BY.code);
    const done = await run({ returnedBy: who, returnedOn: today });
    expect(done.code, done.msg).toBe(0);
    const [after] = await t.p.db.select().from(finContractArchives).where(eq(finContractArchives.id, row!.id));
    expect(after).toMatchObject({ originalState: 'filed' });
    expect(
      (
        await post(fin, '/v2/fc/contract/archive/fileOriginal', {
          id: row!.id,
          version: after!.version,
          returnedBy: who,
          returnedOn: today,
        })
      ).code,
    ).toBe(Errors.FIN_SEAL_ORIGINAL_FILED.code);
    // sales hold no archive edit key
    expect(
      (
        await post(sales, '/v2/fc/contract/archive/fileOriginal', {
          id: row!.id,
          version: after!.version,
          returnedBy: who,
          returnedOn: today,
        })
      ).code,
    ).toBe(Errors.NO_PERMISSION.code);
  });

  it('reminds the keeper of a seal and the applicant of an archived contract before they expire, once per day', async () => {
    const dayIn = (n: number) => new Date(t.clock.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const keeper = await idOf('ops01');
    const salesId = await idOf('sales01');
    const sealWith = async (name: string, validUntil: string, active = true) =>
      (
        await t.p.db
          .insert(finSeals)
          .values({ name, kind: 'contract', entityId: entityIds[1]!, keeperId: keeper, active, validUntil })
          .returning({ id: finSeals.id })
      )[0]!.id;
    const soon = await sealWith('Expiring seal', dayIn(10));
    const later = await sealWith('Later seal', dayIn(60));
    const retired = await sealWith('Retired expiring seal', dayIn(5), false);
    const past = await sealWith('Expired seal', dayIn(-1));
    const applied = await post(
      sales,
      '/v2/fc/contract/apply',
      body({ title: 'Ends soon', startDay: dayIn(-300), endDay: dayIn(15) }),
    );
    expect(applied.code, applied.msg).toBe(0);
    await decide(applied.data.instanceId);
    const [archive] = await t.p.db
      .select({ id: finContractArchives.id, no: finContractArchives.archiveNo })
      .from(finContractArchives)
      .where(eq(finContractArchives.applicationId, applied.data.id));
    const messages = async (userId: number, key: string) =>
      rowsOf<{ content: string; link: string }>(
        await t.p.db.execute(
          sql`select content, link from mc_messages where user_id = ${userId} and template_key = ${key} order by id`,
        ),
      );
    const told = async (kind: string) =>
      rowsOf<{ record_id: number }>(
        await t.p.db.execute(sql`select record_id from fin_seal_reminders where kind = ${kind}`),
      ).map((r) => r.record_id);

    await runSealReminders(t.p);
    const sealTold = await told('seal');
    expect(sealTold).toContain(soon);
    for (const id of [later, retired, past]) expect(sealTold).not.toContain(id);
    expect(await told('contract')).toContain(archive!.id);
    const keeperMsgs = await messages(keeper, 'financeSeal.sealExpiring');
    expect(keeperMsgs).toHaveLength(1);
    expect(keeperMsgs[0]!.content).toContain('Expiring seal');
    expect(keeperMsgs[0]!.content).not.toContain('Later seal');
    expect(keeperMsgs[0]!.link).toBe('/setModule/financial/seal-config');
    expect((await messages(salesId, 'financeSeal.contractExpiring')).some((m) => m.content.includes(archive!.no))).toBe(
      true,
    );

    // the next day's run tells nothing new; a renewed (changed) expiry day is told again
    const salesBefore = (await messages(salesId, 'financeSeal.contractExpiring')).length;
    expect(await runSealReminders(t.p)).toMatchObject({ seals: 0 });
    expect(await messages(keeper, 'financeSeal.sealExpiring')).toHaveLength(1);
    expect(await messages(salesId, 'financeSeal.contractExpiring')).toHaveLength(salesBefore);
    await t.p.db
      .update(finSeals)
      .set({ validUntil: dayIn(25) })
      .where(eq(finSeals.id, soon));
    expect((await runSealReminders(t.p)).seals).toBe(1);
    expect(await messages(keeper, 'financeSeal.sealExpiring')).toHaveLength(2);
  });

  it('refuses a seal of the same name twice under one entity and an unknown entity', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const save = (b: object) => post(admin, '/v2/fc/seal/save', b);
    const seal = {
      name: 'Dup seal',
      kind: 'finance',
      entityId: entityIds[0],
      keeperId: await idOf('finance01'),
      active: true,
    };
    expect((await save(seal)).code).toBe(0);
    expect((await save(seal)).code).toBe(Errors.DUPLICATE.code);
    expect((await save({ ...seal, entityId: entityIds[1] })).code).toBe(0);
    expect((await save({ ...seal, name: 'Nowhere seal', entityId: 2_000_000_000 })).code).toBe(
      Errors.FIN_ENTITY_UNKNOWN.code,
    );
    // sales hold no seal settings
    expect((await post(sales, '/v2/fc/seal/page', {})).code).toBe(Errors.NO_PERMISSION.code);
  });
});

/* ---------- conformance ---------- */

let seq = 0;
async function applicationOf(userId: number) {
  const [row] = await t.p.db
    .insert(finSealApplications)
    .values({
      code: `SA9${String(++seq).padStart(5, '0')}`,
      counterpartKind: 'customer',
      counterpartId: 1,
      counterpartName: 'C1 Conformance',
      title: `Conf contract ${seq}`,
      contractType: 'service',
      amount: 100,
      currency: 'USD',
      startDay: '2027-01-01',
      endDay: '2027-06-30',
      sealIds: [],
      sealNames: 'Contract seal',
      copies: 1,
      files: [],
      applicantId: userId,
    })
    .returning({ id: finSealApplications.id });
  return row!.id;
}
async function archiveOf(userId: number) {
  const applicationId = await applicationOf(userId);
  const [row] = await t.p.db
    .insert(finContractArchives)
    .values({
      archiveNo: `HT-20990101-${String(seq).padStart(3, '0')}`,
      archiveDay: '2099-01-01',
      seq,
      applicationId,
      applicationCode: `SA9${seq}`,
      counterpartKind: 'customer',
      counterpartId: 1,
      counterpartName: 'C1 Conformance',
      title: `Conf contract ${seq}`,
      contractType: 'service',
      amount: 100,
      currency: 'USD',
      startDay: '2027-01-01',
      endDay: '2027-06-30',
      sealIds: [],
      sealNames: 'Contract seal',
      copies: 1,
      files: [],
      applicantId: userId,
      archivedAt: new Date('2026-01-01T00:00:00Z'),
    })
    .returning({ id: finContractArchives.id });
  return row!.id;
}

describeResource(seals, {
  app: () => t,
  sample: (n) => ({ name: `Sample seal ${n}`, kind: 'contract', entityId: entityIds[0], keeperId: 1, active: true }),
  update: { name: 'Renamed seal' },
  filters: { keyword: 'sample seal', kind: 'contract', entityId: () => Promise.resolve(entityIds[0]), active: true },
  ownedRecord: async () => {
    const [s] = await t.p.db
      .insert(finSeals)
      .values({ name: `Owned seal ${++seq}`, kind: 'company', entityId: entityIds[0]!, keeperId: 1 })
      .returning({ id: finSeals.id });
    return s!.id;
  },
});

describeResource(sealApplications, {
  app: () => t,
  filters: {
    keyword: async () => {
      await applicationOf(await idOf('admin'));
      return 'conf contract';
    },
    state: 'pending',
    counterpartKind: 'customer',
    applicantId: () => idOf('admin'),
    createdAt: RANGE,
  },
  ownedRecord: (_t, userId) => applicationOf(userId),
});

describeResource(contractArchives, {
  app: () => t,
  update: { remark: 'kept in cabinet 3' },
  filters: {
    keyword: async () => {
      await archiveOf(await idOf('admin'));
      return 'conf contract';
    },
    counterpartKind: 'customer',
    contractType: 'service',
    originalState: 'awaiting',
    archivedAt: RANGE,
    endDay: ['2027-01-01', '2027-12-31'],
  },
  ownedRecord: (_t, userId) => archiveOf(userId),
  commands: { fileOriginal: { returnedBy: 1, returnedOn: '2026-01-02' } },
});
