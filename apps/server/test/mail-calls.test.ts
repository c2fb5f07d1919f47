import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Errors } from '@portal/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmContacts, crmCustomers } from '../src/modules/crm/schema.js';
import { mailBookList, mailSenderRuleList, mailTemplateList } from '../src/modules/mail/lists.js';
import { mailBook, mailSenderRules, mailTemplates } from '../src/modules/mail/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { bearer, DEMO, poll, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { describeResource, type ResourceCase } from './support/describe-resource.js';

const E = '/v2/emailbox';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.close());

// ── the three personal lists on the kernel (their writes are the spec calls, so records are written here) ──
let n = 0;
const bookEntry: ResourceCase['ownedRecord'] = async (x, userId) => {
  const [r] = await x.p.db
    .insert(mailBook)
    .values({ userId, email: `conformance${++n}@book.example`, name: `Conformance ${n}`, company: 'Conformance AB' })
    .returning({ id: mailBook.id });
  return r!.id;
};
const template: ResourceCase['ownedRecord'] = async (x, userId) => {
  const [r] = await x.p.db
    .insert(mailTemplates)
    .values({ userId, name: `Conformance ${++n}`, subject: 'conformance subject', content: '<p>x</p>' })
    .returning({ id: mailTemplates.id });
  return r!.id;
};
const senderRule: ResourceCase['ownedRecord'] = async (x, userId) => {
  const [r] = await x.p.db
    .insert(mailSenderRules)
    .values({ userId, kind: 'black', value: `conformance${++n}@rules.example` })
    .returning({ id: mailSenderRules.id });
  return r!.id;
};
// the suite pages five of the administrator's records: two more of each beside its own three
beforeAll(async () => {
  const [admin] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin'));
  for (let i = 0; i < 2; i++) {
    await template(t, admin!.id);
    await senderRule(t, admin!.id);
  }
});
describeResource(mailBookList, { app: () => t, filters: { keyword: 'CONFORMANCE' }, ownedRecord: bookEntry });
describeResource(mailTemplateList, {
  app: () => t,
  filters: { keyword: 'conformance', shared: false },
  ownedRecord: template,
});
describeResource(mailSenderRuleList, {
  app: () => t,
  filters: { keyword: 'conformance', kind: 'black' },
  ownedRecord: senderRule,
});

describe('mail calls: sender/query, customer contacts, batch forward, selects, ding notice', () => {
  let sales: Tokens;
  let finance: Tokens;
  let ops: Tokens;
  beforeAll(async () => {
    [sales, finance, ops] = await Promise.all([
      signIn(t.app, DEMO.sales01),
      signIn(t.app, DEMO.finance01),
      signIn(t.app, DEMO.ops01),
    ]);
  });
  const call = (method: 'GET' | 'POST', url: string, tok: Tokens, payload?: object) =>
    t.app
      .inject({
        method,
        url: `${E}/${url}`,
        headers: { ...bearer(tok), 'accept-language': 'en' },
        ...(payload ? { payload } : {}),
      })
      .then((r) => ({ status: r.statusCode, ...r.json() }));
  const post = (url: string, payload: object, tok: Tokens = sales) => call('POST', url, tok, payload);
  const get = (url: string, tok: Tokens = sales) => call('GET', url, tok);

  it('sender/query: who wrote to my inbox, most mail first, by keyword; bad input and no mailbox refused', async () => {
    for (const subject of ['senders one', 'senders two'])
      await post('email/send', { receiverEmailList: [{ email: 'sales01@portal.example' }], subject }, finance);
    const all = (await post('sender/query', {})).data as { email: string; count: number; lastAt: string }[];
    const fin = all.find((s) => s.email === 'finance01@portal.example');
    expect(fin?.count).toBeGreaterThanOrEqual(2);
    expect(Date.parse(fin!.lastAt)).not.toBeNaN();
    expect(all.map((s) => s.count)).toEqual([...all.map((s) => s.count)].sort((a, b) => b - a));
    const hits = (await post('sender/query', { keyword: 'FINANCE01' })).data;
    expect(hits.map((s: { email: string }) => s.email)).toEqual(['finance01@portal.example']);
    expect((await post('sender/query', { folder: 'junk', keyword: 'finance01' })).data).toEqual([]);
    expect((await post('sender/query', { folder: 'sent' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await post('sender/query', { size: 500 })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await post('sender/query', {}, ops)).code).toBe(Errors.NO_MAILBOX.code);
  });

  it('email/customer/contact: contacts of my customers only, one customer by id; bad input refused', async () => {
    const [me] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'sales01'));
    const [mine] = await t.p.db
      .select({ id: crmCustomers.id, name: crmCustomers.name })
      .from(crmCustomers)
      .innerJoin(crmContacts, eq(crmContacts.customerId, crmCustomers.id))
      .where(and(eq(crmCustomers.ownerId, me!.id), isNotNull(crmContacts.email)))
      .limit(1);
    const one = (await post('email/customer/contact', { customerId: mine!.id })).data;
    expect(one.length).toBeGreaterThan(0);
    expect(
      one.every((c: { customerId: number; email: string }) => c.customerId === mine!.id && c.email.includes('@')),
    ).toBe(true);
    // a sales user sees their own customers' contacts; finance (own scope, no customers) sees none of them
    expect((await post('email/customer/contact', { customerId: mine!.id }, finance)).data).toEqual([]);
    const byName = (await post('email/customer/contact', { keyword: mine!.name.slice(0, 6) })).data;
    expect(byName.some((c: { customerId: number }) => c.customerId === mine!.id)).toBe(true);
    const admin = await signIn(t.app, DEMO.admin);
    expect((await post('email/customer/contact', { customerId: mine!.id }, admin)).data).toHaveLength(one.length);
    expect((await post('email/customer/contact', { customerId: -1 })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await post('email/customer/contact', { keyword: 'x'.repeat(101) })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
  });

  it('email/batch/transmit: one mail carrying each chosen mail as .eml; another’s mail and bad input refused', async () => {
    const mine = (await post('receive/query', { keyword: 'senders' })).data.records as { id: number }[];
    expect(mine.length).toBe(2);
    const body = {
      ids: mine.map((m) => m.id),
      receiverEmailList: [{ email: 'finance01@portal.example' }],
      content: '<p>FYI</p>',
    };
    const sent = await post('email/batch/transmit', body);
    expect(sent.code).toBe(0);
    const [got] = (await post('receive/query', { keyword: 'Fwd: 2 mails' }, finance)).data.records;
    expect(got).toBeTruthy();
    const detail = (await post('email/detail', { id: got.id }, finance)).data;
    const names = detail.attachments.map((a: { name: string }) => a.name).sort();
    expect(names).toEqual(['senders one.eml', 'senders two.eml']);
    // someone else's mail cannot be forwarded; recipients are checked
    expect((await post('email/batch/transmit', body, finance)).code).toBe(Errors.NOT_FOUND.code);
    expect((await post('email/batch/transmit', { ...body, ids: [] })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await post('email/batch/transmit', { ...body, receiverEmailList: [] })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect(
      (await post('email/batch/transmit', { ...body, receiverEmailList: [{ email: 'not an address' }] })).code,
    ).toBe(Errors.MAIL_RECIPIENT_INVALID.code);
  });

  it('select/email/follow and select/email/mark: options in the caller’s language', async () => {
    const follow = (await get('select/email/follow')).data as { value: string; label: string }[];
    expect(follow.length).toBeGreaterThan(0);
    const supplier = (await get('select/email/follow?counterpartKind=supplier')).data;
    expect(supplier.length).toBeGreaterThan(0);
    expect((await get('select/email/follow?counterpartKind=partner')).code).toBe(Errors.VALIDATION_FAILED.code);
    const mark = (await get('select/email/mark')).data;
    expect(mark.map((m: { value: string }) => m.value)).toEqual(['read', 'unread', 'star', 'unstar']);
    expect(mark[0].label).toBe('Mark as read');
    // every mark offered is one receive/mark takes
    const [m] = (await post('receive/query', {})).data.records;
    for (const o of mark) expect((await post('receive/mark', { ids: [m.id], markType: o.value })).code).toBe(0);
  });

  describe('dingNotice', () => {
    let robot: Server;
    const heard: string[] = [];
    beforeAll(async () => {
      robot = createServer((req, res) => {
        let body = '';
        req.on('data', (c) => {
          body += c;
        });
        req.on('end', () => {
          heard.push(JSON.parse(body).text.content);
          res.end('{"errcode":0}');
        });
      });
      await new Promise<void>((r) => robot.listen(0, '127.0.0.1', r));
      process.env.DING_WEBHOOK_URL = `http://127.0.0.1:${(robot.address() as AddressInfo).port}/robot/send`;
    });
    afterAll(async () => {
      delete process.env.DING_WEBHOOK_URL;
      await new Promise((r) => robot.close(r));
    });

    it('turns a mailbox’s robot notices on and off; new mail then reaches the robot', async () => {
      const before = (await get('dingNotice/query')).data;
      expect(before).toMatchObject({ email: 'sales01@portal.example', enabled: false, robot: true });
      await post('email/send', { receiverEmailList: [{ email: 'sales01@portal.example' }], subject: 'quiet' }, finance);
      const on = await post('dingNotice/update', { enabled: true });
      expect(on.data).toMatchObject({ enabled: true, accountId: before.accountId });
      expect((await get('dingNotice/query')).data.enabled).toBe(true);
      await post('email/send', { receiverEmailList: [{ email: 'sales01@portal.example' }], subject: 'loud' }, finance);
      await poll(
        async () => heard.length,
        (x) => x > 0,
      );
      expect(heard).toEqual(['sales01@portal.example 收到 1 封新邮件 / 1 new mail(s) for sales01@portal.example']);
      await post('dingNotice/update', { enabled: false });
      await post(
        'email/send',
        { receiverEmailList: [{ email: 'sales01@portal.example' }], subject: 'quiet 2' },
        finance,
      );
      expect((await get('dingNotice/query')).data.enabled).toBe(false);
      expect(heard).toHaveLength(1);
    });

    it('refuses bad input, another’s mailbox and callers without a mailbox', async () => {
      expect((await post('dingNotice/update', { enabled: 'yes' })).code).toBe(Errors.VALIDATION_FAILED.code);
      expect((await post('dingNotice/update', {})).code).toBe(Errors.VALIDATION_FAILED.code);
      const theirs = (await get('dingNotice/query', finance)).data.accountId;
      expect((await post('dingNotice/update', { accountId: theirs, enabled: true })).code).toBe(Errors.NOT_FOUND.code);
      expect((await get(`dingNotice/query?accountId=${theirs}`)).code).toBe(Errors.NOT_FOUND.code);
      expect((await get('dingNotice/query?accountId=abc')).code).toBe(Errors.VALIDATION_FAILED.code);
      expect((await get('dingNotice/query', ops)).code).toBe(Errors.NO_MAILBOX.code);
    });
  });
});
