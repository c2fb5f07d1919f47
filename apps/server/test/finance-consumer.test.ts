import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Errors } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finLedgerEntries } from '../src/modules/finance/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, DEMO, onPostgres, type TestApp, type Tokens } from './harness.js';
import { testAccount } from './support/finance-fixture.js';
import { keyedPost, startSignedIn } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/** The rules of decision 0121: verifications, contracts, client apps, AWS users, voice top-ups. */
let t: TestApp & { url: string };
let admin: Tokens;
let fin: Tokens;
let adminId = 0;

const post = (tok: Tokens, url: string, payload: object) => keyedPost<Answer>(t, tok, url, payload);
/** a read: page and detail are POSTs without an idempotence key */
const read = async (tok: Tokens, url: string, payload: object): Promise<Answer> =>
  (await t.app.inject({ method: 'POST', url, headers: bearer(tok), payload })).json();
const detail = async (tok: Tokens, api: string, id: number) => (await read(tok, `${api}/detail`, { id })).data;
const page = async (tok: Tokens, api: string, query: object = {}) =>
  (await read(tok, `${api}/page`, { size: 200, ...query })).data.records as Record<string, unknown>[];

/** an active account of a customer the administrator owns, with these products */
async function account(products = '{sms,voice,email}', state = 'active') {
  const id = await testAccount(t.p.db, adminId, {
    customer: 'KR',
    name: 'Consumer Rules',
    alias: 'kcrules',
    account: 'CA5',
  });
  await t.p.db.execute(sql`update fin_accounts set products = ${products}::text[], state = ${state} where id = ${id}`);
  return id;
}
async function upload(tok: Tokens) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4 doc'))], { type: 'application/pdf' }), 'doc.pdf');
  const res = await fetch(`${t.url}/v2/sys/staff/file/upload`, { method: 'POST', headers: bearer(tok), body: form });
  return ((await res.json()) as Answer).data.id as string;
}
const count = async (table: string, where: string) =>
  rowsOf<{ n: number }>(await t.p.db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`)))[0]!.n;

/** the uploads' directory, removed afterwards */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acct-rules-'));

beforeAll(async () => {
  [t, admin, fin] = await startSignedIn([DEMO.admin, DEMO.finance01], {
    listen: true,
    env: { DATA_DIR: dataDir },
  });
  adminId = (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin')))[0]!
    .id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('identity verification (authcheck)', () => {
  const V = '/v2/fc/verification';
  const body = (accountId: number, documents: string[]) => ({
    accountId,
    subject: 'company',
    legalName: 'Acme Messaging Ltd',
    documentNo: '91310000MA1FL',
    documents,
  });

  it('needs documents that are the caller’s own uploads', async () => {
    const acc = await account();
    const none = await post(admin, `${V}/save`, body(acc, []));
    expect(none.code).toBe(Errors.VALIDATION_FAILED.code);
    const othersFile = await upload(fin);
    const taken = await post(admin, `${V}/save`, body(acc, [othersFile]));
    expect(taken.code).toBe(Errors.FILE_NOT_ATTACHABLE.code);
    expect(await count('fin_verifications', `account_id = ${acc}`)).toBe(0);
  });

  it('keeps one pending per account, refuses a closed account, and is decided once by someone else', async () => {
    const acc = await account();
    const file = await upload(admin);
    const made = await post(admin, `${V}/save`, body(acc, [file]));
    expect(made.code, made.msg).toBe(0);
    const second = await post(admin, `${V}/save`, body(acc, [file]));
    expect(second.code).toBe(Errors.FIN_VERIFY_PENDING.code);
    const closed = await post(admin, `${V}/save`, body(await account('{sms}', 'closed'), [file]));
    expect(closed.code).toBe(Errors.FIN_CONSUMER_ACCOUNT.code);

    const id = made.data.id as number;
    const own = await post(admin, `${V}/approve`, { id });
    expect(own.code).toBe(Errors.FIN_VERIFY_SELF.code);
    const noReason = await post(fin, `${V}/reject`, { id });
    expect(noReason.code).toBe(Errors.VALIDATION_FAILED.code);
    const ok = await post(fin, `${V}/approve`, { id });
    expect(ok.code, ok.msg).toBe(0);
    const row = await detail(admin, V, id);
    expect(row.state).toBe('approved');
    expect(typeof row.reviewedAt).toBe('string');
    expect((await post(fin, `${V}/reject`, { id, reason: 'too late' })).code).toBe(Errors.FIN_VERIFY_STATE.code);
    const edit = await post(admin, `${V}/update`, { id, version: row.version, legalName: 'Changed' });
    expect(edit.code).toBe(Errors.FIN_VERIFY_STATE.code);
    // decided: the account may be submitted again (a renewal)
    expect((await post(admin, `${V}/save`, body(acc, [file]))).code).toBe(0);
  });

  it.runIf(onPostgres)('two submissions at once leave one pending verification', async () => {
    const acc = await account();
    const file = await upload(admin);
    const answers = await Promise.all([1, 2, 3].map(() => post(admin, `${V}/save`, body(acc, [file]))));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(await count('fin_verifications', `account_id = ${acc} and state = 'pending'`)).toBe(1);
  });
});

describe('contracts', () => {
  const C = '/v2/fc/contract';
  it('checks the term and the number, and a terminated contract no longer changes', async () => {
    const acc = await account();
    const base = { contractNo: 'HT-RULES-1', title: 'SMS services', accountId: acc, startsOn: '2026-01-01' };
    expect((await post(fin, `${C}/save`, { ...base, endsOn: '2025-12-31' })).code).toBe(Errors.FIN_CONTRACT_TERM.code);
    const made = await post(fin, `${C}/save`, { ...base, endsOn: '2026-12-31' });
    expect(made.code, made.msg).toBe(0);
    expect((await post(fin, `${C}/save`, { ...base, endsOn: '2026-12-31' })).code).toBe(
      Errors.FIN_CONTRACT_DUPLICATE.code,
    );
    const id = made.data.id as number;
    let row = await detail(fin, C, id);
    const shorter = await post(fin, `${C}/update`, { id, version: row.version, endsOn: '2025-06-30' });
    expect(shorter.code).toBe(Errors.FIN_CONTRACT_TERM.code);
    expect((await post(fin, `${C}/terminate`, { id, reason: 'customer left' })).code).toBe(0);
    row = await detail(fin, C, id);
    expect(row.state).toBe('terminated');
    expect(row.terminateReason).toBe('customer left');
    const late = await post(fin, `${C}/update`, { id, version: row.version, title: 'Again' });
    expect(late.code).toBe(Errors.FIN_CONTRACT_STATE.code);
  });
});

describe('client applications', () => {
  const A = '/v2/fc/client';
  it('takes a product of the account only, gives an APP id, disables and enables', async () => {
    const acc = await account('{sms}');
    const wrong = await post(fin, `${A}/save`, { name: 'OTP', accountId: acc, product: 'voice' });
    expect(wrong.code).toBe(Errors.FIN_CLIENT_PRODUCT.code);
    const made = await post(fin, `${A}/save`, { name: 'OTP', accountId: acc, product: 'sms' });
    expect(made.code, made.msg).toBe(0);
    const id = made.data.id as number;
    expect((await detail(fin, A, id)).appId).toMatch(/^APP\d+$/);
    expect((await post(fin, `${A}/enable`, { id })).code).toBe(Errors.FIN_CLIENT_STATE.code);
    expect((await post(fin, `${A}/disable`, { id, reason: 'paused' })).code).toBe(0);
    expect((await detail(fin, A, id)).state).toBe('disabled');
    expect((await post(fin, `${A}/enable`, { id })).code).toBe(0);
  });
});

describe('AWS users', () => {
  const W = '/v2/fc/aws-user';
  it('checks the identity for its kind, once per region, and records when it was verified', async () => {
    const acc = await account();
    const iam = { kind: 'iam_user', region: 'us-east-1', accountId: acc };
    expect((await post(fin, `${W}/save`, { ...iam, identity: 'arn:aws:iam::12:user/x' })).code).toBe(
      Errors.FIN_AWS_IDENTITY.code,
    );
    expect((await post(fin, `${W}/save`, { ...iam, kind: 'ses_identity', identity: 'not an address' })).code).toBe(
      Errors.FIN_AWS_IDENTITY.code,
    );
    const arn = 'arn:aws:iam::123456789012:user/sender/acme';
    const made = await post(fin, `${W}/save`, { ...iam, identity: arn });
    expect(made.code, made.msg).toBe(0);
    expect((await post(fin, `${W}/save`, { ...iam, identity: arn })).code).toBe(Errors.FIN_AWS_DUPLICATE.code);
    // the same identity in another region is another link
    expect((await post(fin, `${W}/save`, { ...iam, region: 'eu-west-1', identity: arn })).code).toBe(0);
    const id = made.data.id as number;
    expect((await post(fin, `${W}/verify`, { id })).code).toBe(0);
    const row = await detail(fin, W, id);
    expect(row.state).toBe('verified');
    expect(typeof row.verifiedAt).toBe('string');
    expect((await post(fin, `${W}/verify`, { id })).code).toBe(Errors.FIN_AWS_STATE.code);
  });
});

describe('voice top-up records', () => {
  it('lists the top-ups of voice accounts only, never their consumption', async () => {
    const voice = await account('{voice}');
    const sms = await account('{sms}');
    const entry = (accountId: number, kind: 'recharge' | 'consumption', key: string, amount: string) =>
      t.p.db.insert(finLedgerEntries).values({ key, accountId, kind, amount, currency: 'USD', day: '2026-11-02' });
    await entry(voice, 'recharge', 'rules-voice-1', '500');
    await entry(voice, 'consumption', 'rules-voice-2', '-20');
    await entry(sms, 'recharge', 'rules-sms-1', '300');
    const rows = await page(fin, '/v2/fc/entry/voice', { accountId: voice });
    expect(rows.map((r) => [r.kind, r.amount])).toEqual([['recharge', '500.0000']]);
    expect(await page(fin, '/v2/fc/entry/voice', { accountId: sms })).toEqual([]);
    // the platform list still holds all three
    expect((await page(fin, '/v2/fc/entry', { accountId: voice })).length).toBe(2);
  });
});
