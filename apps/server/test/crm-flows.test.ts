import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmApplications, crmContacts, crmCustomers, crmOpportunities } from '../src/modules/crm/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { type Answer, approvalWorld, taskOf, type Wf } from './approval-support.js';
import { bearer, onPostgres, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

describe('CRM flows: transfer, share, alias changes, blacklist, applications through approval', () => {
  let t: TestApp;
  let w: Wf;
  let sales02: Tokens;
  let sales02Id: number;

  beforeAll(async () => {
    t = await startTestApp();
    w = await approvalWorld(t);
    sales02 = await signIn(t.app, { username: 'sales02', password: 'Sales#2026' });
    sales02Id = (await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, 'sales02')))[0]!.id;
  }, 60_000);
  afterAll(async () => t?.close());

  const key = async (tok: Tokens) =>
    (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok) })).json().data
      .key as string;
  const post = async (tok: Tokens, url: string, payload: object): Promise<Answer> =>
    (
      await t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(tok), [IDEMPOTENCE_HEADER]: await key(tok) },
        payload,
      })
    ).json();
  const customer = async (id: number) => (await t.p.db.select().from(crmCustomers).where(eq(crmCustomers.id, id)))[0]!;
  /** sales01's n-th private customer without a pending application and not class A */
  const freeCustomer = async (n = 0) => {
    const rows = await t.p.db
      .select({ id: crmCustomers.id })
      .from(crmCustomers)
      .where(
        and(
          eq(crmCustomers.ownerId, w.ids.sales01),
          eq(crmCustomers.state, 'private'),
          sql`coalesce(${crmCustomers.level}, '') <> 'A'`,
          sql`not exists (select 1 from crm_applications a where a.customer_id = ${crmCustomers.id} and a.state = 'pending')`,
          sql`not exists (select 1 from record_members m where m.record_id = ${crmCustomers.id})`,
        ),
      )
      .orderBy(asc(crmCustomers.code))
      .offset(20 + n)
      .limit(1);
    return rows[0]!.id;
  };
  const decide = async (instanceId: number, how: 'agree' | 'reject') => {
    const taskId = await taskOf(w, 'salesmgr', instanceId);
    const res =
      how === 'agree'
        ? await w.op('salesmgr', 'agree', { taskId, opinion: 'ok' })
        : await w.op('salesmgr', 'reject', { taskId, target: 'end', opinion: 'no' });
    expect(res.code, JSON.stringify(res)).toBe(0);
  };
  const application = async (id: number) =>
    (await t.p.db.select().from(crmApplications).where(eq(crmApplications.id, id)))[0]!;

  it('seeds the five processes and a pending alias change; that customer answers 10050027 to every action', async () => {
    const procs = rowsOf<{ n: number }>(
      await t.p.db.execute(sql`select count(*)::int as n from wf_processes where service_name like 'crm.%'`),
    );
    expect(procs[0]!.n).toBe(5);
    const [pending] = await t.p.db
      .select()
      .from(crmApplications)
      .where(and(eq(crmApplications.kind, 'alias'), eq(crmApplications.state, 'pending')));
    expect(pending).toBeDefined();
    const c = await customer(pending!.customerId);
    const update = await post(w.tok.sales01, '/v2/crm/customer/update', {
      id: c.id,
      version: c.version,
      address: 'Elsewhere 1',
    });
    expect(update.code).toBe(Errors.ALIAS_CHANGE_PENDING.code);
    expect(update.msg).toContain(c.code);
    expect(update.data).toMatchObject({ code: c.code, taskId: pending!.instanceId, record: pending!.code });
    const transfer = await post(w.tok.sales01, '/v2/crm/customer/transfer', { ids: [c.id], userId: sales02Id });
    expect(transfer.code).toBe(Errors.ALIAS_CHANGE_PENDING.code);
    const classA = await post(w.tok.sales01, '/v2/crm/application/class-a', { customerId: c.id, reason: 'big' });
    expect(classA.code).toBe(Errors.ALIAS_CHANGE_PENDING.code);
    expect((await customer(c.id)).ownerId).toBe(w.ids.sales01);
    // the alias records list finds the request the dialog names
    const list = await post(w.tok.sales01, '/v2/crm/application/page', { kind: 'alias', taskId: pending!.instanceId });
    expect(list.data.records.map((r: { code: string }) => r.code)).toEqual([pending!.code]);
  });

  it('transfers a customer with its contacts (not its opportunities); the old owner stays a read member', async () => {
    const id = await freeCustomer(0);
    await t.p.db.insert(crmOpportunities).values({
      customerId: id,
      name: 'Flows OTP',
      stage: 'initial',
      amount: 100,
      currency: 'USD',
      ownerId: w.ids.sales01,
    });
    const res = await post(w.tok.sales01, '/v2/crm/customer/transfer', {
      ids: [id],
      userId: sales02Id,
      related: ['contacts'],
      keepAs: 'read',
      reason: 'territory change',
    });
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect((await customer(id)).ownerId).toBe(sales02Id);
    const contacts = await t.p.db.select().from(crmContacts).where(eq(crmContacts.customerId, id));
    expect(contacts.length).toBeGreaterThan(0);
    expect(contacts.every((c) => c.ownerId === sales02Id)).toBe(true);
    const opps = await t.p.db.select().from(crmOpportunities).where(eq(crmOpportunities.customerId, id));
    expect(opps.every((o) => o.ownerId === w.ids.sales01)).toBe(true);
    const log = await post(w.tok.sales01, '/v2/crm/customer/owner-log/page', { recordId: id });
    expect(log.data.records[0]).toMatchObject({ kind: 'transfer', related: ['contacts'], keepAs: 'read' });
    // the timeline names both owners (not "#6"), in the reader's language
    await t.p.db.update(staffUsers).set({ nameEn: 'Wei Wang' }).where(eq(staffUsers.id, w.ids.sales01));
    const people = await t.p.db
      .select({ id: staffUsers.id, name: staffUsers.name, nameEn: staffUsers.nameEn })
      .from(staffUsers)
      .where(sql`${staffUsers.id} in (${w.ids.sales01}, ${sales02Id})`);
    const nameOf = (uid: number, lang: 'zh' | 'en') => {
      const u = people.find((x) => x.id === uid)!;
      return lang === 'en' ? u.nameEn || u.name : u.name;
    };
    expect(nameOf(w.ids.sales01, 'en')).toBe('Wei Wang');
    for (const lang of ['zh', 'en'] as const) {
      const tl = await t.app.inject({
        url: `/v2/crm/customer/timeline?id=${id}&kinds=state`,
        headers: { ...bearer(sales02), 'x-lang': lang === 'zh' ? 'zh-CN' : 'en' },
      });
      const moved = tl.json().data.records[0];
      expect(moved.data.ownership).toBe('transfer');
      expect(moved.names.ownerId).toEqual({
        [String(w.ids.sales01)]: nameOf(w.ids.sales01, lang),
        [String(sales02Id)]: nameOf(sales02Id, lang),
      });
    }
    // sales01 still reads it, may not change it; sees it in the share list
    const c = await customer(id);
    const read = await post(w.tok.sales01, '/v2/crm/customer/detail', { id });
    expect(read.code).toBe(0);
    const write = await post(w.tok.sales01, '/v2/crm/customer/update', { id, version: c.version, address: 'x' });
    expect(write.code).toBe(Errors.OWNERSHIP_READ_ONLY.code);
    const shares = await post(w.tok.sales01, '/v2/crm/customer/share/page', { size: 50 });
    expect(shares.data.records.some((r: { customerId: number; userId: number }) => r.customerId === id)).toBe(true);
    // a sales cannot transfer a customer outside their scope
    const again = await post(w.tok.sales01, '/v2/crm/customer/transfer', { ids: [id], userId: w.ids.sales01 });
    expect(again.code).toBe(Errors.NOT_FOUND.code);
  });

  it('shares a customer with a colleague as a write member (the team); unshare takes it back', async () => {
    const id = await freeCustomer(6);
    const share = (members: { userId: number; access: 'read' | 'write' }[]) =>
      post(w.tok.sales01, '/v2/crm/customer/share', { id, members });
    const listed = async () =>
      (
        (await post(sales02, '/v2/crm/customer/page', { size: 10, keyword: (await customer(id)).code })).data
          .records as { id: number }[]
      ).map((r) => r.id);
    expect(await listed()).not.toContain(id);
    // only its owner's side shares it: sales02 cannot share themselves in
    const self = await post(sales02, '/v2/crm/customer/share', {
      id,
      members: [{ userId: sales02Id, access: 'write' }],
    });
    expect(self.code).toBe(Errors.NOT_FOUND.code);
    expect((await share([{ userId: sales02Id, access: 'write' }])).code).toBe(0);
    expect(await listed()).toContain(id);
    const team = (
      await t.app.inject({ url: `/v2/crm/customer/members?id=${id}`, headers: bearer(w.tok.sales01) })
    ).json() as Answer;
    expect(team.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: sales02Id, access: 'write' })]),
    );
    const c = await customer(id);
    const upd = await post(sales02, '/v2/crm/customer/update', { id, version: c.version, address: '9 Shared Street' });
    expect(upd.code).toBe(0);
    expect((await customer(id)).address).toBe('9 Shared Street');
    // still sales01's customer; sales02 may not pass it on
    expect((await customer(id)).ownerId).toBe(w.ids.sales01);
    const passOn = await post(sales02, '/v2/crm/customer/transfer', { ids: [id], userId: sales02Id });
    expect(passOn.code).not.toBe(0);
    expect((await post(w.tok.sales01, '/v2/crm/customer/unshare', { id, userId: sales02Id })).code).toBe(0);
    expect((await post(sales02, '/v2/crm/customer/detail', { id })).code).toBe(Errors.NOT_FOUND.code);
  });

  it('changes an alias through approval; a taken alias answers 10050016 with a free one to confirm', async () => {
    const id = await freeCustomer(1);
    const other = (await t.p.db.select().from(crmCustomers).where(eq(crmCustomers.ownerId, sales02Id)).limit(1))[0]!;
    const taken = await post(w.tok.sales01, '/v2/crm/application/alias', {
      customerId: id,
      alias: other.alias,
      reason: 'rebrand',
    });
    expect(taken.code).toBe(Errors.ALIAS_TAKEN.code);
    const suggested = taken.data.alias as string;
    expect(suggested.toLowerCase()).not.toBe(other.alias.toLowerCase());
    expect(await t.p.db.select().from(crmApplications).where(eq(crmApplications.customerId, id))).toEqual([]);
    const made = await post(w.tok.sales01, '/v2/crm/application/alias', {
      customerId: id,
      alias: suggested,
      reason: 'rebrand',
    });
    expect(made.code, JSON.stringify(made)).toBe(0);
    expect(made.data.code).toMatch(/^AL\d{6}$/);
    // while pending the alias is held: another customer asking for it is told it is taken
    const second = await post(w.tok.sales01, '/v2/crm/application/alias', {
      customerId: await freeCustomer(2),
      alias: suggested,
      reason: 'x',
    });
    expect(second.code).toBe(Errors.ALIAS_TAKEN.code);
    await decide(made.data.instanceId, 'agree');
    expect((await customer(id)).alias).toBe(suggested);
    expect((await application(made.data.id)).state).toBe('approved');
    const mine = await post(w.tok.sales01, '/v2/crm/application/page', { initiatorId: w.ids.sales01, size: 200 });
    expect(mine.data.records.every((r: { initiatorId: number }) => r.initiatorId === w.ids.sales01)).toBe(true);
    expect(mine.data.records.some((r: { id: number }) => r.id === made.data.id)).toBe(true);
  });

  it('class A approved sets level A; a rejected source change changes nothing', async () => {
    const id = await freeCustomer(3);
    const a = await post(w.tok.sales01, '/v2/crm/application/class-a', { customerId: id, reason: 'volume' });
    expect(a.code, JSON.stringify(a)).toBe(0);
    const dup = await post(w.tok.sales01, '/v2/crm/application/class-a', { customerId: id, reason: 'volume' });
    expect(dup.code).toBe(Errors.CRM_APPLICATION_PENDING.code);
    await decide(a.data.instanceId, 'agree');
    expect((await customer(id)).level).toBe('A');
    const before = (await customer(id)).source;
    const s = await post(w.tok.sales01, '/v2/crm/application/source', {
      customerId: id,
      source: before === 'partner' ? 'website' : 'partner',
      reason: 'came via partner',
    });
    expect(s.code, JSON.stringify(s)).toBe(0);
    await decide(s.data.instanceId, 'reject');
    expect((await customer(id)).source).toBe(before);
    expect((await application(s.data.id)).state).toBe('rejected');
    const bad = await post(w.tok.sales01, '/v2/crm/application/source', {
      customerId: id,
      source: 'nope',
      reason: 'x',
    });
    expect(bad.code).toBe(Errors.CRM_DICT_VALUE_UNKNOWN.code);
    const team = await post(w.tok.sales01, '/v2/crm/application/team-name', {
      customerId: id,
      name: 'Renamed Messaging Ltd',
      reason: 'new legal name',
    });
    expect(team.code).toBe(0);
    await decide(team.data.instanceId, 'agree');
    expect((await customer(id)).name).toBe('Renamed Messaging Ltd');
  });

  it('blacklists through approval: no owner, listed, not claimable, not created again; removal sends it to the sea', async () => {
    const id = await freeCustomer(4);
    const c = await customer(id);
    const b = await post(w.tok.sales01, '/v2/crm/application/blacklist', { customerId: id, reason: 'fraud' });
    expect(b.code).toBe(0);
    await decide(b.data.instanceId, 'agree');
    const after = await customer(id);
    expect(after).toMatchObject({ state: 'blacklist', ownerId: null, blacklistReason: 'fraud' });
    const list = await post(w.tok.admin, '/v2/crm/blacklist/page', { size: 200, keyword: c.code });
    expect(list.data.records.map((r: { id: number }) => r.id)).toContain(id);
    const claim = await post(w.tok.sales01, '/v2/crm/customer/claim', { ids: [id] });
    expect(claim.code).toBe(Errors.OWNERSHIP_NOT_CLAIMABLE.code);
    const again = await post(w.tok.sales01, '/v2/crm/customer/save', {
      name: 'Another Co',
      alias: c.alias,
      type: 'C',
      country: 'DE',
    });
    expect(again.code).toBe(Errors.CRM_BLACKLISTED_MATCH.code);
    // nor given a new account: the finance room refuses it even to a caller who sees every customer
    const account = await post(w.tok.admin, '/v2/fc/account/apply', {
      customerId: id,
      products: ['sms'],
      currency: 'USD',
      billing: 'prepaid',
    });
    expect(account.code).toBe(Errors.FIN_CUSTOMER_UNKNOWN.code);
    const removed = await post(w.tok.admin, '/v2/crm/blacklist/remove', { ids: [id], reason: 'settled' });
    expect(removed.code).toBe(0);
    expect((await customer(id)).state).toBe('open_sea');
    const twice = await post(w.tok.admin, '/v2/crm/blacklist/remove', { ids: [id], reason: 'settled' });
    expect(twice.code).toBe(Errors.CRM_NOT_BLACKLISTED.code);
  });

  it('refuses applications outside the caller’s scope or permission, and bad input; nothing is written', async () => {
    const id = await freeCustomer(5);
    const count = async () => (await t.p.db.select().from(crmApplications)).length;
    const n = await count();
    const foreign = await post(sales02, '/v2/crm/application/class-a', { customerId: id, reason: 'mine now' });
    expect(foreign.code).toBe(Errors.NOT_FOUND.code);
    const finance = await post(w.tok.finance01, '/v2/crm/application/class-a', { customerId: id, reason: 'x' });
    expect(finance.code).toBe(Errors.NO_PERMISSION.code);
    const empty = await post(w.tok.sales01, '/v2/crm/application/alias', {
      customerId: id,
      alias: 'no spaces',
      reason: '',
    });
    expect(empty.code).toBe(Errors.VALIDATION_FAILED.code);
    const same = await post(w.tok.sales01, '/v2/crm/application/alias', {
      customerId: id,
      alias: (await customer(id)).alias,
      reason: 'x',
    });
    expect(same.code).toBe(Errors.CRM_VALUE_UNCHANGED.code);
    const noRemove = await post(sales02, '/v2/crm/blacklist/page', { size: 5 });
    expect(noRemove.code).toBe(0);
    expect(await count()).toBe(n);
  });

  it.runIf(onPostgres)(
    'under concurrency: parallel applications of one kind leave one pending; a transfer racing an alias change leaves one winner',
    async () => {
      const id = await freeCustomer(6);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          post(w.tok.sales01, '/v2/crm/application/class-a', { customerId: id, reason: 'race' }),
        ),
      );
      expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
      expect(answers.filter((a) => a.code !== 0).every((a) => a.code === Errors.CRM_APPLICATION_PENDING.code)).toBe(
        true,
      );
      const rows = await t.p.db
        .select()
        .from(crmApplications)
        .where(and(eq(crmApplications.customerId, id), eq(crmApplications.kind, 'classA')));
      expect(rows).toHaveLength(1);

      const other = await freeCustomer(7);
      const [alias, transfer] = await Promise.all([
        post(w.tok.sales01, '/v2/crm/application/alias', { customerId: other, alias: `race${other}`, reason: 'race' }),
        post(w.tok.sales01, '/v2/crm/customer/transfer', { ids: [other], userId: sales02Id, related: ['contacts'] }),
      ]);
      const owner = (await customer(other)).ownerId;
      if (alias.code === 0) {
        // the alias change came first: the transfer was refused and nothing moved
        expect(transfer.code).toBe(Errors.ALIAS_CHANGE_PENDING.code);
        expect(owner).toBe(w.ids.sales01);
      } else {
        // the transfer came first: the customer is no longer sales01's to apply for
        expect(transfer.code).toBe(0);
        expect(alias.code).toBe(Errors.NOT_FOUND.code);
        expect(owner).toBe(sales02Id);
      }
    },
  );
});
