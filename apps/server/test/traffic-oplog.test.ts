import { Errors } from '@portal/contracts';
import { accountResource, WORKSPACE_API, workspaceResource } from '@portal/contracts/finance';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finWorkspaces } from '../src/modules/finance/workspaces/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens, xlsxSheets } from './harness.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

const URL = '/v2/traffic/operation-log';
const DAY = 86_400_000;

let t: TestApp;
let admin: Tokens;
let accountId: number;
let workspaceId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, DEMO.admin);
  const [ws] = await t.p.db
    .select({ id: finWorkspaces.id, accountId: finWorkspaces.accountId })
    .from(finWorkspaces)
    .orderBy(finWorkspaces.id)
    .limit(1);
  accountId = ws!.accountId;
  workspaceId = ws!.id;
}, 300_000);
afterAll(async () => t?.close());

const range = (days = 1) => {
  const now = t.clock.now().getTime();
  return { from: new Date(now - days * DAY).toISOString(), to: new Date(now + DAY).toISOString() };
};
const ask = async (query: Record<string, string | number>, tokens = admin, lang = 'zh-CN'): Promise<Answer> =>
  (
    await t.app.inject({
      url: `${URL}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      headers: { ...bearer(tokens), 'x-lang': lang },
    })
  ).json();

describe('operationLog (an account and what hangs on it)', () => {
  it('shows a change to the account and to its workspace with before → after, newest first', async () => {
    const contact = await keyedPost<Answer>(t, admin, `${accountResource.api}/billingContact`, {
      id: accountId,
      billingEmail: 'bills@example.com',
      billingLocale: 'en',
    });
    expect(contact.code, contact.msg).toBe(0);
    const [ws] = await t.p.db
      .select({ version: finWorkspaces.version })
      .from(finWorkspaces)
      .where(eq(finWorkspaces.id, workspaceId));
    const updated = await keyedPost<Answer>(t, admin, `${WORKSPACE_API}/update`, {
      id: workspaceId,
      version: ws!.version,
      remark: 'oplog remark',
    });
    expect(updated.code, updated.msg).toBe(0);

    const page = await ask({ accountId, ...range() }, admin, 'en');
    expect(page.code, page.msg).toBe(0);
    const kinds = page.data.kinds.map((k: { value: string }) => k.value);
    expect(kinds).toEqual(expect.arrayContaining([accountResource.key, workspaceResource.key]));
    // the history lines (the audited calls interleave as kind request: the next test)
    const [first, second] = page.data.records.filter((r: { kind: string }) => r.kind !== 'request');
    expect(first.kind).toBe(workspaceResource.key);
    expect(first.kindLabel).toBe(workspaceResource.title.en);
    expect(first.changes).toContainEqual({
      field: 'remark',
      label: 'Remark',
      from: expect.any(String),
      to: 'oplog remark',
    });
    expect(first.actorName).toBeTruthy();
    expect(second.kind).toBe(accountResource.key);
    expect(second.changes).toContainEqual(expect.objectContaining({ field: 'billingEmail', to: 'bills@example.com' }));
    expect(page.data.account.id).toBe(accountId);

    // the kind filter keeps one kind; zh-CN labels
    const onlyWs = await ask({ accountId, kind: workspaceResource.key, ...range() });
    expect(onlyWs.data.records.every((r: { kind: string }) => r.kind === workspaceResource.key)).toBe(true);
    expect(onlyWs.data.records[0].kindLabel).toBe(workspaceResource.title.zh);
    expect(onlyWs.data.records[0].changes[0].label).toBe('备注');
  });

  it('shows the audited calls on the account and its records as kind request, with their outcome', async () => {
    // a refused call keeps its subject too: a stale version answers CONFLICT
    const stale = await keyedPost<Answer>(t, admin, `${WORKSPACE_API}/update`, {
      id: workspaceId,
      version: 999_999,
      remark: 'stale',
    });
    expect(stale.code).toBe(Errors.CONFLICT.code);
    const page = await ask({ accountId, kind: 'request', ...range() }, admin, 'en');
    expect(page.code, page.msg).toBe(0);
    expect(page.data.kinds).toContainEqual({ value: 'request', label: 'Request' });
    const lines = page.data.records;
    expect(lines.every((r: { kind: string }) => r.kind === 'request')).toBe(true);
    expect(page.data.total).toBe(3);
    expect(lines[0]).toMatchObject({
      kindLabel: 'Request',
      recordId: String(workspaceId),
      actorName: expect.any(String),
      command: 'Update',
      changes: [],
      request: {
        subjectKind: workspaceResource.key,
        subjectLabel: workspaceResource.title.en,
        method: 'POST',
        ok: false,
        resultCode: Errors.CONFLICT.code,
        message: expect.any(String),
      },
    });
    expect(lines[1]).toMatchObject({ command: 'Update', request: { ok: true, resultCode: 0 } });
    expect(lines[2]).toMatchObject({
      recordId: String(accountId),
      request: { subjectKind: accountResource.key, subjectLabel: accountResource.title.en, ok: true },
    });
    const billing = accountResource.commands!.billingContact!.label;
    expect(lines[2].command).toBe(billing.en);

    // zh-CN labels; without a kind both sources merge newest first and page together
    const zh = await ask({ accountId, kind: 'request', ...range() });
    expect(zh.data.records[0]).toMatchObject({ kindLabel: '请求', command: '修改' });
    expect(zh.data.records[2].command).toBe(billing.zh);
    const all = await ask({ accountId, ...range(), size: 3 });
    expect(all.data.total).toBe(5);
    expect(all.data.records.map((r: { kind: string }) => r.kind)).toEqual([
      'request',
      'request',
      workspaceResource.key,
    ]);
    const second = await ask({ accountId, ...range(), size: 3, page: 2 });
    expect(second.data.records.map((r: { kind: string }) => r.kind)).toEqual(['request', accountResource.key]);
    // another kind leaves the requests out
    const onlyAccount = await ask({ accountId, kind: accountResource.key, ...range() });
    expect(onlyAccount.data.records.every((r: { request: unknown }) => r.request === null)).toBe(true);
  });

  it('exports the same lines as a file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${URL}/export`,
      headers: { ...bearer(admin), 'x-lang': 'en' },
      payload: { accountId, ...range(), format: 'xlsx' },
    });
    expect(res.statusCode).toBe(200);
    const [sheet] = await xlsxSheets(res.rawPayload);
    expect(sheet![0]).toEqual(['Time', 'By', 'Kind', 'Record', 'Action', 'Changes', 'Note', 'Outcome']);
    expect(sheet!.some((row) => String(row[5]).includes('oplog remark'))).toBe(true);
    expect(sheet).toContainEqual(
      expect.arrayContaining(['Request', `${workspaceResource.title.en} #${workspaceId}`, 'Update', 'Succeeded']),
    );
    expect(sheet!.some((row) => String(row[7]).startsWith(`Failed ${Errors.CONFLICT.code}: `))).toBe(true);
  });

  it('refuses a missing, inverted or too long range and an unknown kind; nothing else answered', async () => {
    expect((await ask({ accountId })).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    const r = range();
    expect((await ask({ accountId, from: r.to, to: r.from })).code).toBe(Errors.TRF_RANGE_INVERTED.code);
    expect((await ask({ accountId, ...range(94) })).code).toBe(Errors.TRF_RANGE_TOO_LONG.code);
    expect((await ask({ accountId, kind: 'crm.customer', ...range() })).code).toBe(Errors.TRF_OPLOG_KIND_UNKNOWN.code);
    expect((await ask({ accountId: 99_999_999, ...range() })).code).toBe(Errors.TRF_OPLOG_ACCOUNT_UNKNOWN.code);
    const bad = await t.app.inject({ url: `${URL}?accountId=x`, headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
  });

  it("answers only what the account's detail would: scope and the account key", async () => {
    const sales = await signIn(t.app, DEMO.sales01);
    const [me] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'sales01'));
    const all = await portOf(t.p.db, 'accounts')!.active();
    const foreign = all.find((a) => a.ownerId !== me!.id)!;
    const own = all.find((a) => a.ownerId === me!.id);
    const refused = await ask({ accountId: foreign.id, ...range() }, sales);
    expect(refused.code).toBe(Errors.TRF_OPLOG_ACCOUNT_UNKNOWN.code);
    if (own) expect((await ask({ accountId: own.id, ...range() }, sales)).code).toBe(0);
    // ops hold the business-inquiry screens but not the consumer accounts
    const ops = await signIn(t.app, DEMO.ops01);
    expect((await ask({ accountId, ...range() }, ops)).code).toBe(Errors.TRF_OPLOG_ACCOUNT_FORBIDDEN.code);
    const finance = await signIn(t.app, DEMO.finance01);
    expect((await ask({ accountId, ...range() }, finance)).code).toBe(0);
  });
});
