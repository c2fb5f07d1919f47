import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers } from '../src/platform/access/schema.js';
import { auditLog } from '../src/platform/audit/schema.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

type AuditRow = typeof auditLog.$inferSelect;

describe('audit log', () => {
  let t: TestApp;
  let admin: Tokens;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    t = await startTestApp();
    for (const u of await t.p.db.select({ id: staffUsers.id, username: staffUsers.username }).from(staffUsers)) {
      ids.set(u.username, u.id);
    }
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(async () => t?.close());

  const rowsFor = (requestId: string) => t.p.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
  /** The audit row is written after the answer went out: wait for it. */
  const auditOf = async (requestId: string): Promise<AuditRow> => {
    for (let i = 0; i < 100; i++) {
      const [row] = await rowsFor(requestId);
      if (row) return row;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no audit row for ${requestId}`);
  };
  /** Proves a call wrote nothing: an audited call made after it has landed, and still no row for the first. */
  const expectNoAudit = async (requestId: string) => {
    const marker = randomUUID();
    await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token',
      headers: { 'x-request-id': marker },
      payload: { grant_type: 'password', username: 'marker', password: 'x', client_id: 'staff-web', scope: 'staff' },
    });
    await auditOf(marker);
    await new Promise((r) => setTimeout(r, 50));
    expect(await rowsFor(requestId)).toEqual([]);
  };
  const idempotenceKey = async (tok: Tokens) => {
    const res = await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok) });
    return res.json().data.key as string;
  };

  it('records a status change: who, what, outcome, from where, which request', async () => {
    const requestId = `audit-${randomUUID()}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/sys/staff/user/status',
      headers: {
        ...bearer(admin),
        'x-idempotence-key': await idempotenceKey(admin),
        'x-request-id': requestId,
        'x-forwarded-for': '203.0.113.9',
        'user-agent': 'audit-test/1.0',
      },
      payload: { id: ids.get('ops06'), status: 'disabled' },
    });
    expect(res.json().code).toBe(0);
    expect(res.headers['x-request-id']).toBe(requestId);
    const row = await auditOf(requestId);
    expect(row).toMatchObject({
      userId: ids.get('admin'),
      username: 'admin',
      method: 'POST',
      route: '/v2/sys/staff/user/status',
      path: '/v2/sys/staff/user/status',
      statusCode: 200,
      ip: '203.0.113.9',
      userAgent: 'audit-test/1.0',
      requestId,
      detail: { id: ids.get('ops06'), status: 'disabled' },
    });
    expect(row.at.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('uses the generated request id when the client sends none', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/sys/staff/user/status',
      headers: { ...bearer(admin), 'x-idempotence-key': await idempotenceKey(admin) },
      payload: { id: ids.get('ops06'), status: 'active' },
    });
    const requestId = res.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const row = await auditOf(requestId);
    expect(row).toMatchObject({ username: 'admin', statusCode: 200, ip: '127.0.0.1', detail: { status: 'active' } });
  });

  it('records a sign-in under the user who signed in, with the password redacted', async () => {
    const requestId = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token',
      headers: { 'x-request-id': requestId },
      payload: {
        grant_type: 'password',
        username: DEMO.finance01.username,
        password: DEMO.finance01.password,
        client_id: 'staff-web',
        scope: 'staff',
      },
    });
    expect(res.json().code).toBe(0);
    const row = await auditOf(requestId);
    expect(row).toMatchObject({
      userId: ids.get('finance01'),
      username: 'finance01',
      route: '/auth/oauth/token',
      statusCode: 200,
      detail: { grant_type: 'password', username: 'finance01', password: '***', client_id: 'staff-web' },
    });
    expect(JSON.stringify(row.detail)).not.toContain(DEMO.finance01.password);
    // nor does the answer's token end up in the log
    expect(JSON.stringify(row)).not.toContain(res.json().data.refreshToken);
  });

  it('records a failed sign-in with its status, no user, and no password or captcha answer', async () => {
    const requestId = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token',
      headers: { 'x-request-id': requestId },
      payload: {
        grant_type: 'password',
        username: 'admin',
        password: 'Guess#Secret-77',
        code: 'q9z8',
        uuid: randomUUID(),
        client_id: 'staff-web',
        scope: 'staff',
      },
    });
    expect(res.statusCode).toBe(401);
    const row = await auditOf(requestId);
    expect(row).toMatchObject({ userId: null, username: null, statusCode: 401, detail: { username: 'admin' } });
    expect(row.detail).toMatchObject({ password: '***', code: '***' });
    const text = JSON.stringify(row.detail);
    expect(text).not.toContain('Guess#Secret-77');
    expect(text).not.toContain('q9z8');
  });

  it('redacts refresh tokens and both passwords of a password change', async () => {
    const s = await signIn(t.app, { username: 'finance03', password: 'Finance#2026' });
    const refreshId = randomUUID();
    await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token',
      headers: { 'x-request-id': refreshId },
      payload: { grant_type: 'refresh_token', refresh_token: s.refreshToken, client_id: 'staff-web', scope: 'staff' },
    });
    const refreshRow = await auditOf(refreshId);
    expect(refreshRow.detail).toMatchObject({ grant_type: 'refresh_token', refresh_token: '***' });
    expect(JSON.stringify(refreshRow)).not.toContain(s.refreshToken);

    const changeId = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/sys/staff/user/changePassword',
      headers: { ...bearer(s), 'x-request-id': changeId },
      payload: { oldPassword: 'Finance#2026', newPassword: 'Changed#Pass2026' },
    });
    expect(res.json().code).toBe(0);
    const row = await auditOf(changeId);
    expect(row).toMatchObject({
      userId: ids.get('finance03'),
      username: 'finance03',
      statusCode: 200,
      detail: { oldPassword: '***', newPassword: '***' },
    });
    expect(JSON.stringify(row)).not.toMatch(/Finance#2026|Changed#Pass2026/);
  });

  it('redacts the password of a created user and keeps the other fields', async () => {
    const requestId = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/sys/staff/user/save',
      headers: { ...bearer(admin), 'x-idempotence-key': await idempotenceKey(admin), 'x-request-id': requestId },
      payload: { username: 'audited.user', name: 'Audited', jobNumber: 'A-1', password: 'Initial#Pass2026' },
    });
    expect(res.json().code).toBe(0);
    const row = await auditOf(requestId);
    expect(row.detail).toMatchObject({ username: 'audited.user', name: 'Audited', jobNumber: 'A-1', password: '***' });
    expect(JSON.stringify(row)).not.toContain('Initial#Pass2026');
  });

  it('records refused calls too: 403 with the caller, 400 for bad input', async () => {
    const sales = await signIn(t.app, DEMO.sales01);
    const deniedId = randomUUID();
    const denied = await t.app.inject({
      method: 'POST',
      url: '/v2/sys/staff/user/status',
      headers: { ...bearer(sales), 'x-request-id': deniedId },
      payload: { id: ids.get('admin'), status: 'disabled' },
    });
    expect(denied.statusCode).toBe(403);
    expect(await auditOf(deniedId)).toMatchObject({
      userId: ids.get('sales01'),
      username: 'sales01',
      statusCode: 403,
      route: '/v2/sys/staff/user/status',
    });

    const badId = randomUUID();
    await t.app.inject({
      method: 'POST',
      url: '/v2/sys/staff/user/save',
      headers: { ...bearer(admin), 'x-idempotence-key': await idempotenceKey(admin), 'x-request-id': badId },
      payload: { username: 42, password: 'Leaky#Pass2026' },
    });
    const bad = await auditOf(badId);
    expect(bad).toMatchObject({ username: 'admin', statusCode: 400 });
    expect(JSON.stringify(bad)).not.toContain('Leaky#Pass2026');
  });

  it('writes nothing for GET calls', async () => {
    for (const url of ['/v2/sys/staff/overseas/getUserInfo', '/v2/sys/staff/overseas/getResourceByMenu', '/dcode']) {
      const requestId = randomUUID();
      const res = await t.app.inject({ url, headers: { ...bearer(admin), 'x-request-id': requestId } });
      expect(res.statusCode).toBe(200);
      await expectNoAudit(requestId);
    }
  });

  it('writes nothing for routes that opt out (audit: false), such as the user list', async () => {
    const optedOut = t.app.routesList.filter(
      (r) => r.url === '/v2/sys/staff/user/page' && (Array.isArray(r.method) ? r.method : [r.method]).includes('POST'),
    );
    expect(optedOut).toHaveLength(1);
    const requestId = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/sys/staff/user/page',
      headers: { ...bearer(admin), 'x-request-id': requestId },
      payload: { keyword: 'admin' },
    });
    expect(res.json().code).toBe(0);
    await expectNoAudit(requestId);
  });
});
