import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmContacts, crmCustomers } from '../src/modules/crm/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { bearer, DEMO, poll, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

/**
 * Marketing copies through the `imap` connector (Dovecot + Postfix, scripts/ensure-mail-servers.mjs):
 * Postfix's own delivery reports come back to the sending mailbox — success for a real mailbox,
 * a bounce for an unknown one — and mark the copies delivered and bounced (decision 0082).
 * carol@mail.test sends: no other test reads or empties her mailbox.
 */
const E = '/v2/emailbox';
const IMAP_PORT = Number(process.env.MAIL_TEST_IMAP_PORT ?? 10143);
const off = process.env.MAIL_SERVERS === 'off';
const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

describe.skipIf(off)('marketing mail on real servers: delivery reports', () => {
  let t: TestApp;
  let sales: Tokens;
  let carol = 0;
  beforeAll(async () => {
    if (!(await reachable(IMAP_PORT)) || !(await reachable(25)))
      throw new Error('Dovecot/Postfix are not running: node scripts/ensure-mail-servers.mjs (or MAIL_SERVERS=off)');
    t = await startTestApp({ jobs: true });
    sales = await signIn(t.app, DEMO.sales01);
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object) =>
    t.app
      .inject({ method: 'POST', url: `${E}/${url}`, headers: bearer(sales), payload })
      .then((r) => ({ status: r.statusCode, ...r.json() }));

  it('marks a copy delivered by a success report and another bounced by a failure report', async () => {
    const bound = await post('email/account/staff/save', {
      email: 'carol@mail.test',
      connector: 'imap',
      imapHost: '127.0.0.1',
      imapPort: IMAP_PORT,
      imapTls: false,
      smtpHost: '127.0.0.1',
      smtpPort: 25,
      smtpTls: false,
      username: 'carol@mail.test',
      password: 'secret',
    });
    expect(bound.code).toBe(0);
    carol = bound.data.id;
    const [me] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'sales01'));
    const [customer] = await t.p.db
      .select({ id: crmCustomers.id })
      .from(crmCustomers)
      .where(eq(crmCustomers.ownerId, me!.id))
      .limit(1);
    const run = Date.now().toString(36);
    const ghost = `ghost-${run}@mail.test`;
    await t.p.db.insert(crmContacts).values([
      { customerId: customer!.id, name: 'Bob', email: 'bob@mail.test', ownerId: me!.id },
      { customerId: customer!.id, name: 'Ghost', email: ghost, ownerId: me!.id },
    ]);
    const saved = await post('marketing/save', {
      accountId: carol,
      subject: `Offer ${run}`,
      content: '<p>Our <a href="https://offers.example/x">offer</a>.</p>',
      recipients: [
        { customerId: customer!.id, email: 'bob@mail.test', name: 'Bob' },
        { customerId: customer!.id, email: ghost, name: 'Ghost' },
      ],
    });
    expect(saved.code).toBe(0);
    expect((await post('marketing/send', { id: saved.data.id })).data.status).toBe('sending');
    // the mail.marketing job sends the copies
    const sent = await poll(
      async () => (await post('marketing/detail', { id: saved.data.id })).data,
      (d) => d.status === 'sent',
      30_000,
    );
    expect(sent.stats).toMatchObject({ recipients: 2, sent: 2 });

    // Postfix reports back to carol's INBOX; the sync reads the reports
    const done = await poll(
      async () => {
        await post('receive/sync', { accountId: carol });
        return (await post('marketing/detail', { id: saved.data.id })).data;
      },
      (d) => d.stats.delivered >= 1 && d.stats.bounced >= 1,
      60_000,
    );
    const byEmail = new Map(done.copies.map((c: { email: string }) => [c.email, c]));
    expect(byEmail.get('bob@mail.test')).toMatchObject({ bouncedAt: null });
    expect((byEmail.get('bob@mail.test') as { deliveredAt: string | null }).deliveredAt).not.toBeNull();
    expect((byEmail.get(ghost) as { bouncedAt: string | null }).bouncedAt).not.toBeNull();
  });
});
