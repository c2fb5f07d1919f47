import net from 'node:net';
import { Errors } from '@portal/contracts';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailRoomOf } from '../src/modules/mail/room.js';
import { bearer, DEMO, poll, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

/**
 * The `imap` connector against real servers: Dovecot (IMAP on 127.0.0.1:10143) and Postfix
 * (SMTP on 127.0.0.1:25) for the domain mail.test, set up by scripts/ensure-mail-servers.mjs
 * (scripts/test.mjs runs it first). MAIL_SERVERS=off skips this file on a machine without them.
 */
const E = '/v2/emailbox';
const IMAP_PORT = Number(process.env.MAIL_TEST_IMAP_PORT ?? 10143);
const PASSWORD = 'secret';
const off = process.env.MAIL_SERVERS === 'off';

const imapOf = (user: string) =>
  new ImapFlow({
    host: '127.0.0.1',
    port: IMAP_PORT,
    secure: false,
    auth: { user: `${user}@mail.test`, pass: PASSWORD },
    logger: false,
  });

/** Subjects (and flags) in a folder of a test user, read straight from Dovecot. */
async function folder(user: string, path: string): Promise<{ subject: string; flags: string[] }[]> {
  const c = imapOf(user);
  await c.connect();
  try {
    const lock = await c.getMailboxLock(path);
    try {
      if (!c.mailbox || c.mailbox.exists === 0) return [];
      const all = await c.fetchAll('1:*', { envelope: true, flags: true });
      return all.map((m) => ({ subject: m.envelope?.subject ?? '', flags: [...(m.flags ?? [])] }));
    } finally {
      lock.release();
    }
  } finally {
    await c.logout();
  }
}

/** Empties the test user's folders so each run starts clean. */
async function emptyMailbox(user: string) {
  const c = imapOf(user);
  await c.connect();
  try {
    for (const path of ['INBOX', 'Sent', 'Junk', 'Drafts']) {
      const lock = await c.getMailboxLock(path);
      try {
        if (c.mailbox && c.mailbox.exists > 0) await c.messageDelete('1:*');
      } finally {
        lock.release();
      }
    }
  } finally {
    await c.logout();
  }
}

const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

describe.skipIf(off)('mail client on real IMAP and SMTP servers (Dovecot, Postfix)', () => {
  let t: TestApp;
  let sales: Tokens;
  const run = Date.now().toString(36);
  const bindBody = (password = PASSWORD) => ({
    email: 'alice@mail.test',
    displayName: 'Alice Sales',
    connector: 'imap',
    imapHost: '127.0.0.1',
    imapPort: IMAP_PORT,
    imapTls: false,
    smtpHost: '127.0.0.1',
    smtpPort: 25,
    smtpTls: false,
    username: 'alice@mail.test',
    password,
  });

  beforeAll(async () => {
    if (!(await reachable(IMAP_PORT)) || !(await reachable(25)))
      throw new Error('Dovecot/Postfix are not running: node scripts/ensure-mail-servers.mjs (or MAIL_SERVERS=off)');
    await Promise.all(['alice', 'bob'].map(emptyMailbox));
    t = await startTestApp();
    sales = await signIn(t.app, DEMO.sales01);
  });
  afterAll(async () => t?.close());

  // the imap mailbox is sales01's second one (next to the seeded local one): calls name it
  let aliceId: number | undefined;
  const post = (url: string, payload: object = {}) =>
    t.app
      .inject({
        method: 'POST',
        url: `${E}/${url}`,
        headers: bearer(sales),
        payload: { accountId: aliceId, ...payload },
      })
      .then((r) => ({ status: r.statusCode, ...r.json() }));

  it('binds the mailbox after logging in; a wrong password is refused and never stored', async () => {
    const wrong = await post('email/account/staff/save', bindBody('not-the-password'));
    expect(wrong.code).toBe(Errors.MAIL_LOGIN_REFUSED.code);
    const ok = await post('email/account/staff/save', bindBody());
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({ email: 'alice@mail.test', connector: 'imap', hasPassword: true });
    expect(JSON.stringify(ok.data)).not.toContain(PASSWORD);
    aliceId = ok.data.id;
    // push off: nothing watches the mailbox, new mail comes only by the sync call (the IDLE test turns it on)
    expect((await post('email/account/updateEmailSseStatus', { sseStatus: 0 })).code).toBe(0);
    // a second mailbox next to the seeded one, its store mirroring the server (empty)
    expect((await post('receive/query')).data.total).toBe(0);
    expect((await post('receive/query', { accountId: undefined })).data.total).toBeGreaterThan(0);
  });

  it('sends through Postfix: the second mailbox receives it over IMAP, the Sent copy is on the server', async () => {
    const subject = `Quote request ${run}`;
    const sent = await post('email/send', {
      receiverEmailList: [{ email: 'bob@mail.test', name: 'Bob' }],
      subject,
      content: '<p>Please find our <b>rates</b>.</p>',
    });
    expect(sent.code).toBe(0);
    const bobInbox = await poll(
      () => folder('bob', 'INBOX'),
      (l) => l.some((m) => m.subject === subject),
    );
    expect(bobInbox.map((m) => m.subject)).toContain(subject);
    expect((await folder('alice', 'Sent')).map((m) => m.subject)).toContain(subject);
    expect((await post('send/query')).data.records[0]).toMatchObject({ subject, folder: 'sent' });
  });

  it('syncs a mail delivered by another client; flags and spam moves go back to the server', async () => {
    const subject = `Invoice ${run} from Bob`;
    const other = nodemailer.createTransport({ host: '127.0.0.1', port: 25, secure: false, ignoreTLS: true });
    await other.sendMail({
      from: 'Bob <bob@mail.test>',
      to: 'alice@mail.test',
      subject,
      text: 'Invoice attached.',
      attachments: [{ filename: 'invoice.txt', content: 'amount: 100 USD' }],
    });
    other.close();
    await poll(
      () => folder('alice', 'INBOX'),
      (l) => l.some((m) => m.subject === subject),
    );
    const sync = await post('receive/sync');
    expect(sync.data.received).toBe(1);
    expect((await post('receive/sync')).data.received).toBe(0);
    const inbox = (await post('receive/query')).data;
    expect(inbox.total).toBe(1);
    const mail = inbox.records[0];
    expect(mail).toMatchObject({ subject, senderEmail: 'bob@mail.test', read: false, hasAttachment: true });
    expect((await post('message/non/read')).data.receiveUnReadNum).toBe(1);

    const detail = (await post('email/detail', { id: mail.id })).data;
    expect(detail.attachments[0]).toMatchObject({ name: 'invoice.txt' });
    expect(detail.attachments[0].url).toMatch(/sig=/);
    await post('receive/mark', { ids: [mail.id], markType: 'star' });
    const flags = (await folder('alice', 'INBOX')).find((m) => m.subject === subject)!.flags;
    expect(flags).toEqual(expect.arrayContaining(['\\Seen', '\\Flagged']));

    expect((await post('junk/move', { ids: [mail.id], junk: true })).data.changed).toBe(1);
    expect((await folder('alice', 'Junk')).map((m) => m.subject)).toContain(subject);
    expect((await folder('alice', 'INBOX')).map((m) => m.subject)).not.toContain(subject);
    // the moved mail is not fetched again as new
    expect((await post('receive/sync')).data.received).toBe(0);
    expect((await post('junk/query')).data.total).toBe(1);

    expect((await post('junk/move', { ids: [mail.id], junk: false })).data.changed).toBe(1);
    expect((await folder('alice', 'INBOX')).map((m) => m.subject)).toContain(subject);
    expect((await post('receive/sync')).data.received).toBe(0);
    expect((await post('receive/query')).data.total).toBe(1);
  });

  it('keeps one copy when two syncs of the same mailbox race (the job and the button)', async () => {
    const subject = `Race ${run}`;
    const other = nodemailer.createTransport({ host: '127.0.0.1', port: 25, secure: false, ignoreTLS: true });
    await other.sendMail({ from: 'bob@mail.test', to: 'alice@mail.test', subject, text: 'twice?' });
    other.close();
    await poll(
      () => folder('alice', 'INBOX'),
      (l) => l.some((m) => m.subject === subject),
    );
    const both = await Promise.all([post('receive/sync'), post('receive/sync'), post('receive/sync')]);
    expect(both.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(both.reduce((n, r) => n + r.data.received, 0)).toBe(1);
    expect((await post('receive/query', { keyword: subject })).data.total).toBe(1);
  });

  it('files a blacklisted sender in spam on sync and moves it to Junk on the server too', async () => {
    const subject = `Spam ${run} from Carol`;
    expect((await post('whiteBlack/update', { kind: 'black', value: 'carol@mail.test' })).code).toBe(0);
    const other = nodemailer.createTransport({ host: '127.0.0.1', port: 25, secure: false, ignoreTLS: true });
    await other.sendMail({ from: 'Carol <carol@mail.test>', to: 'alice@mail.test', subject, text: 'buy now' });
    other.close();
    await poll(
      () => folder('alice', 'INBOX'),
      (l) => l.some((m) => m.subject === subject),
    );
    expect((await post('receive/sync')).data.received).toBe(1);
    expect((await post('junk/query', { keyword: subject })).data.total).toBe(1);
    expect((await post('receive/query', { keyword: subject })).data.total).toBe(0);
    expect((await folder('alice', 'Junk')).map((m) => m.subject)).toContain(subject);
    expect((await folder('alice', 'INBOX')).map((m) => m.subject)).not.toContain(subject);
    // the moved copy is not fetched again from Junk
    expect((await post('receive/sync')).data.received).toBe(0);
    expect((await post('junk/query', { keyword: subject })).data.total).toBe(1);
  });

  it('watches a mailbox with push on (IDLE): new mail, flags set and mail deleted by another client come in without a sync call', async () => {
    const { watcher } = await mailRoomOf(t.p);
    expect(watcher.watched()).not.toContain(aliceId);
    expect((await post('email/account/updateEmailSseStatus', { sseStatus: 1 })).code).toBe(0);
    await poll(
      async () => watcher.watched(),
      (w) => w.includes(aliceId!),
    );
    const before = (await post('receive/query')).data.total;
    const subject = `Idle ${run}`;
    // delivered into Dovecot by another client (APPEND), the portal asks nothing
    const a = imapOf('alice');
    await a.connect();
    try {
      await a.append(
        'INBOX',
        `From: Bob <bob@mail.test>\r\nTo: alice@mail.test\r\nSubject: ${subject}\r\nMessage-ID: <idle-${run}@mail.test>\r\n\r\npushed\r\n`,
      );
    } finally {
      await a.logout();
    }
    const inbox = await poll(
      () => post('receive/query', { keyword: subject }),
      (r) => r.data.total === 1,
    );
    expect(inbox.data.records[0]).toMatchObject({ subject, read: false });
    expect((await post('receive/query')).data.total).toBe(before + 1);
    const id = inbox.data.records[0].id;

    // another client (a phone) reads and stars it: CONDSTORE brings the flags back
    const c = imapOf('alice');
    await c.connect();
    try {
      const lock = await c.getMailboxLock('INBOX');
      try {
        const [uid] = (await c.search({ subject }, { uid: true })) || [];
        await c.messageFlagsAdd(String(uid), ['\\Seen', '\\Flagged'], { uid: true });
      } finally {
        lock.release();
      }
    } finally {
      await c.logout();
    }
    // (read through the list: opening the detail would mark it read itself)
    const seen = await poll(
      () => post('receive/query', { keyword: subject }),
      (r) => r.data.records[0]?.read === true && r.data.records[0]?.star === true,
    );
    expect(seen.data.records[0]).toMatchObject({ id, read: true, star: true });

    // and deletes it: the store lets it go
    const d = imapOf('alice');
    await d.connect();
    try {
      const lock = await d.getMailboxLock('INBOX');
      try {
        await d.messageDelete({ subject }, { uid: true });
      } finally {
        lock.release();
      }
    } finally {
      await d.logout();
    }
    const gone = await poll(
      () => post('receive/query', { keyword: subject }),
      (r) => r.data.total === 0,
    );
    expect(gone.data.total).toBe(0);
    await watcher.settled();

    // push off: the watch ends
    expect((await post('email/account/updateEmailSseStatus', { sseStatus: 0 })).code).toBe(0);
    await poll(
      async () => watcher.watched(),
      (w) => !w.includes(aliceId!),
    );
    expect(watcher.watched()).not.toContain(aliceId);
  });
});
