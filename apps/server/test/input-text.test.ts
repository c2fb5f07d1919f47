import { randomUUID } from 'node:crypto';
import { Errors } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers } from '../src/platform/access/schema.js';
import { auditLog } from '../src/platform/audit/schema.js';
import { databaseInputError } from '../src/platform/http/envelope.js';
import { bearer, DEMO, poll, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

/**
 * Text the database cannot store (NUL, unpaired surrogates) is refused at the schema with a
 * code naming the field, and every audited call leaves its row, whatever unicode it carried.
 */
describe('input text and numbers: refused cleanly, audited always', () => {
  let t: TestApp;
  let admin: Tokens;
  /** error-level log lines of the app */
  const errorLog: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ logger: pino({ level: 'error' }, { write: (line: string) => errorLog.push(line) }) });
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(async () => t?.close());

  const idempotenceKey = async () => {
    const res = await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(admin) });
    return res.json().data.key as string;
  };
  const createUser = async (payload: Record<string, unknown>, requestId = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: '/v2/sys/staff/user/save',
      headers: { ...bearer(admin), 'x-idempotence-key': await idempotenceKey(), 'x-request-id': requestId },
      payload,
    });
  const auditOf = async (requestId: string) => {
    const rows = await poll(
      () => t.p.db.select().from(auditLog).where(eq(auditLog.requestId, requestId)),
      (r) => r.length > 0,
      5000,
    );
    return rows[0];
  };
  const userNamed = (username: string) => t.p.db.select().from(staffUsers).where(eq(staffUsers.username, username));

  for (const [what, bad] of [
    ['a NUL byte', 'Ann\u0000a'],
    ['a lone high surrogate', 'Ann\ud83da'],
    ['a lone low surrogate', '\ude00Anna'],
  ] as const) {
    it(`refuses ${what} in a text field with 400 naming the field, creates nothing, and audits the refusal`, async () => {
      const username = `odd.${randomUUID().slice(0, 8)}`;
      const requestId = randomUUID();
      const res = await createUser({ username, name: bad, jobNumber: 'J-1', password: 'Initial#Pass2026' }, requestId);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe(Errors.INVALID_CHARACTER.code);
      expect(body.msg).toContain('body.name');
      expect(await userNamed(username)).toEqual([]);
      // the refused call is audited too: the odd character is stored as U+FFFD, never lost with the row
      const row = await auditOf(requestId);
      expect(row).toMatchObject({ statusCode: 400, username: 'admin' });
      expect((row?.detail as { name?: string } | undefined)?.name).toContain('\ufffd');
    });
  }

  it('refuses a NUL in a query string and in a list filter too', async () => {
    const res = await t.app.inject({
      url: `/v2/sys/staff/jobs?name=${encodeURIComponent('a\u0000b')}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(Errors.INVALID_CHARACTER.code);
    expect(res.json().msg).toContain('querystring.name');
    const list = await t.app.inject({
      method: 'POST',
      url: '/v2/sys/staff/user/page',
      headers: bearer(admin),
      payload: { keyword: '\ud800' },
    });
    expect(list.statusCode).toBe(400);
    expect(list.json().code).toBe(Errors.INVALID_CHARACTER.code);
  });

  it('stores odd but valid unicode (emoji, astral, RTL marks, combining) and audits it unchanged', async () => {
    const name = 'Zoë 👩🏽‍💻 𠀀 \u200fשלום\u200e é';
    const username = `uni.${randomUUID().slice(0, 8)}`;
    const requestId = randomUUID();
    const res = await createUser({ username, name, jobNumber: '𝟘𝟙-1', password: 'Initial#Pass2026' }, requestId);
    expect(res.json().code).toBe(0);
    const [user] = await userNamed(username);
    expect(user?.name).toBe(name);
    const row = await auditOf(requestId);
    expect(row).toMatchObject({ statusCode: 200, route: '/v2/sys/staff/user/save' });
    expect(row?.detail).toMatchObject({ username, name, jobNumber: '𝟘𝟙-1', password: '***' });
  });

  it('an audit insert the database refuses is logged at error level and written again without the detail', async () => {
    // the database refuses this detail (as it refused NUL before): the committed change keeps its row
    await t.p.db.execute(
      sql.raw(
        `alter table audit_log add constraint audit_refuses_name check (detail is null or not (detail ? 'name')) not valid`,
      ),
    );
    try {
      const username = `refused.${randomUUID().slice(0, 8)}`;
      const requestId = randomUUID();
      const res = await createUser(
        { username, name: 'Detail refused', jobNumber: 'J-2', password: 'Initial#Pass2026' },
        requestId,
      );
      expect(res.json().code).toBe(0);
      expect(await userNamed(username)).toHaveLength(1);
      const row = await auditOf(requestId);
      expect(row).toMatchObject({ statusCode: 200, route: '/v2/sys/staff/user/save', username: 'admin' });
      expect(row?.detail).toEqual({ unrecorded: true });
      const logged = errorLog.map((l) => JSON.parse(l)).find((l) => l.requestId === requestId);
      expect(logged).toMatchObject({ level: 50, msg: expect.stringContaining('audit write failed') });
    } finally {
      await t.p.db.execute(sql.raw('alter table audit_log drop constraint audit_refuses_name'));
    }
  });

  it('refuses ids beyond a 32-bit integer column with 400, not 500', async () => {
    for (const id of [2 ** 31, 2 ** 63, -1, 0, 1.5]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/sys/staff/user/status',
        headers: { ...bearer(admin), 'x-idempotence-key': await idempotenceKey() },
        payload: { id, status: 'disabled' },
      });
      expect(res.statusCode, `id ${id}`).toBe(400);
      expect(res.json().code).toBe(Errors.VALIDATION_FAILED.code);
    }
    const list = await t.app.inject({
      method: 'POST',
      url: '/v2/sys/staff/user/page',
      headers: bearer(admin),
      payload: { departmentId: 2 ** 31 },
    });
    expect(list.statusCode).toBe(400);
    expect(list.json().code).toBe(Errors.VALIDATION_FAILED.code);
    // path ids of the approval room's own schemas are bounded too
    const del = await t.app.inject({ url: `/v2/workflow/form/delete/${2 ** 31}`, headers: bearer(admin) });
    expect(del.statusCode).toBe(400);
    expect(del.json().code).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('maps database input errors (SQLSTATE 22xxx, 23xxx) to catalogue codes, whatever wraps them', async () => {
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await t.p.db.execute(statement);
      } catch (err) {
        return databaseInputError(err)?.name;
      }
      return 'accepted';
    };
    expect(await refusal(sql`select ${'2147483648'}::int`)).toBe('DATA_INVALID');
    expect(await refusal(sql`select ${'{"a":"\\u0000"}'}::jsonb`)).toBe('DATA_INVALID');
    expect(await refusal(sql`insert into staff_users (username) values (null)`)).toBe('REQUIRED_VALUE_MISSING');
    expect(await refusal(sql`insert into audit_log (method) values ('x')`)).toBe('REQUIRED_VALUE_MISSING');
    expect(await refusal(sql`select 1`)).toBe('accepted');
    expect(databaseInputError(new Error('connection reset'))).toBeUndefined();
    expect(databaseInputError(Object.assign(new Error('x'), { code: 'EPIPE' }))).toBeUndefined();
  });

  it('answers a truncated multipart upload with 400 MULTIPART_MALFORMED', async () => {
    const body = [
      '--cut',
      'Content-Disposition: form-data; name="file"; filename="a.txt"',
      'Content-Type: text/plain',
      '',
      'the body ends before its closing boundary',
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/download/downloadCenter/api/upload',
      headers: { ...bearer(admin), 'content-type': 'multipart/form-data; boundary=cut' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(Errors.MULTIPART_MALFORMED.code);
  });
});
