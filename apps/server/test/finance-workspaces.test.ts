import { Errors } from '@portal/contracts';
import { WORKSPACE_KEY_SCHEME } from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmCustomers } from '../src/modules/crm/schema.js';
import { finAccounts } from '../src/modules/finance/schema.js';
import { ipAllowed, verifyWorkspaceKey } from '../src/modules/finance/workspaces/keys.js';
import { finWorkspaceKeys } from '../src/modules/finance/workspaces/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { sha256 } from '../src/platform/auth/crypto.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, DEMO, onPostgres, signIn, startTestApp, type TestApp, type Tokens, xlsxSheets } from './harness.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/** Customer workspaces and their API keys (decision 0116). */
let t: TestApp;
let fin: Tokens;
let sales: Tokens;
let other: Tokens;
let salesAccount: number;

const keyed = (tok: Tokens, url: string, payload: object) => keyedPost<Answer>(t, tok, url, payload);
/** create and rotate take no idempotence key (the secret is never kept in its store) */
const plain = async (tok: Tokens, url: string, payload: object): Promise<Answer> =>
  (await t.app.inject({ method: 'POST', url, headers: bearer(tok), payload })).json();
const get = async (tok: Tokens, url: string): Promise<Answer> =>
  (await t.app.inject({ url, headers: bearer(tok) })).json();
const verify = (secret: string, ip: string) => plain(fin, '/v2/fc/workspace/key/verify', { secret, ip });

async function newWorkspace(name = 'Prod') {
  const made = await keyed(fin, '/v2/fc/workspace/save', { name, accountId: salesAccount });
  expect(made.code, made.msg).toBe(0);
  return made.data.id as number;
}
async function newKey(workspaceId: number, allowIps?: string) {
  const made = await plain(fin, '/v2/fc/workspace/key/save', { workspaceId, name: 'backend', allowIps });
  expect(made.code, made.msg).toBe(0);
  return made.data as { id: number; prefix: string; secret: string };
}

beforeAll(async () => {
  t = await startTestApp();
  [fin, sales, other] = await Promise.all([
    signIn(t.app, DEMO.finance01),
    signIn(t.app, DEMO.sales01),
    signIn(t.app, { username: 'sales02', password: 'Sales#2026' }),
  ]);
  const [owner] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'sales01'));
  const [c] = await t.p.db
    .insert(crmCustomers)
    .values({ code: 'WSC1', name: 'Workspace Customer', alias: 'wsc1', type: 'C', country: 'SG', ownerId: owner!.id })
    .returning({ id: crmCustomers.id });
  const [a] = await t.p.db
    .insert(finAccounts)
    .values({
      code: 'CA700001',
      customerId: c!.id,
      currency: 'USD',
      billing: 'prepaid',
      applicantId: owner!.id,
      state: 'active',
    })
    .returning({ id: finAccounts.id });
  salesAccount = a!.id;
}, 120_000);
afterAll(async () => t?.close());

describe('workspace API keys', () => {
  it('shows a new key once: the answer has the secret, the table only its hash, lists and details never', async () => {
    const ws = await newWorkspace();
    const key = await newKey(ws, '203.0.113.0/24, 2001:db8::/32');
    expect(key.secret.startsWith(WORKSPACE_KEY_SCHEME)).toBe(true);
    expect(key.secret.length).toBeGreaterThanOrEqual(40);
    expect(key.prefix).toBe(key.secret.slice(0, 16));

    const [row] = await t.p.db.select().from(finWorkspaceKeys).where(eq(finWorkspaceKeys.id, key.id));
    expect(row!.hash).toBe(sha256(key.secret));
    expect(JSON.stringify(row)).not.toContain(key.secret);
    expect(row!.allowIps).toBe('203.0.113.0/24\n2001:db8::/32');

    const detail = await plain(fin, '/v2/fc/workspace/key/detail', { id: key.id });
    expect(detail.code, detail.msg).toBe(0);
    expect(detail.data.prefix).toBe(key.prefix);
    const page = await keyed(fin, '/v2/fc/workspace/key/page', { workspaceId: ws });
    const timeline = await get(fin, `/v2/fc/workspace/key/timeline?id=${key.id}`);
    expect(timeline.code, timeline.msg).toBe(0);
    const exported = await t.app.inject({
      method: 'POST',
      url: '/v2/fc/workspace/key/export',
      headers: bearer(fin),
      payload: { workspaceId: ws, format: 'xlsx' },
    });
    const [sheet] = await xlsxSheets(exported.rawPayload);
    expect(sheet!.length).toBe(2);
    const secretPart = key.secret.slice(16);
    for (const shown of [detail, page, timeline, sheet]) expect(JSON.stringify(shown)).not.toContain(secretPart);
    // nor is it kept anywhere else: no replay record, no audit detail, no history entry holds it
    await verify(key.secret, '203.0.113.1');
    for (const table of ['idempotence_keys', 'audit_log', 'record_events']) {
      const kept = rowsOf<{ n: number }>(
        await t.p.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} r where r::text like ${`%${secretPart}%`}`,
        ),
      );
      expect(kept[0]!.n, table).toBe(0);
    }
  });

  it('checks a key by its hash and the caller’s IP against the allow-list (IPv4, IPv6, CIDR)', async () => {
    const ws = await newWorkspace();
    const key = await newKey(ws, '203.0.113.0/24\n2001:db8::/32\n198.51.100.7');
    const inside = await verify(key.secret, '203.0.113.200');
    expect(inside.code, inside.msg).toBe(0);
    expect(inside.data).toMatchObject({ keyId: key.id, workspaceId: ws, accountId: salesAccount });
    expect((await verify(key.secret, '2001:db8:ffff::1')).code).toBe(0);
    expect((await verify(key.secret, '198.51.100.7')).code).toBe(0);
    expect((await verify(key.secret, '198.51.100.8')).code).toBe(Errors.FIN_KEY_IP_DENIED.code);
    expect((await verify(key.secret, '203.0.114.1')).code).toBe(Errors.FIN_KEY_IP_DENIED.code);
    expect((await verify(key.secret, '2001:db9::1')).code).toBe(Errors.FIN_KEY_IP_DENIED.code);
    expect((await verify(`${key.secret}x`, '203.0.113.1')).code).toBe(Errors.FIN_KEY_UNKNOWN.code);
    const [row] = await t.p.db.select().from(finWorkspaceKeys).where(eq(finWorkspaceKeys.id, key.id));
    expect(row!.lastUsedIp).toBe('198.51.100.7');
    expect(row!.lastUsedAt).not.toBeNull();
    // an empty allow-list allows any address
    expect(ipAllowed(null, '192.0.2.1')).toBe(true);
    // the platform's check needs its own key: a sales user may not call it
    const res = await plain(sales, '/v2/fc/workspace/key/verify', { secret: key.secret, ip: '203.0.113.1' });
    expect(res.code).toBe(Errors.NO_PERMISSION.code);
  });

  it('refuses a bad allow-list entry with its code and changes nothing', async () => {
    const ws = await newWorkspace();
    const before = await t.p.db.select().from(finWorkspaceKeys);
    for (const bad of ['203.0.113.0/33', '10.0.0.300', 'example.com', '2001:db8::/129']) {
      const res = await plain(fin, '/v2/fc/workspace/key/save', {
        workspaceId: ws,
        name: 'x',
        allowIps: `10.0.0.1 ${bad}`,
      });
      expect(res.code, bad).toBe(Errors.FIN_KEY_BAD_IP.code);
      expect(res.msg).toContain(bad);
    }
    expect(await t.p.db.select().from(finWorkspaceKeys)).toHaveLength(before.length);
    const key = await newKey(ws);
    const upd = await keyed(fin, '/v2/fc/workspace/key/update', {
      id: key.id,
      version: 1,
      allowIps: '192.0.2.0/24,300.1.1.1',
    });
    expect(upd.code).toBe(Errors.FIN_KEY_BAD_IP.code);
    const ok = await keyed(fin, '/v2/fc/workspace/key/update', {
      id: key.id,
      version: 1,
      allowIps: '192.0.2.0/24, 192.0.2.0/24',
    });
    expect(ok.code, ok.msg).toBe(0);
    const [row] = await t.p.db.select().from(finWorkspaceKeys).where(eq(finWorkspaceKeys.id, key.id));
    expect(row!.allowIps).toBe('192.0.2.0/24');
    expect((await verify(key.secret, '192.0.2.9')).code).toBe(0);
    expect((await verify(key.secret, '192.0.3.9')).code).toBe(Errors.FIN_KEY_IP_DENIED.code);
  });

  it('rotates: a new secret once, the old key valid through its grace then expired; a second rotation is refused', async () => {
    const ws = await newWorkspace();
    const old = await newKey(ws);
    const rotated = await plain(fin, '/v2/fc/workspace/key/rotate', { id: old.id, graceHours: 2 });
    expect(rotated.code, rotated.msg).toBe(0);
    const fresh = rotated.data as { id: number; prefix: string; secret: string };
    expect(fresh.secret).not.toBe(old.secret);
    expect((await verify(old.secret, '192.0.2.1')).code).toBe(0);
    expect((await verify(fresh.secret, '192.0.2.1')).code).toBe(0);
    const detail = await plain(fin, '/v2/fc/workspace/key/detail', { id: old.id });
    expect(detail.data).toMatchObject({ state: 'rotated', rotatedTo: fresh.prefix });
    // after the grace the old key is refused, the new one still works
    const later = new Date(t.clock.now().getTime() + 2 * 3_600_000 + 1000);
    await expect(verifyWorkspaceKey(t.p.db, old.secret, '192.0.2.1', later)).rejects.toMatchObject({
      def: Errors.FIN_KEY_EXPIRED,
    });
    await expect(verifyWorkspaceKey(t.p.db, fresh.secret, '192.0.2.1', later)).resolves.toMatchObject({
      keyId: fresh.id,
    });
    const again = await plain(fin, '/v2/fc/workspace/key/rotate', { id: old.id, graceHours: 2 });
    expect(again.code).toBe(Errors.FIN_KEY_STATE.code);
    const grace = await plain(fin, '/v2/fc/workspace/key/rotate', { id: fresh.id, graceHours: 100_000 });
    expect(grace.code).toBe(Errors.VALIDATION_FAILED.code);
    // no grace: the old key stops at once
    const now = await plain(fin, '/v2/fc/workspace/key/rotate', { id: fresh.id, graceHours: 0 });
    expect(now.code, now.msg).toBe(0);
    expect((await verify(fresh.secret, '192.0.2.1')).code).toBe(Errors.FIN_KEY_EXPIRED.code);
    expect((await verify(now.data.secret, '192.0.2.1')).code).toBe(0);
  });

  it('revokes a key at once; a suspended workspace’s keys are refused until it resumes', async () => {
    const ws = await newWorkspace();
    const a = await newKey(ws);
    const b = await newKey(ws);
    expect((await keyed(fin, '/v2/fc/workspace/key/revoke', { id: a.id })).code).toBe(0);
    expect((await verify(a.secret, '192.0.2.1')).code).toBe(Errors.FIN_KEY_REVOKED.code);
    expect((await keyed(fin, '/v2/fc/workspace/key/revoke', { id: a.id })).code).toBe(Errors.FIN_KEY_STATE.code);
    expect((await plain(fin, '/v2/fc/workspace/key/rotate', { id: a.id, graceHours: 1 })).code).toBe(
      Errors.FIN_KEY_STATE.code,
    );

    const suspended = await keyed(fin, '/v2/fc/workspace/suspend', { id: ws, reason: 'unpaid bills' });
    expect(suspended.code, suspended.msg).toBe(0);
    expect((await verify(b.secret, '192.0.2.1')).code).toBe(Errors.FIN_WORKSPACE_SUSPENDED.code);
    expect((await plain(fin, '/v2/fc/workspace/key/save', { workspaceId: ws, name: 'x' })).code).toBe(
      Errors.FIN_WORKSPACE_STATE.code,
    );
    expect((await keyed(fin, '/v2/fc/workspace/suspend', { id: ws, reason: 'again' })).code).toBe(
      Errors.FIN_WORKSPACE_STATE.code,
    );
    expect((await keyed(fin, '/v2/fc/workspace/resume', { id: ws })).code).toBe(0);
    expect((await verify(b.secret, '192.0.2.1')).code).toBe(0);
    const history = await get(fin, `/v2/fc/workspace/timeline?id=${ws}`);
    expect(JSON.stringify(history.data)).toContain('unpaid bills');
  });

  it('keeps to the customer owner’s scope: sales see their customers’ workspaces and keys only, and change none', async () => {
    const ws = await newWorkspace('Scoped');
    const key = await newKey(ws);
    const mine = await keyed(sales, '/v2/fc/workspace/page', { size: 200 });
    expect(mine.code, mine.msg).toBe(0);
    expect(mine.data.records.map((r: { id: number }) => r.id)).toContain(ws);
    const theirs = await keyed(other, '/v2/fc/workspace/page', { size: 200 });
    expect(theirs.data.records.map((r: { id: number }) => r.id)).not.toContain(ws);
    expect((await plain(other, '/v2/fc/workspace/detail', { id: ws })).code).toBe(Errors.NOT_FOUND.code);
    expect((await plain(other, '/v2/fc/workspace/key/detail', { id: key.id })).code).toBe(Errors.NOT_FOUND.code);
    expect((await plain(sales, '/v2/fc/workspace/key/detail', { id: key.id })).code).toBe(0);
    // reading is all sales may do
    expect((await plain(sales, '/v2/fc/workspace/key/save', { workspaceId: ws, name: 'x' })).code).toBe(
      Errors.NO_PERMISSION.code,
    );
    expect((await plain(sales, '/v2/fc/workspace/key/rotate', { id: key.id, graceHours: 1 })).code).toBe(
      Errors.NO_PERMISSION.code,
    );
    expect((await keyed(sales, '/v2/fc/workspace/save', { name: 'x', accountId: salesAccount })).code).toBe(
      Errors.NO_PERMISSION.code,
    );
  });

  it('refuses a workspace on an account that is not open', async () => {
    await t.p.db.execute(sql`update fin_accounts set state = 'closed' where id = ${salesAccount}`);
    try {
      const res = await keyed(fin, '/v2/fc/workspace/save', { name: 'Late', accountId: salesAccount });
      expect(res.code).toBe(Errors.FIN_WORKSPACE_ACCOUNT.code);
      expect((await keyed(fin, '/v2/fc/workspace/save', { name: 'None', accountId: 2_000_000_000 })).code).toBe(
        Errors.FIN_ACCOUNT_UNKNOWN.code,
      );
    } finally {
      await t.p.db.execute(sql`update fin_accounts set state = 'active' where id = ${salesAccount}`);
    }
  });

  it(`two rotations of one key at once leave one new key${onPostgres ? ' (PostgreSQL: concurrent)' : ''}`, async () => {
    const ws = await newWorkspace();
    const old = await newKey(ws);
    const both = await Promise.all([
      plain(fin, '/v2/fc/workspace/key/rotate', { id: old.id, graceHours: 1 }),
      plain(fin, '/v2/fc/workspace/key/rotate', { id: old.id, graceHours: 1 }),
    ]);
    expect(both.map((r) => r.code).sort()).toEqual([0, Errors.FIN_KEY_STATE.code].sort());
    const successors = await t.p.db.select().from(finWorkspaceKeys).where(eq(finWorkspaceKeys.rotatedFrom, old.id));
    expect(successors).toHaveLength(1);
    const keys = await t.p.db.select().from(finWorkspaceKeys).where(eq(finWorkspaceKeys.workspaceId, ws));
    expect(keys).toHaveLength(2);
  });
});
