import net from 'node:net';
import { Errors } from '@portal/contracts';
import { AUTO_MAIL_PATH, AUTO_MAIL_RUN_PATH, AUTO_MAIL_TRIES, accountResource } from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finAccounts, finBills, finStatements } from '../src/modules/finance/schema.js';
import { mailPort } from '../src/modules/mail/port.js';
import { rowsOf } from '../src/platform/db/index.js';
import { definePorts } from '../src/platform/ports.js';
import { bearer, DEMO, poll, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * Bills and statements mailed automatically (decision 0142), against the real Postfix / Dovecot of
 * scripts/ensure-mail-servers.mjs: finance flags an account (only with a billing e-mail) and names the
 * sender mailbox (one the mail room knows); the run mails each flagged account's unmailed bill and
 * statement once — also two runs at once — through the manual button's path, as the system; a failure
 * is kept with its reason, listed by the "mail failed" filter and tried again next run, at most
 * AUTO_MAIL_TRIES times. MAIL_SERVERS=off skips this file.
 */
const IMAP_PORT = Number(process.env.MAIL_TEST_IMAP_PORT ?? 10143);
const off = process.env.MAIL_SERVERS === 'off';
const BOX = 'carol@mail.test';
const CONTACT = `${accountResource.api}/billingContact`;

const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

/** subjects in carol's inbox received since `from` (other files share the server) */
async function inbox(from: Date): Promise<string[]> {
  const c = new ImapFlow({
    host: '127.0.0.1',
    port: IMAP_PORT,
    secure: false,
    auth: { user: BOX, pass: 'secret' },
    logger: false,
  });
  await c.connect();
  try {
    const lock = await c.getMailboxLock('INBOX');
    try {
      if (!c.mailbox || c.mailbox.exists === 0) return [];
      const all = await c.fetchAll('1:*', { envelope: true, internalDate: true });
      return all
        .filter((m) => m.internalDate && new Date(m.internalDate).getTime() >= from.getTime())
        .map((m) => m.envelope?.subject ?? '');
    } finally {
      lock.release();
    }
  } finally {
    await c.logout();
  }
}

describe.skipIf(off)('bills mailed automatically', () => {
  let t: TestApp;
  let fin: Tokens;
  let sales: Tokens;
  let mailboxId = 0;
  const started = new Date(Date.now() - 2000);
  const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
  const get = async (tok: Tokens, url: string) => (await t.app.inject({ url, headers: bearer(tok) })).json() as Answer;
  const billOf = async (id: number) => (await t.p.db.select().from(finBills).where(eq(finBills.id, id)))[0]!;
  const accountOf = async (id: number) => (await t.p.db.select().from(finAccounts).where(eq(finAccounts.id, id)))[0]!;
  const count = async (q: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await t.p.db.execute(q))[0]!;
  const mailEvents = (entity: string, id: number) =>
    count(
      sql`select count(*)::int as n from record_events where entity = ${entity} and record_id = ${id} and kind = 'mail'`,
    );

  beforeAll(async () => {
    if (!(await reachable(IMAP_PORT)) || !(await reachable(25)))
      throw new Error('Dovecot/Postfix are not running: node scripts/ensure-mail-servers.mjs (or MAIL_SERVERS=off)');
    t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
    [fin, sales] = await Promise.all([signIn(t.app, DEMO.finance01), signIn(t.app, DEMO.sales01)]);
    // finance01 binds carol's mailbox next to the seeded local one: the bills' sender
    const bound = (
      await t.app.inject({
        method: 'POST',
        url: '/v2/emailbox/email/account/staff/save',
        headers: bearer(fin),
        payload: {
          email: BOX,
          displayName: 'Finance',
          connector: 'imap',
          imapHost: '127.0.0.1',
          imapPort: IMAP_PORT,
          imapTls: false,
          smtpHost: '127.0.0.1',
          smtpPort: 25,
          smtpTls: false,
          username: BOX,
          password: 'secret',
        },
      })
    ).json() as Answer;
    expect(bound.code, JSON.stringify(bound)).toBe(0);
    mailboxId = bound.data.id;
    await t.app.inject({
      method: 'POST',
      url: '/v2/emailbox/email/account/updateEmailSseStatus',
      headers: bearer(fin),
      payload: { accountId: mailboxId, sseStatus: 0 },
    });
  }, 240_000);
  afterAll(() => t?.close());

  it('refuses the flag without a billing e-mail and a sender mailbox that does not exist; changes nothing', async () => {
    const [bill] = await t.p.db.select().from(finBills).where(sql`${finBills.state} <> 'draft'`).limit(1);
    const before = await accountOf(bill!.accountId);
    const no = await post(fin, CONTACT, { id: before.id, billingEmail: null, billingLocale: 'en', autoMail: true });
    expect(no.code).toBe(Errors.FIN_AUTOMAIL_NO_CONTACT.code);
    expect(no.msg).toContain(before.code);
    expect(await accountOf(before.id)).toEqual(before);
    // sales may not flag
    expect(
      (await post(sales, CONTACT, { id: before.id, billingEmail: BOX, billingLocale: 'en', autoMail: true })).code,
    ).toBe(Errors.NO_PERMISSION.code);

    // the sender: a mailbox the mail room knows; a bad body or sales refused
    expect((await get(fin, AUTO_MAIL_PATH)).data).toMatchObject({ mailboxId: null, email: null });
    const unknown = await post(fin, AUTO_MAIL_PATH, { mailboxId: 99_000_001 });
    expect(unknown.code).toBe(Errors.FIN_AUTOMAIL_MAILBOX_UNKNOWN.code);
    expect((await post(fin, AUTO_MAIL_PATH, { mailboxId: 'x' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await post(sales, AUTO_MAIL_PATH, { mailboxId })).code).toBe(Errors.NO_PERMISSION.code);
    expect((await get(fin, AUTO_MAIL_PATH)).data.mailboxId).toBeNull();

    // no sender: the run says why and sends nothing
    const run = await post(fin, AUTO_MAIL_RUN_PATH);
    expect(run.code).toBe(Errors.FIN_AUTOMAIL_NO_SENDER.code);
    expect(await billOf(bill!.id)).toMatchObject({ mailedAt: null, mailTries: 0 });
  });

  it('mails each flagged bill and statement once, also under two runs at once, as the system', async () => {
    const [bill] = await t.p.db
      .select()
      .from(finBills)
      .where(sql`${finBills.state} <> 'draft' and ${finBills.mailedAt} is null`)
      .limit(1);
    const [st] = await t.p.db.select().from(finStatements).where(sql`${finStatements.mailedAt} is null`).limit(1);
    expect(bill && st, 'the demo has an issued bill and a statement').toBeTruthy();
    for (const id of [bill!.accountId, st!.accountId]) {
      const set = await post(fin, CONTACT, { id, billingEmail: BOX, billingLocale: 'en', autoMail: true });
      expect(set.code, JSON.stringify(set)).toBe(0);
    }
    expect((await post(fin, `${accountResource.api}/detail`, { id: bill!.accountId })).data).toMatchObject({
      autoMail: true,
      billingEmail: BOX,
    });
    const account = await get(fin, `${accountResource.api}/timeline?id=${bill!.accountId}`);
    expect(JSON.stringify(account.data.records[0].changes)).toContain('autoMail');
    // clearing the e-mail of a flagged account is refused unless the flag goes too
    expect((await post(fin, CONTACT, { id: bill!.accountId, billingEmail: null, billingLocale: 'en' })).code).toBe(
      Errors.FIN_AUTOMAIL_NO_CONTACT.code,
    );

    const named = await post(fin, AUTO_MAIL_PATH, { mailboxId });
    expect(named.code, JSON.stringify(named)).toBe(0);
    expect(named.data).toMatchObject({ mailboxId, email: BOX });
    expect(named.data.mailboxes.map((m: { email: string }) => m.email)).toContain(BOX);

    const pendingBills = await count(sql`select count(*)::int as n from fin_bills b
      join fin_accounts a on a.id = b.account_id where a.auto_mail and b.mailed_at is null and b.state <> 'draft'`);
    const pendingStatements = await count(sql`select count(*)::int as n from fin_statements s
      join fin_accounts a on a.id = s.account_id where a.auto_mail and s.mailed_at is null`);
    const [a, b] = await Promise.all([post(fin, AUTO_MAIL_RUN_PATH), post(fin, AUTO_MAIL_RUN_PATH)]);
    expect(a.code, JSON.stringify(a)).toBe(0);
    expect(b.code, JSON.stringify(b)).toBe(0);
    expect(a.data.mailed + b.data.mailed).toBe(pendingBills.n + pendingStatements.n);
    expect(a.data.failed + b.data.failed).toBe(0);

    const after = await billOf(bill!.id);
    expect(after).toMatchObject({ mailedBy: null, mailedTo: BOX, mailFailed: false, mailTries: 0 });
    expect(after.mailedAt).toBeInstanceOf(Date);
    expect((await mailEvents('finance.bill', bill!.id)).n).toBe(1);
    expect((await mailEvents('finance.statement', st!.id)).n).toBe(1);
    const history = await get(fin, `/v2/fc/bill/timeline?id=${bill!.id}`);
    expect(history.data.records[0]).toMatchObject({ kind: 'mail', actorId: null });

    // a third run finds nothing; the mail arrived once
    const again = await post(fin, AUTO_MAIL_RUN_PATH);
    expect(again.data).toEqual({ mailed: 0, failed: 0 });
    const subject = `Bill ${bill!.code} for `;
    const got = await poll(
      () => inbox(started),
      (l) => l.some((s) => s.startsWith(subject)) && l.some((s) => s.includes(st!.code)),
    );
    expect(got.filter((s) => s.startsWith(subject))).toHaveLength(1);
    expect(got.filter((s) => s.includes(st!.code))).toHaveLength(1);
  });

  it('keeps a failed send with its reason, lists it, tries again next run, at most N times', async () => {
    const [bill] = await t.p.db
      .select()
      .from(finBills)
      .where(sql`${finBills.state} <> 'draft' and ${finBills.mailedAt} is null`)
      .limit(1);
    expect(bill, 'another unmailed bill').toBeDefined();
    const set = await post(fin, CONTACT, {
      id: bill!.accountId,
      billingEmail: BOX,
      billingLocale: 'zh-CN',
      autoMail: true,
    });
    expect(set.code).toBe(0);
    // the mail room refuses this time (a double of its port)
    definePorts({
      mail: (db) => ({
        ...mailPort(db),
        send: async () => {
          throw new Error('550 5.1.1 mailbox unavailable');
        },
      }),
    });
    try {
      const run = await post(fin, AUTO_MAIL_RUN_PATH);
      expect(run.code, JSON.stringify(run)).toBe(0);
      expect(run.data.failed).toBeGreaterThan(0);
    } finally {
      definePorts({ mail: mailPort });
    }
    expect(await billOf(bill!.id)).toMatchObject({
      mailedAt: null,
      mailFailed: true,
      mailTries: 1,
      mailError: expect.stringContaining('550'),
      mailClaimedAt: null,
    });
    const listed = await post(fin, '/v2/fc/bill/page', { page: 1, size: 100, mailFailed: true });
    expect(listed.code, JSON.stringify(listed)).toBe(0);
    expect(listed.data.records.map((r: { id: number }) => r.id)).toContain(bill!.id);
    expect(listed.data.records.every((r: { mailFailed: boolean }) => r.mailFailed)).toBe(true);

    // tried again next run, now mailed: the failure is cleared
    const next = await post(fin, AUTO_MAIL_RUN_PATH);
    expect(next.data.failed).toBe(0);
    expect(await billOf(bill!.id)).toMatchObject({ mailFailed: false, mailError: null, mailedTo: BOX });

    // one that failed N times is left to finance
    const [other] = await t.p.db
      .select()
      .from(finBills)
      .where(sql`${finBills.state} <> 'draft' and ${finBills.mailedAt} is null`)
      .limit(1);
    if (other) {
      await post(fin, CONTACT, { id: other.accountId, billingEmail: BOX, billingLocale: 'en', autoMail: true });
      await t.p.db
        .update(finBills)
        .set({ mailTries: AUTO_MAIL_TRIES, mailFailed: true, mailError: 'x' })
        .where(eq(finBills.id, other.id));
      await post(fin, AUTO_MAIL_RUN_PATH);
      expect(await billOf(other.id)).toMatchObject({ mailedAt: null, mailTries: AUTO_MAIL_TRIES });
    }
  });
});
