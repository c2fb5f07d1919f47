import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Errors } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncIdentity } from '../src/modules/finance/consumer/identity.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, DEMO, type TestApp, type Tokens } from './harness.js';
import { testAccount } from './support/finance-fixture.js';
import { keyedPost, startSignedIn } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/** Decision 0133: each open account's identity state, from its latest verification. */
let t: TestApp & { url: string };
let admin: Tokens;
let fin: Tokens;
let sales: Tokens;
let adminId = 0;
const I = '/v2/fc/identity';
const V = '/v2/fc/verification';
const DAY = 86_400_000;

const post = (tok: Tokens, url: string, payload: object) => keyedPost<Answer>(t, tok, url, payload);
const read = async (tok: Tokens, url: string, payload: object): Promise<Answer> =>
  (await t.app.inject({ method: 'POST', url, headers: bearer(tok), payload })).json();
const page = async (tok: Tokens, query: object = {}) => {
  const answer = await read(tok, `${I}/page`, { size: 200, ...query });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data.records as Record<string, unknown>[];
};
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = () => dayOf(t.p.clock.now().getTime());
const identityOf = async (accountId: number) => (await page(fin, { keyword: await codeOf(accountId) }))[0]!;
const codeOf = async (id: number) =>
  rowsOf<{ code: string }>(await t.p.db.execute(sql`select code from fin_accounts where id = ${id}`))[0]!.code;

async function upload(tok: Tokens) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4 doc'))], { type: 'application/pdf' }), 'doc.pdf');
  const res = await fetch(`${t.url}/v2/sys/staff/file/upload`, { method: 'POST', headers: bearer(tok), body: form });
  return ((await res.json()) as Answer).data.id as string;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-'));
beforeAll(async () => {
  [t, admin, fin, sales] = await startSignedIn([DEMO.admin, DEMO.finance01, DEMO.sales01], {
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

describe('identity verification per account (auth)', () => {
  it('lists the seeded accounts with states derived from their latest verification; the state filter is exact', async () => {
    // the seed's verified, expiring, expired and pending accounts; each filter returns its state only
    for (const s of ['pending', 'verified', 'expiring', 'expired']) {
      const found = await page(fin, { identityState: s });
      expect(found.length, s).toBeGreaterThan(0);
      expect(new Set(found.map((r) => r.identityState))).toEqual(new Set([s]));
    }
    const expiring = await page(fin, { identityState: 'expiring' });
    expect(expiring.length).toBeGreaterThan(0);
    const day = today();
    const limit = dayOf(t.p.clock.now().getTime() + 30 * DAY);
    for (const r of expiring) {
      expect(r.identityState).toBe('expiring');
      expect(String(r.validUntil) >= day && String(r.validUntil) <= limit, String(r.validUntil)).toBe(true);
    }
    for (const r of await page(fin, { identityState: 'expired' })) expect(String(r.validUntil) < day).toBe(true);
    for (const r of await page(fin, { identityState: 'pending' })) expect(typeof r.submittedAt).toBe('string');
    // only open accounts are listed
    const [closed] = rowsOf<{ n: number }>(
      await t.p.db.execute(sql`select count(*)::int as n from fin_accounts where state in ('active', 'suspended')`),
    );
    expect((await read(fin, `${I}/page`, { size: 1 })).data.total).toBe(closed!.n);
  });

  it('follows the submission, the decision and the valid-until; a past valid-until is refused and changes nothing', async () => {
    const acc = await testAccount(t.p.db, adminId, { customer: 'IDV', name: 'Identity', alias: 'idv', account: 'IV' });
    expect((await identityOf(acc)).identityState).toBe('none');
    const file = await upload(admin);
    const body = {
      accountId: acc,
      subject: 'company',
      legalName: 'Identity Holdings',
      documentNo: 'ID-0133-1',
      documents: [file],
    };
    const past = await post(admin, `${V}/save`, { ...body, validUntil: dayOf(t.p.clock.now().getTime() - DAY) });
    expect(past.code).toBe(Errors.FIN_VERIFY_VALID_UNTIL.code);
    expect((await identityOf(acc)).identityState).toBe('none');

    const made = await post(admin, `${V}/save`, { ...body, validUntil: dayOf(t.p.clock.now().getTime() + 10 * DAY) });
    expect(made.code, made.msg).toBe(0);
    let row = await identityOf(acc);
    expect(row.identityState).toBe('pending');
    expect(row.legalName).toBe('Identity Holdings');
    expect(row.verificationId).toBe(made.data.id);

    expect((await post(fin, `${V}/approve`, { id: made.data.id })).code).toBe(0);
    row = await identityOf(acc);
    expect(row.identityState).toBe('expiring');
    expect(typeof row.decidedAt).toBe('string');

    // a rejected renewal does not hide the approval: still expiring, the approval's document shown
    const early = await post(admin, `${V}/save`, {
      ...body,
      documentNo: 'ID-0133-R',
      validUntil: dayOf(t.p.clock.now().getTime() + 200 * DAY),
    });
    expect(early.code, early.msg).toBe(0);
    expect((await identityOf(acc)).identityState).toBe('pending');
    expect((await post(fin, `${V}/reject`, { id: early.data.id, reason: 'wrong company' })).code).toBe(0);
    row = await identityOf(acc);
    expect([row.identityState, row.verificationId, row.documentNo]).toEqual(['expiring', made.data.id, 'ID-0133-1']);
    // the daily job agrees with the decision
    await syncIdentity(t.p.db, today());
    expect((await identityOf(acc)).verificationId).toBe(made.data.id);

    // eleven days on, the daily job makes it expired (the job is refreshIdentities on today's date;
    // the clock is not moved, the sessions would expire)
    await syncIdentity(t.p.db, dayOf(t.p.clock.now().getTime() + 11 * DAY));
    expect((await identityOf(acc)).identityState).toBe('expired');
    expect((await page(fin, { identityState: 'expired', keyword: await codeOf(acc) })).length).toBe(1);

    // a renewal is a new verification: pending, then rejected
    const renewal = await post(admin, `${V}/save`, {
      ...body,
      documentNo: 'ID-0133-2',
      validUntil: dayOf(t.p.clock.now().getTime() + 400 * DAY),
    });
    expect(renewal.code, renewal.msg).toBe(0);
    expect((await identityOf(acc)).identityState).toBe('pending');
    expect((await post(fin, `${V}/reject`, { id: renewal.data.id, reason: 'blurred scan' })).code).toBe(0);
    row = await identityOf(acc);
    // decided today, the approval is still valid today (expiring); the daily job eleven days on: expired
    expect([row.identityState, row.documentNo]).toEqual(['expiring', 'ID-0133-1']);
    await syncIdentity(t.p.db, dayOf(t.p.clock.now().getTime() + 11 * DAY));
    row = await identityOf(acc);
    expect([row.identityState, row.documentNo]).toEqual(['expired', 'ID-0133-1']);
    // an account whose only verification was rejected reads rejected
    const other = await testAccount(t.p.db, adminId, {
      customer: 'IDR',
      name: 'Identity R',
      alias: 'idr',
      account: 'IR',
    });
    const first = await post(admin, `${V}/save`, { ...body, accountId: other, documentNo: 'ID-0133-3' });
    expect(first.code, first.msg).toBe(0);
    expect((await post(fin, `${V}/reject`, { id: first.data.id, reason: 'blurred scan' })).code).toBe(0);
    expect((await identityOf(other)).identityState).toBe('rejected');
    await syncIdentity(t.p.db, today());
    expect((await identityOf(other)).identityState).toBe('rejected');
  });

  it('is finance’s screen: sales do not hold it', async () => {
    expect((await read(sales, `${I}/page`, { size: 1 })).code).toBe(Errors.NO_PERMISSION.code);
  });
});
