import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmContacts } from '../src/modules/crm/schema.js';
import { runBills } from '../src/modules/finance/bills.js';
import { runOverdue } from '../src/modules/finance/overdue.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import type { Notification } from '../src/platform/notify.js';
import { definePorts, type MailPort, portOf } from '../src/platform/ports.js';
import { DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { financeDecisions } from './support/finance-fixture.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * The overdue ladder's warn-customer step (decision 0080): a mail to the customer's contacts from the
 * owner's mailbox, once; when it cannot go, the people told learn why. The mail room is replaced by a
 * double that records what it is asked to send (the mail room's own sending has its tests). Days are
 * pinned in 2021 and handed to the runs.
 */
let t: TestApp;
let sales: Tokens;
let fin: Tokens;
let salesId: number;
const notes: Notification[] = [];
const mails: { userId: number; mail: Parameters<MailPort['send']>[1] }[] = [];
let refuse: string | null = null;

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const { agree } = financeDecisions(() => ({ t, fin }));

/** A postpaid account of the customer with March 2021's consumption billed (due 04-15), unpaid. */
async function overdueAccount(customerId: number, amount: string) {
  const opened = await post(sales, '/v2/fc/account/apply', {
    customerId,
    products: ['sms'],
    currency: 'USD',
    billing: 'postpaid',
    billCycle: 'monthly',
    creditLine: '10000',
  });
  expect(opened.code, opened.msg).toBe(0);
  expect((await agree(opened.data.instanceId)).code).toBe(0);
  const accountId = opened.data.id as number;
  await portOf(t.p.db, 'ledger')!.postConsumption({
    accountId,
    day: '2021-03-05',
    amount,
    currency: 'USD',
    key: `warn:${accountId}`,
  });
  await runBills(t.p.db, '2021-04-02', t.clock.now());
  return { accountId, code: opened.data.code as string };
}

/** two of sales01's customers whose contacts have no mail address; the first gets one here */
async function customers() {
  const [withMail, bare] = rowsOf<{ id: number }>(
    await t.p.db.execute(sql`select c.id from crm_customers c
    where c.owner_id = ${salesId} and c.state <> 'blacklist'
      and not exists (select 1 from crm_contacts k where k.customer_id = c.id and coalesce(k.email, '') <> '')
    order by c.id limit 2`),
  ).map((r) => r.id);
  await t.p.db.insert(crmContacts).values({ customerId: withMail!, name: 'Ana Pay', email: 'ana.pay@example.com' });
  return { withMail: withMail!, bare: bare! };
}

beforeAll(async () => {
  t = await startTestApp();
  definePorts({
    mail: () => ({
      send: async (userId, mail) => {
        if (refuse) throw new Error(refuse);
        mails.push({ userId, mail });
        return { id: mails.length, messageId: `<m${mails.length}@test>` };
      },
    }),
  });
  t.p.notifier.register('warn-test', async (n) => void notes.push(n));
  [sales, fin] = await Promise.all([signIn(t.app, DEMO.sales01), signIn(t.app, DEMO.finance01)]);
  salesId = (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'sales01')))[0]!
    .id;
}, 60_000);
afterAll(async () => t?.close());

describe('the warn-customer step', () => {
  it('mails the customer’s contacts from the owner’s mailbox once; without an address, tells why', async () => {
    const { withMail, bare } = await customers();
    const warned = await overdueAccount(withMail, '100');
    const silent = await overdueAccount(bare, '40');
    // 04-22: 7 days past 04-15, the seeded ladder's steps 1 (notify) and 2 (warn the customer)
    await runOverdue(t.p, '2021-04-22');
    const ours = mails.filter((m) => m.mail.subject.includes(warned.code));
    expect(ours).toHaveLength(1);
    expect(ours[0]!.userId).toBe(salesId);
    expect(ours[0]!.mail.to).toEqual([{ email: 'ana.pay@example.com', name: 'Ana Pay' }]);
    expect(ours[0]!.mail.html).toContain('100.00 USD');
    expect(ours[0]!.mail.html).toContain('7');
    // no contact with an address: nothing sent, the owner told why
    expect(mails.some((m) => m.mail.subject.includes(silent.code))).toBe(false);
    const failed = notes.filter((n) => n.template?.key === 'finance.warnFailed');
    expect(failed.map((n) => n.template?.vars.account)).toEqual([silent.code]);
    expect(failed[0]!.userIds).toContain(salesId);
    expect(JSON.stringify(failed[0]!.template?.vars.reason)).toContain('no contact');
    // each step once: a rerun sends nothing more
    const before = [mails.length, notes.length];
    await runOverdue(t.p, '2021-04-23');
    expect([mails.length, notes.filter((n) => n.template?.key === 'finance.warnFailed').length]).toEqual([
      before[0],
      1,
    ]);
  });

  it('tells the owner when the mailbox refuses the mail', async () => {
    const { withMail } = await customers();
    refuse = 'No mailbox is bound to this account';
    try {
      const acc = await overdueAccount(withMail, '25');
      await runOverdue(t.p, '2021-04-22');
      const failed = notes.filter(
        (n) => n.template?.key === 'finance.warnFailed' && n.template.vars.account === acc.code,
      );
      expect(failed).toHaveLength(1);
      expect(failed[0]!.template?.vars.reason).toBe('No mailbox is bound to this account');
      expect(failed[0]!.userIds).toContain(salesId);
    } finally {
      refuse = null;
    }
  });
});
