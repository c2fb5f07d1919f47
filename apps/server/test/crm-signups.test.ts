import { Errors } from '@portal/contracts';
import { signUpResource } from '@portal/contracts/crm';
import { commandPath, resourcePath } from '@portal/contracts/resource';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmPromotionSignUps } from '../src/modules/crm/promotion/schema.js';
import { signUps } from '../src/modules/crm/promotion/signups.js';
import { crmContacts, crmCustomers } from '../src/modules/crm/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { bearer, DEMO, type TestApp, type Tokens } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { keyedPost, startSignedIn } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
const SALES02 = { username: 'sales02', password: 'Sales#2026' } as const;
const CONVERT = commandPath(signUpResource, 'convert');
const RANGE = ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

let t: TestApp;
let sales: Tokens;
let other: Tokens;
let salesId = 0;
let seq = 0;

beforeAll(async () => {
  [t, sales, other] = await startSignedIn([DEMO.sales01, SALES02], { env: { LOGIN_RATE_PER_IP: '1000' } });
  // the conformance suite compares whole lists: start without the seeded sign-ups
  await t.p.db.execute(sql`truncate crm_promotion_signups`);
  const [me] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'sales01'));
  salesId = me!.id;
}, 60_000);
afterAll(() => t?.close());

/** A sign-up left on `userId`'s link, written as the landing page writes it. */
async function signUpOf(userId: number, extra: Partial<typeof crmPromotionSignUps.$inferInsert> = {}) {
  const n = ++seq;
  const [row] = await t.p.db
    .insert(crmPromotionSignUps)
    .values({
      userId,
      company: `Signup Trading ${n}`,
      name: `Visitor ${n}`,
      email: `visitor${n}@signup${n}.example`,
      phone: '+6561234567',
      message: 'OTP SMS',
      createdAt: new Date(),
      ...extra,
    })
    .returning({ id: crmPromotionSignUps.id });
  return row!.id;
}

const get = (who: Tokens, url: string) => t.app.inject({ url, headers: bearer(who) }).then((r) => r.json() as Answer);
const post = (who: Tokens, url: string, body: object) => keyedPost<Answer>(t, who, url, body);
const signUpRow = async (id: number) =>
  (await t.p.db.select().from(crmPromotionSignUps).where(eq(crmPromotionSignUps.id, id)))[0]!;
const customerCount = async () => (await t.p.db.select({ n: sql<number>`count(*)::int` }).from(crmCustomers))[0]!.n;

describeResource(signUps, {
  app: () => t,
  filters: {
    keyword: 'SIGNUP TRADING',
    state: async () => {
      await signUpOf(salesId, { state: 'converted' });
      return 'converted';
    },
    userId: async () => salesId,
    createdAt: RANGE,
  },
  ownedRecord: (_t, userId) => signUpOf(userId),
  commands: { convert: { name: 'Refused Co', alias: 'refusedco', type: 'C', country: 'SG' } },
});

describe('converting a promotion sign-up into a customer', () => {
  it('creates the customer through its own create, adds the person as contact and links the sign-up; history on both', async () => {
    const id = await signUpOf(salesId, { company: 'Lagos Pay Ltd', name: 'Ada Obi', email: 'Ada@lagospay.ng' });
    const done = await post(sales, CONVERT, {
      id,
      name: 'Lagos Pay Ltd',
      alias: 'lagospay',
      type: 'C',
      country: 'NG',
      source: 'website',
    });
    expect(done.code).toBe(0);
    const s = await signUpRow(id);
    expect(s).toMatchObject({ state: 'converted', convertedBy: salesId, version: 2 });
    const [c] = await t.p.db.select().from(crmCustomers).where(eq(crmCustomers.id, s.customerId!));
    expect(c).toMatchObject({
      name: 'Lagos Pay Ltd',
      alias: 'lagospay',
      ownerId: salesId,
      state: 'private',
      emailDomains: ['lagospay.ng'],
    });
    expect(c!.code).toMatch(/^CU\d+$/);
    const people = await t.p.db.select().from(crmContacts).where(eq(crmContacts.customerId, c!.id));
    expect(people).toEqual([
      expect.objectContaining({ name: 'Ada Obi', email: 'ada@lagospay.ng', phone: '+6561234567', ownerId: salesId }),
    ]);

    const row = await post(sales, resourcePath(signUpResource, 'detail'), { id });
    expect(row.data).toMatchObject({ state: 'converted', customerId: c!.id, customerCode: c!.code });
    const mine = await get(sales, `${signUpResource.api}/timeline?id=${id}`);
    expect(mine.data.records[0]).toMatchObject({
      kind: 'command',
      data: { command: 'convert' },
      changes: expect.arrayContaining([{ field: 'state', from: 'new', to: 'converted' }]),
    });
    const theirs = await get(sales, `/v2/crm/customer/timeline?id=${c!.id}`);
    expect(theirs.data.records.map((r: { kind: string }) => r.kind)).toEqual(['command', 'created']);
    expect(theirs.data.records[0].data).toMatchObject({ command: 'fromSignUp', input: { signUpId: id } });
  });

  it('refuses a second conversion with 10050170 and changes nothing', async () => {
    const id = await signUpOf(salesId);
    const first = await post(sales, CONVERT, { id, name: 'Once Co', alias: `once${id}`, type: 'C', country: 'SG' });
    expect(first.code).toBe(0);
    const before = await customerCount();
    const again = await post(sales, CONVERT, { id, name: 'Twice Co', alias: `twice${id}`, type: 'C', country: 'SG' });
    expect(again.code).toBe(Errors.CRM_SIGNUP_CONVERTED.code);
    expect(again.msg).toContain('CU');
    expect(await customerCount()).toBe(before);
  });

  it('keeps the customer create’s checks: a blacklisted match, a taken alias, bad input leave the sign-up new', async () => {
    const [black] = await t.p.db
      .insert(crmCustomers)
      .values({
        code: 'CBLK001',
        name: 'Blocked Freight Ltd',
        alias: 'blockedfreight',
        type: 'C',
        country: 'SG',
        state: 'blacklist',
        emailDomains: ['blockedfreight.example'],
      })
      .returning();
    const id = await signUpOf(salesId, { company: 'Blocked Freight Ltd', email: 'a@blockedfreight.example' });
    const blocked = await post(sales, CONVERT, {
      id,
      name: 'Blocked Freight Ltd',
      alias: 'bf2',
      type: 'C',
      country: 'SG',
    });
    expect(blocked.code).toBe(Errors.CRM_BLACKLISTED_MATCH.code);
    expect(blocked.msg).toContain(black!.code);
    const taken = await post(sales, CONVERT, {
      id,
      name: 'Other Name',
      alias: 'blockedfreight',
      type: 'C',
      country: 'SG',
    });
    // the domain still points at the blacklisted customer; a fresh sign-up shows the alias check alone
    expect(taken.code).toBe(Errors.CRM_BLACKLISTED_MATCH.code);
    // (a blacklisted customer's alias is a blacklisted match: the taken alias is a private customer's)
    await t.p.db
      .insert(crmCustomers)
      .values({ code: 'CTKN001', name: 'Taken Alias Holdings', alias: 'takenalias', type: 'C', country: 'SG' });
    const before = await customerCount();
    const id2 = await signUpOf(salesId);
    const alias = await post(sales, CONVERT, {
      id: id2,
      name: 'Unique Name Co',
      alias: 'takenalias',
      type: 'C',
      country: 'SG',
    });
    expect(alias.code).toBe(Errors.ALIAS_TAKEN.code);
    expect(alias.data).toMatchObject({ alias: 'takenalias-2' });
    const bad = await post(sales, CONVERT, { id: id2, name: 'X', type: 'C', country: 'SG' });
    expect(bad.code).toBe(Errors.VALIDATION_FAILED.code);
    expect(await customerCount()).toBe(before);
    expect((await signUpRow(id)).state).toBe('new');
    expect((await signUpRow(id2)).state).toBe('new');
  });

  it('takes no company domain from a free-mail address', async () => {
    const id = await signUpOf(salesId, { email: 'someone@gmail.com', phone: 'call me' });
    const done = await post(sales, CONVERT, {
      id,
      name: 'Gmail User Co',
      alias: `gmailuser${id}`,
      type: 'C',
      country: 'SG',
    });
    expect(done.code).toBe(0);
    const s = await signUpRow(id);
    const [c] = await t.p.db.select().from(crmCustomers).where(eq(crmCustomers.id, s.customerId!));
    expect(c!.emailDomains).toEqual([]);
    // a phone that does not read as a number is left out of the contact, the contact still made
    const people = await t.p.db.select().from(crmContacts).where(eq(crmContacts.customerId, c!.id));
    expect(people).toEqual([expect.objectContaining({ email: 'someone@gmail.com', phone: null })]);
  });

  it('converts a sign-up once when two conversions race (the sign-up is locked for the write)', async () => {
    const id = await signUpOf(salesId);
    const before = await customerCount();
    const answers = await Promise.all(
      ['a', 'b'].map((x) =>
        post(sales, CONVERT, { id, name: `Race ${x} Co`, alias: `race${x}${id}`, type: 'C', country: 'SG' }),
      ),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([0, Errors.CRM_SIGNUP_CONVERTED.code]);
    expect(await customerCount()).toBe(before + 1);
  });

  it('lets no other sales see or convert someone’s sign-up', async () => {
    const id = await signUpOf(salesId);
    const seen = await post(other, resourcePath(signUpResource, 'detail'), { id });
    expect(seen.code).toBe(Errors.NOT_FOUND.code);
    const tried = await post(other, CONVERT, { id, name: 'Stolen Co', alias: `stolen${id}`, type: 'C', country: 'SG' });
    expect(tried.code).toBe(Errors.NOT_FOUND.code);
    expect((await signUpRow(id)).state).toBe('new');
  });
});
