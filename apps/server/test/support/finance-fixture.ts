import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { crmCustomers } from '../../src/modules/crm/schema.js';
import { finAccounts, finApplications, finLedgerEntries } from '../../src/modules/finance/schema.js';
import { resources, roleResources, roles, staffUsers } from '../../src/platform/access/schema.js';
import { DEMO, signIn, startTestApp, type TestApp, type Tokens } from '../harness.js';
import { keyedPost } from './signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * A finance application test's set-up: the sales role is given `key` too when named (the seed gives it to
 * finance only), so the data scope, not the permission, is what keeps sales02 off sales01's records; sales01,
 * sales02 and finance01 signed in; one of sales01's customers that is not blacklisted.
 */
export async function startFinanceApp(key?: string) {
  const t: TestApp = await startTestApp();
  if (key) {
    const [salesRole] = await t.p.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'sales'));
    const keys = await t.p.db.select({ id: resources.id }).from(resources).where(eq(resources.international, key));
    expect(keys).toHaveLength(1);
    await t.p.db.insert(roleResources).values({ roleId: salesRole!.id, resourceId: keys[0]!.id }).onConflictDoNothing();
  }
  const [sales, other, fin] = await Promise.all([
    signIn(t.app, DEMO.sales01),
    signIn(t.app, { username: 'sales02', password: 'Sales#2026' }),
    signIn(t.app, DEMO.finance01),
  ]);
  const [owner] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'sales01'));
  const [customer] = await t.p.db
    .select({ id: crmCustomers.id })
    .from(crmCustomers)
    .where(and(eq(crmCustomers.ownerId, owner!.id), ne(crmCustomers.state, 'blacklist'), isNotNull(crmCustomers.id)))
    .limit(1);
  return { t, sales, other, fin, customerId: customer!.id } satisfies {
    t: TestApp;
    sales: Tokens;
    other: Tokens;
    fin: Tokens;
    customerId: number;
  };
}

/**
 * The approval steps a finance test takes as finance01 on the world `world()` answers once it is up:
 * the to-do's task of a request, agreeing to it or rejecting it, and `approved(res)` — the apply call
 * answered and its request agreed to — answering the record's id.
 */
export function financeDecisions(world: () => { t: TestApp; fin: Tokens }) {
  const post = (url: string, payload: object) => keyedPost<Answer>(world().t, world().fin, url, payload);
  async function task(instanceId: number) {
    const page = await post('/v2/workflow/my/toDoPage', { page: 1, size: 200 });
    const found = page.data.records.find((r: { id: number }) => r.id === instanceId);
    expect(found, 'finance01 has the to-do').toBeTruthy();
    return found.taskId as number;
  }
  const agree = async (instanceId: number) =>
    post('/v2/workflow/agree', { taskId: await task(instanceId), opinion: 'ok' });
  const reject = async (instanceId: number) =>
    post('/v2/workflow/reject', { taskId: await task(instanceId), target: 'end', opinion: 'no' });
  async function approved(res: Answer) {
    expect(res.code, res.msg).toBe(0);
    const a = await agree(res.data.instanceId);
    expect(a.code, a.msg).toBe(0);
    return res.data.id as number;
  }
  return { task, agree, reject, approved };
}

/** A finance test's reads of the tables on the world `app()` answers once it is up. */
export function financeRecords(app: () => TestApp) {
  const db = () => app().p.db;
  return {
    account: async (id: number) => (await db().select().from(finAccounts).where(eq(finAccounts.id, id)))[0]!,
    application: async (id: number) =>
      (await db().select().from(finApplications).where(eq(finApplications.id, id)))[0]!,
    /** ledger entries and applications: what a refused call must leave as it was */
    count: async () =>
      (await db().select({ n: sql<number>`count(*)::int` }).from(finLedgerEntries))[0]!.n +
      (await db().select({ n: sql<number>`count(*)::int` }).from(finApplications))[0]!.n,
  };
}

/**
 * `sales` applies to open an account (prepaid USD SMS unless `body` says otherwise) and finance01 (`fin`)
 * agrees to the request: the account is active. Answers its id.
 */
export async function openApprovedAccount(t: TestApp, sales: Tokens, fin: Tokens, body: Record<string, unknown>) {
  const opened = await keyedPost<Answer>(t, sales, '/v2/fc/account/apply', {
    products: ['sms'],
    currency: 'USD',
    billing: 'prepaid',
    ...body,
  });
  return financeDecisions(() => ({ t, fin })).approved(opened);
}

let accountSeq = 0;
/**
 * A customer owned by `ownerId` (test data written to the crm table) with an active prepaid USD account;
 * `tag` names one file's customers and accounts apart from another's (codes `<customer><n>`,
 * `<account><n, 5 digits>`). Answers the account's id.
 */
export async function testAccount(
  db: TestApp['p']['db'],
  ownerId: number,
  tag: { customer: string; name: string; alias: string; account: string },
) {
  const n = ++accountSeq;
  const [c] = await db
    .insert(crmCustomers)
    .values({
      code: `${tag.customer}${n}`,
      name: `${tag.name} ${n}`,
      alias: `${tag.alias}${n}`,
      type: 'C',
      country: 'SG',
      ownerId,
    })
    .returning({ id: crmCustomers.id });
  const [a] = await db
    .insert(finAccounts)
    .values({
      code: `${tag.account}${String(n).padStart(5, '0')}`,
      customerId: c!.id,
      currency: 'USD',
      billing: 'prepaid',
      applicantId: ownerId,
      state: 'active',
    })
    .returning({ id: finAccounts.id });
  return a!.id;
}
