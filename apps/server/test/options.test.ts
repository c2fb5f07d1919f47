import { Errors } from '@portal/contracts';
import { OPTIONS_MAX, OPTIONS_PATH, type RecordOption } from '@portal/contracts/options';
import { ChannelPerm } from '@portal/contracts/srm/channels';
import { TrafficPerm } from '@portal/contracts/traffic';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmCustomers } from '../src/modules/crm/schema.js';
import { finAccounts } from '../src/modules/finance/schema.js';
import { srmChannels } from '../src/modules/srm/channels/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { loadUserAccess } from '../src/platform/access/service.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { testAccount } from './support/finance-fixture.js';
import { testSupplier } from './support/supplier-fixture.js';

/** The record pickers (decision 0132): one route, each kind answered by its room within the caller's data scope. */
describe('record options: customers, agents, suppliers, accounts, staff and channels to pick', () => {
  let t: TestApp;
  let admin: Tokens;
  let sales: Tokens;
  let other: Tokens;
  let purchase: Tokens;
  const mine = { customer: 0, account: 0, agent: 0 };
  const theirs = { customer: 0, account: 0, supplier: 0 };
  let mySupplier = 0;

  const idOf = async (username: string) =>
    (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;
  const ask = async (who: Tokens, kind: string, query: Record<string, string> = {}) => {
    const qs = new URLSearchParams(query).toString();
    return t.app.inject({ url: `${OPTIONS_PATH}/${kind}${qs ? `?${qs}` : ''}`, headers: bearer(who) });
  };
  const options = async (who: Tokens, kind: string, query: Record<string, string> = {}) => {
    const r = await ask(who, kind, query);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as RecordOption[];
  };

  beforeAll(async () => {
    t = await startTestApp();
    [admin, sales, other, purchase] = await Promise.all([
      signIn(t.app, DEMO.admin),
      signIn(t.app, DEMO.sales01),
      signIn(t.app, { username: 'sales02', password: 'Sales#2026' }),
      signIn(t.app, { username: 'purchase01', password: 'Purchase#2026' }),
    ]);
    const [s1, s2, p1, p2] = await Promise.all(['sales01', 'sales02', 'purchase01', 'purchasemgr'].map(idOf));
    const tag = { customer: 'OPTC', name: 'Optima Pick', alias: 'optpick', account: 'OPTA' };
    mine.account = await testAccount(t.p.db, s1!, tag);
    theirs.account = await testAccount(t.p.db, s2!, tag);
    const customerOf = async (account: number) =>
      (await t.p.db.select({ c: finAccounts.customerId }).from(finAccounts).where(eq(finAccounts.id, account)))[0]!.c;
    mine.customer = await customerOf(mine.account);
    theirs.customer = await customerOf(theirs.account);
    const [agent] = await t.p.db
      .insert(crmCustomers)
      .values({
        code: 'OPTR1',
        name: 'Optima Partner Reseller',
        alias: 'optreseller',
        type: 'R',
        country: 'SG',
        ownerId: s1,
      })
      .returning({ id: crmCustomers.id });
    mine.agent = agent!.id;
    mySupplier = (await testSupplier(t.p.db, { prefix: 'OPTS', ownerId: p1 })).id;
    theirs.supplier = (await testSupplier(t.p.db, { prefix: 'OPTS', ownerId: p2 })).id;
  });
  afterAll(async () => t?.close());

  it('a salesperson finds their own customers by name or code, never another owner’s', async () => {
    const byName = await options(sales, 'customer', { keyword: 'optima pick' });
    expect(byName.map((o) => o.id)).toContain(mine.customer);
    expect(byName.map((o) => o.id)).not.toContain(theirs.customer);
    const code = byName.find((o) => o.id === mine.customer)!.code;
    expect((await options(sales, 'customer', { keyword: code })).map((o) => o.id)).toEqual([mine.customer]);
    // the other salesperson sees theirs and not sales01's; the administrator (scope all) sees both
    const seen = (await options(other, 'customer', { keyword: 'optima pick' })).map((o) => o.id);
    expect(seen).toContain(theirs.customer);
    expect(seen).not.toContain(mine.customer);
    const all = (await options(admin, 'customer', { keyword: 'optima pick' })).map((o) => o.id);
    expect(all).toEqual(expect.arrayContaining([mine.customer, theirs.customer]));
  });

  it('a look-up by ids names only the records in scope, in the order asked', async () => {
    const got = await options(sales, 'customer', { ids: `${theirs.customer},${mine.agent},${mine.customer}` });
    expect(got.map((o) => o.id)).toEqual([mine.agent, mine.customer]);
    expect(got[0]).toMatchObject({ code: 'OPTR1', name: 'Optima Partner Reseller' });
    expect(await options(other, 'customer', { ids: String(mine.customer) })).toEqual([]);
  });

  it('agents are R-end customers only', async () => {
    const agents = (await options(sales, 'agent', { keyword: 'optima' })).map((o) => o.id);
    expect(agents).toEqual([mine.agent]);
    expect(await options(sales, 'agent', { ids: String(mine.customer) })).toEqual([]);
  });

  it('accounts are found by their code or their customer’s name, named by the customer, in the finance scope', async () => {
    const byCustomer = await options(sales, 'account', { keyword: 'optima pick' });
    expect(byCustomer.map((o) => o.id)).toEqual([mine.account]);
    expect(byCustomer[0]!.name).toMatch(/^Optima Pick \d+$/);
    expect((await options(sales, 'account', { keyword: byCustomer[0]!.code })).map((o) => o.id)).toEqual([
      mine.account,
    ]);
    // finance holds the accounts' "all" key: every account whatever its role's data scope
    const fin = await signIn(t.app, DEMO.finance01);
    const seen = (await options(fin, 'account', { keyword: 'optima pick' })).map((o) => o.id);
    expect(seen).toEqual(expect.arrayContaining([mine.account, theirs.account]));
  });

  it('a buyer picks their own suppliers only', async () => {
    const seen = (await options(purchase, 'supplier', { keyword: 'carrier opts' })).map((o) => o.id);
    expect(seen).toContain(mySupplier);
    expect(seen).not.toContain(theirs.supplier);
    expect(await options(purchase, 'supplier', { ids: String(theirs.supplier) })).toEqual([]);
    // a salesperson owns no supplier; finance keeps the books of every one (the accounts' "all" key)
    expect(await options(sales, 'supplier', { ids: `${mySupplier},${theirs.supplier}` })).toEqual([]);
    const fin = await signIn(t.app, DEMO.finance01);
    const all = (await options(fin, 'supplier', { ids: `${mySupplier},${theirs.supplier}` })).map((o) => o.id);
    expect(all).toEqual([mySupplier, theirs.supplier]);
  });

  it('staff are named in the reader’s language, within the data scope (a departed one too)', async () => {
    const [s1, s2] = await Promise.all(['sales01', 'sales02'].map(idOf));
    const [me] = await t.p.db.select().from(staffUsers).where(eq(staffUsers.id, s1!));
    const en = await options(sales, 'staff', { ids: `${s2},${s1}` });
    expect(en).toEqual([{ id: s1, code: me!.jobNumber, name: me!.nameEn || me!.name }]);
    const zh = await t.app.inject({
      url: `${OPTIONS_PATH}/staff?ids=${s1}`,
      headers: { ...bearer(sales), 'x-lang': 'zh-CN' },
    });
    expect(zh.json().data).toEqual([{ id: s1, code: me!.jobNumber, name: me!.name }]);
    expect((await options(admin, 'staff', { ids: `${s1},${s2}` })).map((o) => o.id)).toEqual([s1, s2]);
    await t.p.db.update(staffUsers).set({ status: 'disabled' }).where(eq(staffUsers.id, s2!));
    try {
      expect((await options(admin, 'staff', { ids: String(s2) })).map((o) => o.id)).toEqual([s2]);
      const byNumber = await options(admin, 'staff', {
        keyword: (await options(admin, 'staff', { ids: String(s2) }))[0]!.code,
      });
      expect(byNumber.map((o) => o.id)).not.toContain(s2);
    } finally {
      await t.p.db.update(staffUsers).set({ status: 'active' }).where(eq(staffUsers.id, s2!));
    }
  });

  it('channels: every one for who reads channels or traffic by channel, none for anyone else', async () => {
    const [channel] = await t.p.db
      .select({ id: srmChannels.id, code: srmChannels.code, name: srmChannels.name })
      .from(srmChannels)
      .orderBy(srmChannels.id)
      .limit(1);
    expect(channel).toBeDefined();
    const found = await options(admin, 'channel', { keyword: channel!.name });
    expect(found.map((o) => o.id)).toContain(channel!.id);
    expect(await options(admin, 'channel', { ids: String(channel!.id) })).toEqual([
      { id: channel!.id, code: channel!.code, name: channel!.name },
    ]);
    // the demo users holding none of the reader keys get nothing, whoever owns what
    const readers = [
      ChannelPerm.CHANNELS,
      TrafficPerm.SMS_RECORDS,
      TrafficPerm.SIP_RECORDS,
      TrafficPerm.API_QUEUES,
      TrafficPerm.AUTO_RECALL,
    ];
    let blind = 0;
    for (const [who, tokens] of [
      ['sales01', sales],
      ['sales02', other],
      ['purchase01', purchase],
    ] as const) {
      const perms = (await loadUserAccess(t.p.db, await idOf(who)))!.perms;
      const seen = await options(tokens, 'channel', { ids: String(channel!.id) });
      if (readers.some((k) => perms.has(k))) expect(seen, who).toHaveLength(1);
      else {
        expect(seen, who).toEqual([]);
        expect(await options(tokens, 'channel'), who).toEqual([]);
        blind++;
      }
    }
    expect(blind).toBeGreaterThan(0);
  });

  it('a search answers at most the cap', async () => {
    expect((await options(admin, 'customer')).length).toBeLessThanOrEqual(OPTIONS_MAX);
    expect((await options(admin, 'customer')).length).toBeGreaterThan(0);
  });

  it('an unknown kind and bad input answer clear codes', async () => {
    const unknown = await ask(admin, 'planet');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(Errors.OPTIONS_KIND_UNKNOWN.code);
    const both = await ask(admin, 'customer', { keyword: 'x', ids: '1' });
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe(Errors.OPTIONS_KEYWORD_WITH_IDS.code);
    for (const ids of ['a,b', '1,,2', '-1', '0', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      const bad = await ask(admin, 'customer', { ids });
      expect(bad.statusCode, ids).toBe(400);
      expect(bad.json().code, ids).toBe(Errors.VALIDATION_FAILED.code);
    }
    const anon = await t.app.inject({ url: `${OPTIONS_PATH}/customer` });
    expect(anon.statusCode).toBe(401);
  });
});
