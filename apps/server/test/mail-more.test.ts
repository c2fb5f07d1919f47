import { Errors } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const E = '/v2/emailbox';

describe('mail client, more: several mailboxes, rules, address book, templates, timed sends, logs', () => {
  let t: TestApp;
  let sales: Tokens;
  let finance: Tokens;
  beforeAll(async () => {
    t = await startTestApp();
    [sales, finance] = await Promise.all([signIn(t.app, DEMO.sales01), signIn(t.app, DEMO.finance01)]);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, tok: Tokens, payload?: object) =>
    t.app
      .inject({ method, url, headers: bearer(tok), ...(payload ? { payload } : {}) })
      .then((r) => ({ status: r.statusCode, ...r.json() }));
  const post = (url: string, payload: object, tok: Tokens = sales) => call('POST', `${E}/${url}`, tok, payload);
  const get = (url: string, tok: Tokens = sales) => call('GET', `${E}/${url}`, tok);

  let second = 0;
  it('binds a second mailbox; each has its own folders, counters and sending address', async () => {
    const before = (await post('email/sender/list', {})).data;
    expect(before).toHaveLength(1);
    const bound = await post('email/account/staff/save', { email: 'wang.wei@portal.example', connector: 'local' });
    expect(bound.code).toBe(0);
    second = bound.data.id;
    const boxes = (await post('email/sender/list', {})).data;
    expect(boxes.map((b: { email: string }) => b.email)).toEqual(['sales01@portal.example', 'wang.wei@portal.example']);
    expect(boxes[1]).toMatchObject({ unread: 0, connector: 'local' });

    // the default mailbox is untouched; the second starts empty
    expect((await post('receive/query', { accountId: second })).data.total).toBe(0);
    expect((await post('receive/query', {})).data.total).toBeGreaterThan(0);

    const sent = await post('email/send', {
      accountId: second,
      receiverEmailList: [{ email: 'finance01@portal.example' }],
      subject: 'from my second mailbox',
    });
    expect(sent.code).toBe(0);
    const [got] = (await post('receive/query', { keyword: 'second mailbox' }, finance)).data.records;
    expect(got.senderEmail).toBe('wang.wei@portal.example');
    expect((await post('send/query', { accountId: second })).data.total).toBe(1);
    expect((await post('send/query', { keyword: 'second mailbox' })).data.total).toBe(0);

    // a reply to the second mailbox lands there only
    await post('email/send', { receiverEmailList: [{ email: 'wang.wei@portal.example' }], subject: 'reply' }, finance);
    expect((await post('message/non/read', { accountId: second })).data.receiveUnReadNum).toBe(1);
    const [reply] = (await post('receive/query', { accountId: second })).data.records;
    // a mail by id is found in whichever of my mailboxes holds it
    expect((await post('email/detail', { id: reply.id })).data.subject).toBe('reply');
    expect((await post('email/sender/list', {})).data[1].unread).toBe(0);

    // someone else's mailbox cannot be picked
    expect((await post('receive/query', { accountId: second }, finance)).code).toBe(Errors.NOT_FOUND.code);
    // rebinding the same address changes that mailbox, not a third
    await post('email/account/staff/save', {
      email: 'wang.wei@portal.example',
      connector: 'local',
      displayName: 'Wang Wei',
    });
    expect((await post('email/sender/list', {})).data).toHaveLength(2);
  });

  it('unbinds one mailbox and keeps the other', async () => {
    expect((await post('email/account/staff/del', { id: second }, finance)).code).toBe(Errors.NOT_FOUND.code);
    expect((await post('email/account/staff/del', { id: second })).code).toBe(0);
    expect((await post('email/sender/list', {})).data).toHaveLength(1);
    expect((await get('email/account/staff/state')).data.bound).toBe(true);
  });

  it('keeps a personal address book that feeds the recipient suggestions', async () => {
    const saved = await post('email/book/save', {
      email: ' Olaf.Berg@Baltic-Sms.Example ',
      name: 'Olaf Berg',
      company: 'Baltic SMS AB',
    });
    expect(saved.data).toMatchObject({ email: 'olaf.berg@baltic-sms.example', company: 'Baltic SMS AB' });
    const dup = await post('email/book/save', { email: 'olaf.berg@baltic-sms.example' });
    expect(dup.code).toBe(Errors.MAIL_BOOK_DUPLICATE.code);
    expect((await post('email/book/save', { email: 'nope' })).code).toBe(Errors.VALIDATION_FAILED.code);
    await post('email/book/save', { email: 'ahmed@gulfconnect.example', name: 'Ahmed' });
    expect((await post('email/book/queryPage', { keyword: 'baltic' })).data.total).toBe(1);
    const all = (await get('email/book/queryBookAll')).data.map((b: { email: string }) => b.email);
    expect(all).toEqual(expect.arrayContaining(['olaf.berg@baltic-sms.example', 'ahmed@gulfconnect.example']));
    expect((await get(`email/book/getEmailBook?id=${saved.data.id}`)).data.name).toBe('Olaf Berg');
    expect((await get(`email/book/getEmailBook?id=${saved.data.id}`, finance)).code).toBe(Errors.NOT_FOUND.code);
    const sugg = (await post('book/contact', { keyword: 'ahmed' })).data;
    expect(sugg[0]).toMatchObject({ email: 'ahmed@gulfconnect.example', source: 'book' });
    expect((await post('email/book/del', { ids: [saved.data.id] }, finance)).code).toBe(Errors.NOT_FOUND.code);
    expect((await post('email/book/del', { ids: [saved.data.id] })).data.changed).toBe(1);
  });

  it('offers my templates and colleagues’ shared ones; only the author changes a template', async () => {
    const mine = (
      await post('temp/save', { name: '报价模板', subject: '报价', content: '<p>您好</p><script>x</script>' })
    ).data;
    expect(mine.content).toBe('<p>您好</p>');
    const shared = (
      await post(
        'temp/save',
        { name: 'Rate notice', subject: 'New rates', content: '<p>Rates</p>', shared: true },
        finance,
      )
    ).data;
    await post('temp/save', { name: 'Private', subject: 'x' }, finance);
    const list = (await get('select/email/tempIncludeShare')).data;
    const ours = list.filter((x: { name: string }) => ['报价模板', 'Rate notice', 'Private'].includes(x.name));
    expect(ours.map((x: { name: string; mine: boolean }) => [x.name, x.mine])).toEqual([
      ['报价模板', true],
      ['Rate notice', false],
    ]);
    // mine first, then colleagues' shared ones (the seeded shared template of salesmgr among them)
    expect(list.findIndex((x: { mine: boolean }) => !x.mine)).toBeGreaterThan(
      list.findLastIndex((x: { mine: boolean }) => x.mine),
    );
    expect((await get(`temp/view/${shared.id}`)).data.authorName).toBeTruthy();
    expect((await post('temp/save', { id: shared.id, name: 'mine now' })).code).toBe(Errors.NOT_FOUND.code);
    expect((await post('temp/del', { id: shared.id })).code).toBe(Errors.NOT_FOUND.code);
    expect((await post('temp/query', { keyword: '报价模板' })).data.total).toBe(1);
    expect((await post('temp/del', { id: mine.id })).code).toBe(0);
  });

  it('files a blacklisted sender’s mail in spam and a whitelisted one in the inbox; moving mail teaches the lists', async () => {
    const bad = await post('whiteBlack/update', { kind: 'black', value: 'example.com' });
    expect(bad.code).toBe(Errors.MAIL_RULE_VALUE_INVALID.code);
    const rule = (await post('whiteBlack/update', { kind: 'black', value: '@PORTAL.example' })).data;
    expect(rule).toMatchObject({ value: '@portal.example', source: 'manual' });
    await post('whiteBlack/update', { kind: 'white', value: 'admin@portal.example' });

    const spamBefore = (await post('junk/query', {})).data.total;
    await post(
      'email/send',
      { receiverEmailList: [{ email: 'sales01@portal.example' }], subject: 'blacklisted' },
      finance,
    );
    const [spam] = (await post('junk/query', { keyword: 'blacklisted' })).data.records;
    expect(spam).toBeTruthy();
    expect((await post('junk/query', {})).data.total).toBe(spamBefore + 1);
    const mgr = await signIn(t.app, DEMO.admin);
    await post('email/send', { receiverEmailList: [{ email: 'sales01@portal.example' }], subject: 'whitelisted' }, mgr);
    expect((await post('receive/query', { keyword: 'whitelisted' })).data.total).toBe(1);

    // "not spam" whitelists the sender (learned); a manual entry is not overwritten by learning
    await post('whiteBlack/del', { ids: [rule.id] });
    await post('junk/move', { ids: [spam.id], junk: false });
    const learned = (await post('whiteBlack/query', { kind: 'white', keyword: 'finance01' })).data.records;
    expect(learned).toMatchObject([{ value: 'finance01@portal.example', source: 'learned' }]);
    await post('junk/move', { ids: [spam.id], junk: true });
    expect((await post('whiteBlack/query', { keyword: 'finance01' })).data.records[0].kind).toBe('black');
    await post('whiteBlack/update', { kind: 'white', value: 'finance01@portal.example' });
    await post('junk/move', { ids: [spam.id], junk: true });
    expect((await post('whiteBlack/query', { keyword: 'finance01' })).data.records[0]).toMatchObject({
      kind: 'white',
      source: 'manual',
    });
    expect((await get(`whiteBlack/view/${learned[0].id}`, finance)).code).toBe(Errors.NOT_FOUND.code);
  });

  it('sends a timed draft when the app clock reaches its time, once; it can be moved or cancelled before', async () => {
    const { mailRoomOf } = await import('../src/modules/mail/room.js');
    const { timedSends } = await import('../src/modules/mail/timed.js');
    const timed = timedSends(t.p, (await mailRoomOf(t.p)).service);
    const at = (min: number) => new Date(t.clock.now().getTime() + min * 60_000).toISOString();
    const body = { receiverEmailList: [{ email: 'finance01@portal.example' }], subject: 'timed quote', sendAt: at(10) };
    expect((await post('draft/timing/save', { ...body, sendAt: at(-1) })).code).toBe(Errors.MAIL_SEND_AT_PAST.code);
    expect((await post('draft/timing/save', { ...body, receiverEmailList: [] })).code).toBe(
      Errors.MAIL_NO_RECIPIENT.code,
    );
    expect((await post('draft/timing/save', { ...body, sendAt: 'tomorrow-ish' })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    const { id } = (await post('draft/timing/save', body)).data;
    const [row] = (await post('draft/query', { keyword: 'timed quote' })).data.records;
    expect(row).toMatchObject({ id, sendAt: body.sendAt });

    expect(await timed.sendDue()).toEqual({ sent: 0, failed: 0 });
    expect((await post('draft/update/timing/time', { id, sendAt: null })).code).toBe(0);
    expect((await post('draft/update/timing/time', { id, sendAt: null })).code).toBe(Errors.MAIL_NOT_TIMED.code);
    expect((await post('draft/update/timing/time', { id, sendAt: at(20) }, finance)).code).toBe(Errors.NOT_FOUND.code);
    expect((await post('draft/update/timing/time', { id, sendAt: at(20) })).code).toBe(0);
    t.clock.advance(15 * 60_000);
    expect(await timed.sendDue()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(6 * 60_000);
    // two runs at once (two job workers): the draft goes out once
    const runs = await Promise.all([timed.sendDue(), timed.sendDue()]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    // access tokens run on the same clock: sign in again after the jump
    [sales, finance] = await Promise.all([signIn(t.app, DEMO.sales01), signIn(t.app, DEMO.finance01)]);
    expect((await post('draft/query', { keyword: 'timed quote' })).data.total).toBe(0);
    expect((await post('receive/query', { keyword: 'timed quote' }, finance)).data.total).toBe(1);
    expect((await post('send/query', { keyword: 'timed quote' })).data.total).toBe(1);

    // a timed draft that cannot go out (its attachment is gone by then) stays a draft, marked
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'text/plain' }), 'x.txt');
    const req = new Request('http://portal.test/', { method: 'POST', body: form });
    const up = await t.app
      .inject({
        method: 'POST',
        url: `${E}/file/uploadFileAndGetPresignedUrl`,
        headers: { ...bearer(sales), 'content-type': req.headers.get('content-type')! },
        payload: Buffer.from(await req.arrayBuffer()),
      })
      .then((r) => r.json());
    // someone else's file cannot ride on a draft
    const foreign = await post('draft/save', { subject: 'x', fileIds: [up.data.id] }, finance);
    expect(foreign.code).toBe(Errors.FILE_NOT_ATTACHABLE.code);
    const bad = await post('draft/timing/save', {
      ...body,
      subject: 'timed bad',
      fileIds: [up.data.id],
      sendAt: at(1),
    });
    expect(bad.code).toBe(0);
    const { files: filesTable } = await import('../src/platform/files/schema.js');
    const { eq } = await import('drizzle-orm');
    await t.p.db.delete(filesTable).where(eq(filesTable.id, up.data.id));
    t.clock.advance(2 * 60_000);
    [sales, finance] = await Promise.all([signIn(t.app, DEMO.sales01), signIn(t.app, DEMO.finance01)]);
    expect(await timed.sendDue()).toEqual({ sent: 0, failed: 1 });
    const [stuck] = (await post('draft/query', { keyword: 'timed bad' })).data.records;
    expect(stuck).toMatchObject({ id: bad.data.id, sendAt: null });
    expect(stuck.sendError).toBeTruthy();
    expect(await timed.sendDue()).toEqual({ sent: 0, failed: 0 });
  });

  it('logs what each mailbox sent, received and failed; only administrators read others’ logs', async () => {
    const mine = (await post('emailLog/query', { direction: 'sent', keyword: 'timed quote' })).data;
    expect(mine.records).toMatchObject([{ mailbox: 'sales01@portal.example', peers: 'finance01@portal.example' }]);
    const got = (await post('emailLog/query', { direction: 'received', keyword: 'timed quote' }, finance)).data;
    expect(got.records).toMatchObject([{ mailbox: 'finance01@portal.example', peers: 'sales01@portal.example' }]);
    const salesId = (await get('email/account/staff/state')).data.account.userId;
    expect((await post('emailLog/query', { userId: salesId }, finance)).code).toBe(Errors.NO_PERMISSION.code);
    const admin = await signIn(t.app, DEMO.admin);
    expect((await post('emailLog/query', { userId: salesId, direction: 'sent' }, admin)).data.total).toBeGreaterThan(0);
  });

  it('downloads a mail as .eml from its own mailbox only', async () => {
    const [m] = (await post('send/query', { keyword: 'timed quote' })).data.records;
    const box = (await get('email/account/staff/state')).data.account.id;
    const res = await t.app.inject({ url: `${E}/file/eml/download/${box}/${m.id}`, headers: bearer(sales) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('message/rfc822');
    expect(res.headers['content-disposition']).toContain('.eml');
    expect(res.body).toMatch(/^Subject: timed quote$/m);
    expect(res.body).toMatch(/^Message-ID: <.+@portal\.example>$/m);
    expect(res.body).toMatch(/^To: finance01@portal\.example$/m);
    const other = await t.app.inject({ url: `${E}/file/eml/download/${box}/${m.id}`, headers: bearer(finance) });
    expect(other.json().code).toBe(Errors.NOT_FOUND.code);
  });

  it('links mail with a customer by contact address or company domain; warns when the customer is someone else’s', async () => {
    const { crmCustomers, crmContacts } = await import('../src/modules/crm/schema.js');
    const { staffUsers } = await import('../src/platform/access/schema.js');
    const { and, eq, isNotNull, ne, sql } = await import('drizzle-orm');
    const [me] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'sales01'));
    const [theirs] = await t.p.db
      .select({ id: crmCustomers.id, name: crmCustomers.name, domains: crmCustomers.emailDomains })
      .from(crmCustomers)
      .where(
        and(
          ne(crmCustomers.ownerId, me!.id),
          isNotNull(crmCustomers.ownerId),
          sql`cardinality(${crmCustomers.emailDomains}) > 0`,
        ),
      )
      .limit(1);
    const domain = theirs!.domains[0]!;
    const [contact] = await t.p.db
      .select({ email: crmContacts.email })
      .from(crmContacts)
      .where(and(eq(crmContacts.customerId, theirs!.id), isNotNull(crmContacts.email)))
      .limit(1);

    const warn = (await post('check/owner', { emails: [`buyer@${domain}`, 'someone@gmail.com'] })).data;
    expect(warn).toMatchObject([
      { email: `buyer@${domain}`, counterpartId: theirs!.id, counterpartName: theirs!.name },
    ]);
    expect(warn[0].ownerName).toBeTruthy();
    expect((await post('check/cc/email', { emails: ['ok@x.example', 'not an address'] })).data).toEqual({
      invalid: ['not an address'],
    });

    await post('email/send', { receiverEmailList: [{ email: `buyer@${domain}` }], subject: 'rates for you' });
    const [sent] = (await post('send/query', { keyword: 'rates for you' })).data.records;
    expect(sent).toMatchObject({ counterpartKind: 'customer', counterpartId: theirs!.id });
    const groups = (await post('dealings/customer/query', {})).data;
    expect(groups.records[0]).toMatchObject({ counterpartId: theirs!.id, sent: 1, received: 0 });
    expect((await post('dealings/supplier/query', {})).data.total).toBe(0);
    const mails = (await post('dealings/query', { counterpartKind: 'customer', counterpartId: theirs!.id })).data;
    expect(mails.records.map((m: { subject: string }) => m.subject)).toContain('rates for you');
    expect((await post('dealings/query', { counterpartId: theirs!.id }, finance)).data.total).toBe(0);
    const log = (await post('emailLog/query', { counterpartKind: 'customer', keyword: 'rates for you' })).data;
    expect(log.records[0]).toMatchObject({ direction: 'sent', counterpartName: theirs!.name });
    if (contact?.email) {
      const found = (await post('check/owner', { emails: [contact.email] })).data;
      expect(found[0]).toMatchObject({ counterpartId: theirs!.id });
    }
  });

  it('hands a received bill mail to finance once; sent mail cannot be handed', async () => {
    const flags = await t.app
      .inject({
        method: 'POST',
        url: `${E}/select/selectBillFlagEnumList`,
        headers: { ...bearer(sales), 'x-lang': 'en' },
      })
      .then((r) => r.json().data);
    expect(flags[0]).toEqual({ value: 'supplierBill', label: 'Supplier bill' });
    const [inbox] = (await post('receive/query', { size: 1 })).data.records;
    const pushed = await post('email/receive/pushToFcBillEmail', { id: inbox.id, billFlag: 'supplierBill' });
    expect(pushed.data).toMatchObject({ id: inbox.id, billFlag: 'supplierBill' });
    expect((await post('email/receive/pushToFcBillEmail', { id: inbox.id, billFlag: 'creditNote' })).code).toBe(
      Errors.MAIL_BILL_ALREADY_PUSHED.code,
    );
    expect((await post('email/receive/pushToFcBillEmail', { id: inbox.id, billFlag: 'bogus' })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    const [sent] = (await post('send/query', { size: 1 })).data.records;
    expect((await post('email/receive/pushToFcBillEmail', { id: sent.id, billFlag: 'supplierBill' })).code).toBe(
      Errors.MAIL_NOT_RECEIVED.code,
    );
    expect(
      (await post('email/receive/pushToFcBillEmail', { id: inbox.id, billFlag: 'supplierBill' }, finance)).code,
    ).toBe(Errors.NOT_FOUND.code);
  });
});
