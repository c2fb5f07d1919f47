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
});
