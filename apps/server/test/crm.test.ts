import { Errors } from '@portal/contracts';
import { formHintOf } from '@portal/contracts/resource';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_DEALT } from '../src/modules/crm/index.js';
import { remindDueFollowUps } from '../src/modules/crm/reminders.js';
import { crmCustomers, crmOpportunityStages } from '../src/modules/crm/schema.js';
import { departments, staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, DEMO, signIn, type TestApp, type Tokens } from './harness.js';
import { keyedPost, startSignedIn } from './support/signed-in.js';

const DAY = 86_400_000;
// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

describe('CRM rules', () => {
  let t: TestApp;
  let sales: Tokens;
  let admin: Tokens;
  let salesId: number;
  let n = 0;

  beforeAll(async () => {
    [t, sales, admin] = await startSignedIn([DEMO.sales01, DEMO.admin]);
    salesId = (await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, 'sales01')))[0]!.id;
  }, 60_000);
  afterAll(async () => t?.close());

  const post = (tok: Tokens, url: string, payload: object): Promise<Answer> => keyedPost(t, tok, url, payload);
  const get = (tok: Tokens, url: string) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json() as Answer);
  const customer = (over: object = {}) => {
    n++;
    return {
      name: `Rules Test Holdings ${n}`,
      alias: `rules${n}`,
      type: 'C',
      country: 'DE',
      emailDomains: [`rules${n}.example`],
      ...over,
    };
  };
  const count = async () =>
    Number(rowsOf<{ n: string }>(await t.p.db.execute(sql`select count(*) as n from crm_customers`))[0]!.n);

  it('lists only the caller’s own customers for a sales role, every customer for the administrator', async () => {
    const mine = await post(sales, '/v2/crm/customer/page', { size: 50 });
    expect(mine.code).toBe(0);
    expect(mine.data.total).toBeGreaterThan(0);
    expect(mine.data.records.every((r: { ownerId: number }) => r.ownerId === salesId)).toBe(true);
    const all = await post(admin, '/v2/crm/customer/page', { size: 1 });
    expect(all.data.total).toBeGreaterThan(mine.data.total);
    const partners = await post(sales, '/v2/crm/customer/page', { size: 50, type: 'R' });
    expect(partners.data.records.every((r: { type: string }) => r.type === 'R')).toBe(true);
  });

  it('creates a customer owned by the caller with a generated code, in the caller’s department', async () => {
    const res = await post(sales, '/v2/crm/customer/save', customer());
    expect(res.code).toBe(0);
    const d = (await post(sales, '/v2/crm/customer/detail', { id: res.data.id })).data;
    expect(d.code).toMatch(/^CU\d{6}$/);
    expect(d.ownerId).toBe(salesId);
    expect(d.state).toBe('private');
    expect(d.dealt).toBe(false);
    const [dept] = await t.p.db.select().from(departments).where(eq(departments.code, 'sales-1'));
    expect(d.departmentId).toBe(dept!.id);
  });

  it('shows duplicates before saving: alias, similar name, company domain, phone; free-mail domains never count', async () => {
    const base = customer({ phone: '+4915112345678', emailDomains: ['dupe-check.example'] });
    const made = await post(sales, '/v2/crm/customer/save', base);
    expect(made.code).toBe(0);
    const check = (q: object) => post(sales, '/v2/crm/customer/duplicates', q);
    const byAlias = await check({ alias: base.alias.toUpperCase() });
    expect(byAlias.data.matches.map((m: { reason: string; id: number }) => [m.reason, m.id])).toEqual([
      ['alias', made.data.id],
    ]);
    const byName = await check({ name: `${base.name.replace('Holdings', 'Holding')}` });
    expect(
      byName.data.matches.some((m: { reason: string; id: number }) => m.reason === 'name' && m.id === made.data.id),
    ).toBe(true);
    expect((await check({ emailDomains: ['DUPE-CHECK.example'] })).data.matches[0].reason).toBe('domain');
    expect((await check({ phones: ['+4915112345678'] })).data.matches[0].id).toBe(made.data.id);
    expect((await check({ name: 'Completely Unrelated Widgets' })).data.matches).toEqual([]);
    // two companies using gmail.com are not the same company
    await t.p.db
      .update(crmCustomers)
      .set({ emailDomains: ['gmail.com'] })
      .where(eq(crmCustomers.id, made.data.id));
    expect((await check({ emailDomains: ['gmail.com'] })).data.matches).toEqual([]);
    expect((await check({ excludeId: made.data.id, alias: base.alias })).data.matches).toEqual([]);
    const bad = await check({ phones: ['12345'] });
    expect(bad.code).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('refuses a free-mail domain as a company domain, and a taken alias with a generated free one (10050016)', async () => {
    const free = await post(sales, '/v2/crm/customer/save', customer({ emailDomains: ['qq.com'] }));
    expect(free.code).toBe(Errors.CRM_FREE_MAIL_DOMAIN.code);
    const first = customer();
    const made = await post(sales, '/v2/crm/customer/save', first);
    expect(made.code).toBe(0);
    const before = await count();
    const again = await post(sales, '/v2/crm/customer/save', customer({ alias: first.alias.toUpperCase() }));
    expect(again.code).toBe(Errors.ALIAS_TAKEN.code);
    expect(again.data.alias).toBe(`${first.alias.toUpperCase()}-2`);
    // the resource form's hint (decision 0076): the free alias for the field, the customer holding it
    const code = (await post(sales, '/v2/crm/customer/detail', { id: made.data.id })).data.code;
    expect(formHintOf(again.data)).toEqual({
      suggest: { alias: again.data.alias },
      existing: { id: made.data.id, title: `${code} ${first.name}` },
    });
    expect(await count()).toBe(before);
    const retry = await post(sales, '/v2/crm/customer/save', customer({ alias: again.data.alias }));
    expect(retry.code).toBe(0);
  });

  it('blocks a customer matching a blacklisted one and says which; nothing is created', async () => {
    const black = customer({ emailDomains: ['fraudster.example'] });
    const made = await post(admin, '/v2/crm/customer/save', black);
    await t.p.db
      .update(crmCustomers)
      .set({ state: 'blacklist', ownerId: null, blacklistReason: 'fraud' })
      .where(eq(crmCustomers.id, made.data.id));
    const check = await post(sales, '/v2/crm/customer/duplicates', { emailDomains: ['fraudster.example'] });
    expect(check.data.blocked).toBe(true);
    const before = await count();
    const res = await post(sales, '/v2/crm/customer/save', customer({ emailDomains: ['fraudster.example'] }));
    expect(res.code).toBe(Errors.CRM_BLACKLISTED_MATCH.code);
    expect(res.msg).toContain(black.name);
    const sameName = await post(sales, '/v2/crm/customer/save', customer({ name: black.name.toUpperCase() }));
    expect(sameName.code).toBe(Errors.CRM_BLACKLISTED_MATCH.code);
    expect(await count()).toBe(before);
    // a merely similar name warns but does not block
    const similar = await post(sales, '/v2/crm/customer/duplicates', { name: `${black.name}x` });
    expect(similar.data.matches.some((m: { state: string }) => m.state === 'blacklist')).toBe(true);
    expect(similar.data.blocked).toBe(false);
  });

  it('checks dictionary values and that an agent is an R-end partner', async () => {
    const dict = await post(sales, '/v2/crm/customer/save', customer({ level: 'Z' }));
    expect(dict.code).toBe(Errors.CRM_DICT_VALUE_UNKNOWN.code);
    const direct = await post(sales, '/v2/crm/customer/save', customer());
    const agent = await post(sales, '/v2/crm/customer/save', customer({ agentId: direct.data.id }));
    expect(agent.code).toBe(Errors.CRM_AGENT_NOT_PARTNER.code);
    const partner = await post(sales, '/v2/crm/customer/save', customer({ type: 'R' }));
    const ok = await post(sales, '/v2/crm/customer/save', customer({ agentId: partner.data.id }));
    expect(ok.code).toBe(0);
    const agents = await post(sales, '/v2/crm/customer/page', { agentId: partner.data.id });
    expect(agents.data.records.map((r: { id: number }) => r.id)).toEqual([ok.data.id]);
  });

  it('adds contacts only to a private customer in scope, with the phone in E.164', async () => {
    const c = await post(sales, '/v2/crm/customer/save', customer());
    const made = await post(sales, '/v2/crm/contact/save', {
      customerId: c.data.id,
      name: 'Klara Vogel',
      phone: '+4915112340000',
      email: 'Klara@Rules.example',
      keyDecisionMaker: true,
    });
    expect(made.code).toBe(0);
    const d = (await post(sales, '/v2/crm/contact/detail', { id: made.data.id })).data;
    expect([d.phone, d.email, d.keyDecisionMaker]).toEqual(['+4915112340000', 'klara@rules.example', true]);
    const badPhone = await post(sales, '/v2/crm/contact/save', { customerId: c.data.id, name: 'X', phone: '+49123' });
    expect(badPhone.code).toBe(Errors.VALIDATION_FAILED.code);
    const badMail = await post(sales, '/v2/crm/contact/save', { customerId: c.data.id, name: 'X', email: 'nope' });
    expect(badMail.code).toBe(Errors.VALIDATION_FAILED.code);
    const theirs = await post(admin, '/v2/crm/customer/save', customer());
    const outside = await post(sales, '/v2/crm/contact/save', { customerId: theirs.data.id, name: 'Y' });
    expect(outside.code).toBe(Errors.NOT_FOUND.code);
    await t.p.db.update(crmCustomers).set({ state: 'open_sea' }).where(eq(crmCustomers.id, c.data.id));
    const pooled = await post(sales, '/v2/crm/contact/save', { customerId: c.data.id, name: 'Z' });
    expect(pooled.code).toBe(Errors.CRM_CUSTOMER_NOT_WRITABLE.code);
  });

  it('records follow-ups on the customer’s history, updating last and next contact; contacts must be its own', async () => {
    const c = await post(sales, '/v2/crm/customer/save', customer());
    const contact = await post(sales, '/v2/crm/contact/save', { customerId: c.data.id, name: 'Ana' });
    const nextAt = new Date(t.clock.now().getTime() + 2 * DAY).toISOString();
    const fu = await post(sales, '/v2/crm/customer/follow-up', {
      id: c.data.id,
      type: 'call',
      content: 'Discussed OTP volumes',
      nextAt,
      contacts: [contact.data.id],
    });
    expect(fu.code).toBe(0);
    const d = (await post(sales, '/v2/crm/customer/detail', { id: c.data.id })).data;
    expect(new Date(d.nextContactAt).toISOString()).toBe(nextAt);
    expect(d.lastContactAt).not.toBeNull();
    const tl = await get(sales, `/v2/crm/customer/timeline?id=${c.data.id}&kinds=follow_up`);
    expect(tl.data.records[0].body).toBe('Discussed OTP volumes');
    const other = await post(sales, '/v2/crm/customer/save', customer());
    const stranger = await post(sales, '/v2/crm/customer/follow-up', {
      id: other.data.id,
      type: 'call',
      content: 'x',
      contacts: [contact.data.id],
    });
    expect(stranger.code).toBe(Errors.HISTORY_CONTACT_UNKNOWN.code);
  });

  it('reminds the owner once when the next contact time comes (injected clock), again after a new follow-up', async () => {
    await remindDueFollowUps(t.p); // what the demo data has due already
    const c = await post(sales, '/v2/crm/customer/save', customer());
    const follow = (hours: number) =>
      post(sales, '/v2/crm/customer/follow-up', {
        id: c.data.id,
        type: 'mail',
        content: 'Sent the price list',
        nextAt: new Date(t.clock.now().getTime() + hours * 3_600_000).toISOString(),
      });
    await follow(3);
    const { code } = (await post(sales, '/v2/crm/customer/detail', { id: c.data.id })).data;
    const messages = async () =>
      Number(
        rowsOf<{ n: string }>(
          await t.p.db.execute(
            sql`select count(*) as n from mc_messages where user_id = ${salesId} and template_key = 'crm.followUpDue'
                and template_vars->>'code' = ${code}`,
          ),
        )[0]!.n,
      );
    expect(await remindDueFollowUps(t.p)).toBe(0);
    t.clock.advance(4 * 3_600_000);
    sales = await signIn(t.app, DEMO.sales01);
    expect(await remindDueFollowUps(t.p)).toBe(1);
    expect(await remindDueFollowUps(t.p)).toBe(0);
    expect(await messages()).toBe(1);
    await follow(1);
    t.clock.advance(2 * 3_600_000);
    expect(await remindDueFollowUps(t.p)).toBe(1);
    expect(await messages()).toBe(2);
  });

  it('takes opportunity stages and win rates from the owner’s department group; closed ones are final', async () => {
    sales = await signIn(t.app, DEMO.sales01);
    const c = await post(sales, '/v2/crm/customer/save', customer());
    const body = { customerId: c.data.id, name: 'OTP rollout', stage: 'lead', amount: 500_000, currency: 'USD' };
    const o = await post(sales, '/v2/crm/opportunity/save', body);
    expect(o.code).toBe(0);
    expect((await post(sales, '/v2/crm/opportunity/detail', { id: o.data.id })).data.winRate).toBe(10);
    const [team] = await t.p.db.select().from(departments).where(eq(departments.code, 'sales-1'));
    await t.p.db.insert(crmOpportunityStages).values([
      { departmentId: team!.id, code: 'pilot', name: '试点', nameEn: 'Pilot', winRate: 40, sort: 0 },
      { departmentId: team!.id, code: 'signed', name: '签约', nameEn: 'Signed', winRate: 95, sort: 1 },
    ]);
    const stages = await get(sales, '/v2/crm/opportunity/stages');
    expect(stages.data.map((s: { code: string }) => s.code)).toEqual(['pilot', 'signed']);
    expect((await post(sales, '/v2/crm/opportunity/save', body)).code).toBe(Errors.CRM_STAGE_UNKNOWN.code);
    const moved = await post(sales, '/v2/crm/opportunity/update', { id: o.data.id, version: 1, stage: 'signed' });
    expect(moved.code).toBe(0);
    expect((await post(sales, '/v2/crm/opportunity/detail', { id: o.data.id })).data.winRate).toBe(95);
    expect((await post(sales, '/v2/crm/opportunity/lose', { id: o.data.id })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await post(sales, '/v2/crm/opportunity/lose', { id: o.data.id, lostReason: 'nope' })).code).toBe(
      Errors.CRM_DICT_VALUE_UNKNOWN.code,
    );
    expect((await post(sales, '/v2/crm/opportunity/lose', { id: o.data.id, lostReason: 'price' })).code).toBe(0);
    const lost = (await post(sales, '/v2/crm/opportunity/detail', { id: o.data.id })).data;
    expect([lost.status, lost.lostReason, lost.winRate]).toEqual(['lost', 'price', 0]);
    expect((await post(sales, '/v2/crm/opportunity/win', { id: o.data.id })).code).toBe(
      Errors.CRM_OPPORTUNITY_CLOSED.code,
    );
    const edit = await post(sales, '/v2/crm/opportunity/update', { id: o.data.id, version: lost.version, name: 'x' });
    expect(edit.code).toBe(Errors.CRM_OPPORTUNITY_CLOSED.code);
  });

  it('marks a customer dealt from the deal event only (not typed), with a history entry', async () => {
    const c = await post(sales, '/v2/crm/customer/save', customer());
    const typed = await post(sales, '/v2/crm/customer/update', {
      id: c.data.id,
      version: 1,
      address: 'Kantstraße 1',
      dealt: true,
    });
    // the deal flag is read-only: an update naming it leaves it alone
    expect(typed.code).toBe(0);
    expect((await post(sales, '/v2/crm/customer/detail', { id: c.data.id })).data.dealt).toBe(false);
    await t.p.bus.publish(CUSTOMER_DEALT, c.data.id);
    await expect
      .poll(async () => (await post(sales, '/v2/crm/customer/detail', { id: c.data.id })).data.dealt)
      .toBe(true);
    const tl = await get(sales, `/v2/crm/customer/timeline?id=${c.data.id}&kinds=state`);
    expect(tl.data.records[0].changes).toEqual([{ field: 'dealt', from: false, to: true }]);
  });

  it('answers my customer figures in the statistics call and the home overview', async () => {
    sales = await signIn(t.app, DEMO.sales01);
    const stats = await post(sales, '/v2/crm/index/customer/statistics', {});
    expect(stats.code).toBe(0);
    const [own] = rowsOf<{ n: string }>(
      await t.p.db.execute(
        sql`select count(*) as n from crm_customers where owner_id = ${salesId} and state = 'private'`,
      ),
    );
    expect(stats.data.myCustomer).toBe(Number(own!.n));
    expect(stats.data.todayCustomer).toBeGreaterThanOrEqual(n > 0 ? 1 : 0);
    expect(stats.data.openSea).toBeGreaterThan(0);
    const home = (await get(sales, '/v2/sys/staff/home/summary')).data;
    expect(home.myCustomer).toBe(stats.data.myCustomer);
    expect(home.todayCustomer).toBe(stats.data.todayCustomer);
    const ops = await signIn(t.app, DEMO.ops01);
    expect((await get(ops, '/v2/sys/staff/home/summary')).data).not.toHaveProperty('myCustomer');
    expect((await post(ops, '/v2/crm/index/customer/statistics', {})).code).toBe(Errors.NO_PERMISSION.code);
  });
});
