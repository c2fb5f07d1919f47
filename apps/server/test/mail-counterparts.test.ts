import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmCustomers } from '../src/modules/crm/schema.js';
import { srmContacts, srmSuppliers } from '../src/modules/srm/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { bearer, DEMO, poll, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const E = '/v2/emailbox';

/** Mail linked to suppliers (srm's counterpart resolver) and a sent mail as the customer owner's touch. */
describe('mail with suppliers and customers: links, dealings, touches', () => {
  let t: TestApp;
  let sales: Tokens;
  let me = 0;
  beforeAll(async () => {
    t = await startTestApp();
    sales = await signIn(t.app, DEMO.sales01);
    [{ id: me }] = (await t.p.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.username, 'sales01'))) as [{ id: number }];
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object) =>
    t.app
      .inject({ method: 'POST', url: `${E}/${url}`, headers: bearer(sales), payload })
      .then((r) => ({ status: r.statusCode, ...r.json() }));

  it('links mail to a supplier by its contact address or its domain; dealings/supplier/query answers it', async () => {
    const [s] = await t.p.db
      .insert(srmSuppliers)
      .values({
        code: 'SPT900001',
        name: 'Northwind Carrier Ltd',
        alias: 'northwind-mailtest',
        type: 'operator',
        country: 'GB',
        domains: ['northwind-carrier.example'],
        ownerId: me,
      })
      .returning({ id: srmSuppliers.id });
    await t.p.db.insert(srmContacts).values({ supplierId: s!.id, name: 'Ops desk', email: 'noc@gmail.com' });

    expect(
      (
        await post('email/send', {
          receiverEmailList: [{ email: 'rates@northwind-carrier.example' }],
          subject: 'route A-Z',
        })
      ).code,
    ).toBe(0);
    expect(
      (await post('email/send', { receiverEmailList: [{ email: 'NOC@gmail.com' }], subject: 'route status' })).code,
    ).toBe(0);
    expect(
      (await post('email/send', { receiverEmailList: [{ email: 'x@gmail.com' }], subject: 'not theirs' })).code,
    ).toBe(0);

    const sent = (await post('send/query', { keyword: 'route' })).data.records;
    expect(sent).toHaveLength(2);
    for (const m of sent) expect(m).toMatchObject({ counterpartKind: 'supplier', counterpartId: s!.id });
    expect((await post('send/query', { keyword: 'not theirs' })).data.records[0].counterpartId).toBeNull();

    const groups = (await post('dealings/supplier/query', { page: 1, size: 10 })).data;
    expect(groups.records).toEqual([
      expect.objectContaining({ counterpartId: s!.id, counterpartName: 'Northwind Carrier Ltd', sent: 2, received: 0 }),
    ]);
    const mails = (await post('dealings/query', { counterpartKind: 'supplier', counterpartId: s!.id })).data;
    expect(mails.total).toBe(2);
  });

  it("counts the owner's mail to their customer as a touch (last contact moves); another's customer stays", async () => {
    const mine = await t.p.db
      .select({ id: crmCustomers.id, domains: crmCustomers.emailDomains })
      .from(crmCustomers)
      .where(and(eq(crmCustomers.ownerId, me), sql`cardinality(${crmCustomers.emailDomains}) > 0`))
      .limit(1);
    const theirs = await t.p.db
      .select({ id: crmCustomers.id, domains: crmCustomers.emailDomains })
      .from(crmCustomers)
      .where(
        and(
          ne(crmCustomers.ownerId, me),
          isNotNull(crmCustomers.ownerId),
          sql`cardinality(${crmCustomers.emailDomains}) > 0`,
        ),
      )
      .limit(1);
    const old = new Date('2026-01-01T00:00:00Z');
    for (const c of [mine[0]!, theirs[0]!])
      await t.p.db.update(crmCustomers).set({ lastContactAt: old }).where(eq(crmCustomers.id, c.id));
    const lastOf = async (id: number) =>
      (await t.p.db.select({ at: crmCustomers.lastContactAt }).from(crmCustomers).where(eq(crmCustomers.id, id)))[0]!
        .at;

    // the touch is dated by the app clock
    const from = t.clock.now().getTime();
    await post('email/send', { receiverEmailList: [{ email: `buyer@${theirs[0]!.domains[0]}` }], subject: 'for them' });
    await post('email/send', { receiverEmailList: [{ email: `buyer@${mine[0]!.domains[0]}` }], subject: 'for mine' });
    const [mail] = (await post('send/query', { keyword: 'for mine' })).data.records;
    expect(mail).toMatchObject({ counterpartKind: 'customer', counterpartId: mine[0]!.id });
    const moved = await poll(
      () => lastOf(mine[0]!.id),
      (at) => (at?.getTime() ?? 0) > old.getTime(),
      5_000,
    );
    expect(moved!.getTime()).toBeGreaterThanOrEqual(from);
    expect(moved!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    expect((await lastOf(theirs[0]!.id))?.getTime()).toBe(old.getTime());
    // the customer's mails tab reads dealings/query for that customer
    const tab = (await post('dealings/query', { counterpartKind: 'customer', counterpartId: mine[0]!.id })).data;
    expect(tab.records.map((m: { subject: string }) => m.subject)).toContain('for mine');
  });
});
