import { Errors } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailAccounts, mailMessages } from '../src/modules/mail/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const E = '/v2/emailbox';

describe('mail client on the built-in (local) connector', () => {
  let t: TestApp;
  let sales: Tokens;
  let finance: Tokens;
  let ops: Tokens;
  beforeAll(async () => {
    t = await startTestApp();
    [sales, finance, ops] = await Promise.all([
      signIn(t.app, DEMO.sales01),
      signIn(t.app, DEMO.finance01),
      signIn(t.app, DEMO.ops01),
    ]);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, tok: Tokens, payload?: object) =>
    t.app
      .inject({ method, url, headers: bearer(tok), ...(payload ? { payload } : {}) })
      .then((r) => ({ status: r.statusCode, ...r.json() }));
  const post = (url: string, payload: object, tok: Tokens = sales) => call('POST', `${E}/${url}`, tok, payload);
  const get = (url: string, tok: Tokens = sales) => call('GET', `${E}/${url}`, tok);
  const userId = async (username: string) =>
    (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;

  it('shows the seeded mailbox: state, inbox page, spam and the three counters', async () => {
    const state = (await get('email/account/staff/state')).data;
    expect(state).toMatchObject({ bound: true, account: { email: 'sales01@portal.example', connector: 'local' } });
    expect(JSON.stringify(state)).not.toMatch(/secret|password"/);
    const inbox = (await post('receive/query', { page: 1, size: 5 })).data;
    expect(inbox.total).toBe(7);
    expect(inbox.records).toHaveLength(5);
    const times = inbox.records.map((r: { receiveTime: string }) => r.receiveTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await post('junk/query', {})).data.total).toBe(1);
    expect((await post('message/non/read', {})).data).toEqual({
      receiveUnReadNum: 3,
      indiciaUnReadNum: 1,
      junkUnReadNum: 0,
    });
  });

  it('answers 10170036 on every mail call without a mailbox', async () => {
    await t.p.db.delete(mailAccounts).where(eq(mailAccounts.userId, await userId('ops01')));
    expect((await get('email/account/staff/state', ops)).data).toEqual({ bound: false, account: null });
    for (const [url, body] of [
      ['receive/query', {}],
      ['message/non/read', {}],
      ['email/send', { receiverEmailList: [{ email: 'a@portal.example' }] }],
      ['draft/save', {}],
    ] as const) {
      const r = await post(url, body, ops);
      expect(r.code, url).toBe(Errors.NO_MAILBOX.code);
    }
  });

  it('sends over SMTP to the built-in server: the colleague receives it, the sender keeps it in sent, a push goes out', async () => {
    const sent = await post('email/send', {
      receiverEmailList: [{ email: 'finance01@portal.example', name: '李娜' }],
      ccEmailList: [{ email: 'lena.fischer@nordtel.example' }],
      subject: '十月账单核对 <urgent>',
      content: '<p>请核对附件中的账单。</p>',
    });
    expect(sent.code).toBe(0);
    expect(sent.data.messageId).toMatch(/@portal\.example>$/);

    const inbox = (await post('receive/query', { keyword: '十月账单' }, finance)).data;
    expect(inbox.total).toBe(1);
    expect(inbox.records[0]).toMatchObject({
      subject: '十月账单核对 <urgent>',
      senderEmail: 'sales01@portal.example',
      senderName: '王伟',
      read: false,
      ccEmailList: [{ email: 'lena.fischer@nordtel.example' }],
    });
    const mine = (await post('send/query', {})).data;
    expect(mine.records[0]).toMatchObject({ subject: '十月账单核对 <urgent>', read: true, folder: 'sent' });

    const push = (await call('POST', '/v2/sys/mc/message/query/home/message/list', finance, { size: 5, status: 0 }))
      .data;
    expect(push[0]).toMatchObject({ type: 'mail', msgType: 2 });

    const detail = (await post('email/detail', { id: inbox.records[0].id }, finance)).data;
    expect(detail.content).toContain('请核对附件中的账单');
    expect(detail.read).toBe(true);
    expect((await post('message/non/read', {}, finance)).data.receiveUnReadNum).toBe(3);
  });

  it('sends an attachment uploaded through the upload service; the recipient gets a signed link to it', async () => {
    const form = new FormData();
    form.append('file', new Blob(['amount: 100 USD'], { type: 'text/plain' }), 'invoice.txt');
    const req = new Request('http://portal.test/', { method: 'POST', body: form });
    const up = await t.app
      .inject({
        method: 'POST',
        url: `${E}/file/uploadFileAndGetPresignedUrl`,
        headers: { ...bearer(sales), 'content-type': req.headers.get('content-type')! },
        payload: Buffer.from(await req.arrayBuffer()),
      })
      .then((r) => r.json());
    expect(up.code).toBe(0);
    // a file of someone else cannot be attached
    const foreign = await post(
      'email/send',
      { receiverEmailList: [{ email: 'sales01@portal.example' }], fileIds: [up.data.id] },
      finance,
    );
    expect(foreign.code).toBe(Errors.FILE_NOT_ATTACHABLE.code);
    await post('email/send', {
      receiverEmailList: [{ email: 'finance01@portal.example' }],
      subject: 'with attachment',
      content: '<p>see attached</p>',
      fileIds: [up.data.id],
    });
    const [m] = (await post('receive/query', { keyword: 'with attachment' }, finance)).data.records;
    expect(m.hasAttachment).toBe(true);
    const d = (await post('email/detail', { id: m.id }, finance)).data;
    expect(d.attachments).toMatchObject([{ name: 'invoice.txt', size: 15 }]);
    const file = await t.app.inject({ url: d.attachments[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('amount: 100 USD');
  });

  it('suggests colleagues and correspondents as recipients', async () => {
    const fin = (await post('book/contact', { keyword: 'finance01' })).data;
    expect(fin[0]).toMatchObject({ email: 'finance01@portal.example', source: 'staff' });
    const outside = (await post('book/contact', { keyword: 'nordtel' }, finance)).data;
    expect(outside.map((c: { email: string }) => c.email)).toContain('lena.fischer@nordtel.example');
  });

  it('refuses a bad recipient with the spec message and sends nothing', async () => {
    const before = (await post('send/query', {})).data.total;
    const payload = { receiverEmailList: [{ email: 'finance01@portal.example' }, { email: 'not-an-address' }] };
    const r = await t.app
      .inject({ method: 'POST', url: `${E}/email/send`, headers: { ...bearer(sales), 'x-lang': 'zh-CN' }, payload })
      .then((x) => x.json());
    expect(r.code).toBe(Errors.MAIL_RECIPIENT_INVALID.code);
    expect(r.msg).toBe('输入邮箱格式有误，请更正');
    expect((await post('email/send', { subject: 'x' })).code).toBe(Errors.MAIL_NO_RECIPIENT.code);
    expect((await post('send/query', {})).data.total).toBe(before);
  });

  it('marks read, unread and star, moves to spam and back, and keeps mail of others out of reach', async () => {
    const [first] = (await post('receive/query', { size: 1 })).data.records;
    expect((await post('receive/mark', { ids: [first.id], markType: 'star' })).data.changed).toBe(1);
    expect((await post('receive/query', { star: 1 })).data.records.map((r: { id: number }) => r.id)).toContain(
      first.id,
    );
    await post('receive/mark', { ids: [first.id], markType: 'unread' });
    expect((await post('message/non/read', {})).data.indiciaUnReadNum).toBeGreaterThanOrEqual(1);
    expect((await post('junk/move', { ids: [first.id], junk: true })).data.changed).toBe(1);
    expect((await post('junk/query', {})).data.records.map((r: { id: number }) => r.id)).toContain(first.id);
    expect((await post('message/non/read', {})).data.junkUnReadNum).toBe(1);
    expect((await post('junk/move', { ids: [first.id], junk: false })).data.changed).toBe(1);
    expect((await post('receive/query', { size: 1 })).data.records[0].id).toBe(first.id);

    expect((await post('email/detail', { id: first.id }, finance)).code).toBe(Errors.NOT_FOUND.code);
    expect((await post('receive/mark', { ids: [first.id], markType: 'read' }, finance)).code).toBe(
      Errors.NOT_FOUND.code,
    );
    expect((await post('receive/mark', { ids: [first.id], markType: 'bogus' })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
  });

  it('saves, edits again and sends a draft', async () => {
    const saved = await post('draft/save', {
      subject: 'Draft one',
      receiverEmailList: [{ email: 'ops01@portal.example' }],
    });
    const id = saved.data.id;
    await post('draft/save', { id, subject: 'Draft one, edited', content: '<p>hello</p>' });
    const view = (await get(`draft/view/${id}`)).data;
    expect(view).toMatchObject({ subject: 'Draft one, edited', content: '<p>hello</p>', folder: 'drafts' });
    expect((await post('draft/query', {})).data.total).toBe(1);
    expect((await get(`draft/view/${id}`, finance)).code).toBe(Errors.NOT_FOUND.code);
    const r = await post('email/send', {
      draftId: id,
      subject: 'Draft one, edited',
      receiverEmailList: [{ email: 'finance01@portal.example' }],
    });
    expect(r.code).toBe(0);
    expect((await post('draft/query', {})).data.total).toBe(0);
    const [first] = (await post('receive/query', { size: 1 })).data.records;
    expect((await post('draft/save', { id: first.id, subject: 'x' })).code).toBe(Errors.MAIL_NOT_A_DRAFT.code);
  });

  it('strips script from hostile HTML before it is stored', async () => {
    await post('email/send', {
      receiverEmailList: [{ email: 'finance01@portal.example' }],
      subject: 'hostile',
      content:
        '<p onclick="alert(1)">hi</p><script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">x</a><iframe src="https://evil.example"></iframe><svg onload="alert(5)"></svg>',
    });
    const [m] = (await post('receive/query', { keyword: 'hostile' }, finance)).data.records;
    const { content } = (await post('email/detail', { id: m.id }, finance)).data;
    expect(content).toContain('hi');
    expect(content).not.toMatch(/script|onclick|onerror|onload|javascript:|iframe|svg/i);
  });

  it('keeps signatures per user', async () => {
    const s = (await post('signature/update', { name: '默认签名', content: '<p>王伟 | 销售部</p>', isDefault: true }))
      .data;
    await post('signature/update', { name: 'English', content: '<p>Wang Wei, Sales</p>', isDefault: true });
    const list = (await get('select/email/signatureIncludeShare')).data;
    expect(list.map((x: { name: string; isDefault: boolean }) => [x.name, x.isDefault])).toEqual([
      ['English', true],
      ['默认签名', false],
    ]);
    expect((await get(`signature/view/${s.id}`, finance)).code).toBe(Errors.NOT_FOUND.code);
    expect((await post('signature/del', { id: s.id }, finance)).code).toBe(Errors.NOT_FOUND.code);
    expect((await post('signature/del', { id: s.id })).code).toBe(0);
  });

  it('binds a mailbox with the password sealed, never returned; refuses what cannot work', async () => {
    const local = await post('email/account/staff/save', { email: 'ops01@elsewhere.example', connector: 'local' }, ops);
    expect(local.code).toBe(Errors.MAIL_LOCAL_DOMAIN_ONLY.code);
    const taken = await post('email/account/staff/save', { email: 'sales01@portal.example', connector: 'local' }, ops);
    expect(taken.code).toBe(Errors.MAIL_ADDRESS_TAKEN.code);
    const nopass = await post(
      'email/account/staff/save',
      { email: 'ops01@corp.example', connector: 'imap', imapHost: '127.0.0.1', smtpHost: '127.0.0.1' },
      ops,
    );
    expect(nopass.code).toBe(Errors.MAIL_PASSWORD_REQUIRED.code);
    const unreachable = await post(
      'email/account/staff/save',
      {
        email: 'ops01@corp.example',
        connector: 'imap',
        imapHost: '127.0.0.1',
        imapPort: 1,
        imapTls: false,
        smtpHost: '127.0.0.1',
        password: 'hunter2-secret',
      },
      ops,
    );
    expect(unreachable.code).toBe(Errors.MAIL_SERVER_UNREACHABLE.code);
    const ok = await post('email/account/staff/save', { email: 'ops01@portal.example', connector: 'local' }, ops);
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({ email: 'ops01@portal.example', hasPassword: false });

    // someone else's mailbox needs the accounts key
    const other = await post(
      'email/account/staff/save',
      { email: 'x@portal.example', connector: 'local', userId: 1 },
      ops,
    );
    expect(other.code).toBe(Errors.NO_PERMISSION.code);
    expect((await post('email/account/staff/query', {}, ops)).code).toBe(Errors.NO_PERMISSION.code);
  });

  it('seals an imap password at rest (AES-GCM) and the admin list never shows it', async () => {
    const [acc] = await t.p.db
      .select()
      .from(mailAccounts)
      .where(eq(mailAccounts.userId, await userId('sales01')));
    await t.p.db.update(mailAccounts).set({ secret: null }).where(eq(mailAccounts.id, acc!.id));
    const { mailRoomOf } = await import('../src/modules/mail/room.js');
    const room = await mailRoomOf(t.p);
    const mb = await room.service.mailboxOf(acc!.userId);
    expect(mb.password).toBeNull();
    const admin = await signIn(t.app, DEMO.admin);
    const list = await post('email/account/staff/query', { page: 1, size: 50 }, admin);
    expect(list.data.total).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(list.data)).not.toMatch(/"secret"|"password"/);
    const rows = await t.p.db.select({ n: mailMessages.id }).from(mailMessages).limit(1);
    expect(rows).toHaveLength(1);
  });
});
