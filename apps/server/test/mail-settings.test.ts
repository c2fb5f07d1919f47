import { Errors } from '@portal/contracts';
import { DEFAULT_INBOX_SETTINGS, INBOX_SETTINGS_PATH } from '@portal/contracts/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSharedSignatures } from '../src/modules/mail/schema.js';
import { purgeOldSpam, sharedSignatures } from '../src/modules/mail/settings.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { keyedPost } from './support/signed-in.js';

/** Decision 0062: shared signatures (`/setModule/email/signature`) and the inbox settings (`/setModule/email/inbox`). */
const E = '/v2/emailbox';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.close());

let n = 0;
describeResource(sharedSignatures, {
  app: () => t,
  sample: (i) => ({ name: `Conformance signature ${i}`, content: `<p>Regards ${i}</p>`, enabled: true }),
  update: { enabled: false },
  filters: { keyword: 'conformance', enabled: true },
  ownedRecord: async () => {
    const [r] = await t.p.db
      .insert(mailSharedSignatures)
      .values({ name: `Conformance owned ${++n}`, content: '<p>x</p>' })
      .returning({ id: mailSharedSignatures.id });
    return r!.id;
  },
});

describe('mailbox settings: shared signatures, inbox settings', () => {
  let admin: Tokens;
  let sales: Tokens;
  let finance: Tokens;
  beforeAll(async () => {
    [admin, sales, finance] = await Promise.all([
      signIn(t.app, DEMO.admin),
      signIn(t.app, DEMO.sales01),
      signIn(t.app, DEMO.finance01),
    ]);
  });
  const call = (method: 'GET' | 'POST', url: string, tok: Tokens, payload?: object) =>
    t.app
      .inject({ method, url, headers: bearer(tok), ...(payload ? { payload } : {}) })
      .then((r) => ({ status: r.statusCode, ...r.json() }));
  const post = (url: string, payload: object, tok: Tokens = sales) => call('POST', `${E}/${url}`, tok, payload);
  // biome-ignore lint/suspicious/noExplicitAny: answers read field by field
  const saveInbox = (v: object, tok: Tokens = admin) => keyedPost<any>(t, tok, INBOX_SETTINGS_PATH, v);

  it('offers enabled shared signatures, sanitised, after my own in the write step; disabled ones are not offered', async () => {
    const api = sharedSignatures.def.api;
    const made = await keyedPost<{ code: number; data: { id: number } }>(t, admin, `${api}/save`, {
      name: 'Company footer',
      content: '<p>Portal Telecom</p><script>alert(1)</script><img src=x onerror="alert(2)">',
      enabled: true,
    });
    expect(made.code).toBe(0);
    const offered = async () =>
      (await call('GET', `${E}/select/email/signatureIncludeShare`, sales)).data as {
        id: number;
        content: string;
        shared?: boolean;
      }[];
    const shared = (await offered()).find((s) => s.shared && s.id === made.data.id);
    expect(shared?.content).toContain('Portal Telecom');
    expect(shared?.content).not.toMatch(/script|onerror/);
    // a staff member without the screen's key cannot write shared signatures
    const denied = await keyedPost<{ code: number }>(t, sales, `${api}/save`, {
      name: 'x',
      content: 'x',
      enabled: true,
    });
    expect(denied.code).toBe(Errors.NO_PERMISSION.code);
    const bad = await keyedPost<{ code: number }>(t, admin, `${api}/save`, { name: '', content: 'x', enabled: true });
    expect(bad.code).toBe(Errors.VALIDATION_FAILED.code);
    const upd = await keyedPost<{ code: number }>(t, admin, `${api}/update`, {
      id: made.data.id,
      version: 1,
      enabled: false,
    });
    expect(upd.code).toBe(0);
    expect((await offered()).some((s) => s.shared && s.id === made.data.id)).toBe(false);
  });

  it('reads and saves the inbox settings for administrators only; bad input changes nothing', async () => {
    expect((await call('GET', INBOX_SETTINGS_PATH, admin)).data).toEqual(DEFAULT_INBOX_SETTINGS);
    expect((await call('GET', INBOX_SETTINGS_PATH, sales)).code).toBe(Errors.NO_PERMISSION.code);
    expect((await saveInbox(DEFAULT_INBOX_SETTINGS, sales)).code).toBe(Errors.NO_PERMISSION.code);
    for (const bad of [
      { ...DEFAULT_INBOX_SETTINGS, maxMessageMb: 0 },
      { ...DEFAULT_INBOX_SETTINGS, maxMessageMb: 51 },
      { ...DEFAULT_INBOX_SETTINGS, spamRetentionDays: 0 },
      { ...DEFAULT_INBOX_SETTINGS, spamWords: ['two\nlines'] },
      { ...DEFAULT_INBOX_SETTINGS, spamWords: ['x'.repeat(61)] },
      { ...DEFAULT_INBOX_SETTINGS, learnFromMoves: undefined },
    ])
      expect((await saveInbox(bad)).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await call('GET', INBOX_SETTINGS_PATH, admin)).data).toEqual(DEFAULT_INBOX_SETTINGS);
    const saved = await saveInbox({ ...DEFAULT_INBOX_SETTINGS, spamWords: [' lottery ', 'lottery', 'Free Gift'] });
    expect(saved.code).toBe(0);
    expect(saved.data.spamWords).toEqual(['lottery', 'Free Gift']);
  });

  it('files a subject with a spam word in spam unless the sender is whitelisted; learning from moves can be off', async () => {
    await saveInbox({ ...DEFAULT_INBOX_SETTINGS, spamWords: ['lottery'], learnFromMoves: false });
    await post(
      'email/send',
      { receiverEmailList: [{ email: 'sales01@portal.example' }], subject: 'You won the LOTTERY' },
      finance,
    );
    const [spam] = (await post('junk/query', { keyword: 'lottery' })).data.records;
    expect(spam?.senderEmail).toBe('finance01@portal.example');
    expect((await post('receive/query', { keyword: 'lottery' })).data.total).toBe(0);

    await post('whiteBlack/update', { kind: 'white', value: 'admin@portal.example' });
    await post(
      'email/send',
      { receiverEmailList: [{ email: 'sales01@portal.example' }], subject: 'Lottery rules memo' },
      admin,
    );
    expect((await post('receive/query', { keyword: 'memo' })).data.total).toBe(1);

    // back to the inbox without teaching the lists (learnFromMoves off)
    expect((await post('junk/move', { ids: [spam.id], junk: false })).code).toBe(0);
    expect((await post('whiteBlack/query', { keyword: 'finance01' })).data.total).toBe(0);
    await saveInbox({ ...DEFAULT_INBOX_SETTINGS, spamWords: ['lottery'], learnFromMoves: true });
    expect((await post('junk/move', { ids: [spam.id], junk: true })).code).toBe(0);
    expect((await post('whiteBlack/query', { keyword: 'finance01' })).data.records[0]).toMatchObject({ kind: 'black' });
  });

  it('the inbox filters by one sender (sender/query feeds the filter)', async () => {
    await post('whiteBlack/del', {
      ids: (await post('whiteBlack/query', { keyword: 'finance01' })).data.records.map((r: { id: number }) => r.id),
    });
    await post(
      'email/send',
      { receiverEmailList: [{ email: 'sales01@portal.example' }], subject: 'sender filter a' },
      finance,
    );
    await post(
      'email/send',
      { receiverEmailList: [{ email: 'sales01@portal.example' }], subject: 'sender filter b' },
      admin,
    );
    const [hit] = (await post('sender/query', { keyword: 'finance01' })).data;
    const only = (await post('receive/query', { keyword: 'sender filter', sender: hit.email.toUpperCase() })).data;
    expect(only.records.map((r: { subject: string }) => r.subject)).toEqual(['sender filter a']);
    expect((await post('receive/query', { sender: 'x'.repeat(255) })).code).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('refuses a mail larger than the size limit and sends nothing', async () => {
    await saveInbox({ ...DEFAULT_INBOX_SETTINGS, maxMessageMb: 1 });
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(1_100_000, 97)], { type: 'text/plain' }), 'big.txt');
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
    const sentBefore = (await post('send/query', {})).data.total;
    const big = await post('email/send', {
      receiverEmailList: [{ email: 'finance01@portal.example' }],
      subject: 'too big',
      fileIds: [up.data.id],
    });
    expect(big.code).toBe(Errors.MAIL_TOO_LARGE.code);
    expect((await post('send/query', {})).data.total).toBe(sentBefore);
    expect((await post('receive/query', { keyword: 'too big' }, finance)).data.total).toBe(0);
    await saveInbox({ ...DEFAULT_INBOX_SETTINGS, maxMessageMb: 2 });
    expect(
      (
        await post('email/send', {
          receiverEmailList: [{ email: 'finance01@portal.example' }],
          subject: 'big enough',
          fileIds: [up.data.id],
        })
      ).code,
    ).toBe(0);
  });

  it('deletes spam older than the retention days on the app clock; null keeps it', async () => {
    await saveInbox({ ...DEFAULT_INBOX_SETTINGS, spamWords: ['lottery'], spamRetentionDays: null });
    await post(
      'email/send',
      { receiverEmailList: [{ email: 'sales01@portal.example' }], subject: 'old lottery' },
      finance,
    );
    expect((await post('junk/query', { keyword: 'old lottery' })).data.total).toBe(1);
    t.clock.advance(3 * 86_400_000);
    expect(await purgeOldSpam(t.p)).toBe(0);
    [admin, sales, finance] = await Promise.all([
      signIn(t.app, DEMO.admin),
      signIn(t.app, DEMO.sales01),
      signIn(t.app, DEMO.finance01),
    ]);
    await saveInbox({ ...DEFAULT_INBOX_SETTINGS, spamWords: ['lottery'], spamRetentionDays: 2 });
    // a fresh spam mail stays; the three-day-old ones go
    await post(
      'email/send',
      { receiverEmailList: [{ email: 'sales01@portal.example' }], subject: 'new lottery' },
      finance,
    );
    expect(await purgeOldSpam(t.p)).toBeGreaterThanOrEqual(1);
    expect((await post('junk/query', { keyword: 'old lottery' })).data.total).toBe(0);
    expect((await post('junk/query', { keyword: 'new lottery' })).data.total).toBe(1);
  });
});
