import { Errors } from '@portal/contracts';
import { FinPerm } from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesSum } from '../src/modules/finance/ledger.js';
import { finAccounts, finApplications, finLedgerEntries } from '../src/modules/finance/schema.js';
import { bearer, onPostgres, type TestApp, type Tokens } from './harness.js';
import { financeDecisions, financeRecords, startFinanceApp } from './support/finance-fixture.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/** Allocations back to the main account and between sub-accounts (decision 0141). */
let t: TestApp;
let sales: Tokens;
let other: Tokens;
let fin: Tokens;
let customerId: number;

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const { agree, approved } = financeDecisions(() => ({ t, fin }));
const { account, count } = financeRecords(() => t);
const get = (tok: Tokens, url: string) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json() as Answer);
const balance = async (id: number) => (await account(id)).balance;

async function openAccount(
  billing: 'prepaid' | 'postpaid',
  opts: { currency?: string; creditLine?: string; main?: number } = {},
) {
  const id = await approved(
    await post(sales, '/v2/fc/account/apply', {
      customerId,
      products: ['sms'],
      currency: opts.currency ?? 'USD',
      billing,
      creditLine: opts.creditLine ?? '0',
    }),
  );
  if (opts.main != null) {
    const acc = await account(id);
    const res = await post(fin, '/v2/fc/account/update', { id, version: acc.version, mainAccountId: opts.main });
    expect(res.code, res.msg).toBe(0);
  }
  return id;
}
const recharge = async (id: number, amount: string) =>
  approved(await post(sales, '/v2/fc/financeRecharge/apply', { accountId: id, amount, reason: 'wire' }));
/** money to `to` from `from` (absent: `to`'s main account) */
const allocate = (tok: Tokens, to: number, amount: string, from?: number) =>
  post(tok, '/v2/fc/financeRecharge/allocation/apply', {
    accountId: to,
    ...(from == null ? {} : { fromAccountId: from }),
    amount,
    reason: 'group funds',
  });
const code = async (id: number) => (await account(id)).code;

beforeAll(async () => {
  ({ t, sales, other, fin, customerId } = await startFinanceApp(FinPerm.ALLOCATE));
}, 120_000);
afterAll(async () => t?.close());

describe('allocations back and between sub-accounts', () => {
  let main: number;
  let s1: number;
  let s2: number;

  it('refuses bad allocations at the application with its codes and writes nothing', async () => {
    main = await openAccount('prepaid');
    s1 = await openAccount('prepaid', { main });
    s2 = await openAccount('prepaid', { main });
    const credited = await openAccount('prepaid', { main, creditLine: '50' });
    const postpaid = await openAccount('postpaid', { main, creditLine: '50' });
    const lone = await openAccount('prepaid');
    const otherMain = await openAccount('prepaid');
    const otherSub = await openAccount('prepaid', { main: otherMain });
    const euro = await openAccount('prepaid', { currency: 'EUR' });
    // a sub-account whose main account's currency differs (linked before a change: written directly)
    const stray = await openAccount('prepaid', { currency: 'EUR' });
    await t.p.db.update(finAccounts).set({ mainAccountId: main }).where(eq(finAccounts.id, stray));
    await recharge(main, '100');
    await approved(await allocate(sales, s1, '60'));
    expect(await balance(s1)).toBe('60.0000');

    const before = await count();
    const cases: [Tokens, number, number, string, number][] = [
      [sales, s1, s1, '10', Errors.FIN_ALLOCATION_SAME.code],
      [sales, s1, lone, '10', Errors.FIN_ALLOCATION_GROUP.code],
      [sales, lone, main, '10', Errors.FIN_ALLOCATION_GROUP.code],
      [sales, s1, otherSub, '10', Errors.FIN_ALLOCATION_GROUP.code],
      [sales, s1, euro, '10', Errors.FIN_ALLOCATION_GROUP.code],
      [sales, stray, main, '10', Errors.FIN_ALLOCATION_MISMATCH.code],
      [sales, s1, main, '60.01', Errors.FIN_ALLOCATION_HOLDS.code],
      [sales, s1, s2, '60.01', Errors.FIN_ALLOCATION_HOLDS.code],
      // a sub-account's credit line is for its own traffic, never moved
      [sales, credited, main, '10', Errors.FIN_ALLOCATION_HOLDS.code],
      [sales, postpaid, s2, '10', Errors.FIN_ALLOCATION_HOLDS.code],
      [sales, s1, main, '0', Errors.FIN_AMOUNT_ZERO.code],
      [sales, s1, main, '1.23456', Errors.VALIDATION_FAILED.code],
      [sales, 2_000_000_000, main, '10', Errors.NOT_FOUND.code],
      [other, s1, main, '10', Errors.NOT_FOUND.code],
    ];
    for (const [tok, from, to, amount, want] of cases)
      expect((await allocate(tok, to, amount, from)).code, `${from} → ${to} ${amount}`).toBe(want);
    expect(await count()).toBe(before);
    expect(await balance(s1)).toBe('60.0000');
    expect(await balance(main)).toBe('40.0000');
  });

  it('back to the main account and between sub-accounts: two entries when approved, listed with from → to', async () => {
    const back = await allocate(sales, main, '20', s1);
    expect(back.code, back.msg).toBe(0);
    expect(await balance(s1)).toBe('60.0000');
    expect((await agree(back.data.instanceId)).code).toBe(0);
    expect(await balance(s1)).toBe('40.0000');
    expect(await balance(main)).toBe('60.0000');

    const between = await approved(await allocate(sales, s2, '15', s1));
    expect(await balance(s1)).toBe('25.0000');
    expect(await balance(s2)).toBe('15.0000');
    for (const id of [main, s1, s2]) expect(await entriesSum(t.p.db, id)).toBe(await balance(id));
    const entries = await t.p.db.select().from(finLedgerEntries).where(eq(finLedgerEntries.applicationId, between));
    expect(entries.map((e) => [e.accountId, e.kind, e.amount]).sort()).toEqual(
      [
        [s1, 'allocation', '-15.0000'],
        [s2, 'allocation', '15.0000'],
      ].sort(),
    );
    const d = await get(sales, `/v2/fc/financeRecharge/allocation/processInstance/${back.data.instanceId}`);
    expect(d.data).toMatchObject({ kind: 'allocation', accountId: s1, subAccountId: main, balanceAfter: '40.0000' });

    // the records list: each allocation once, on its source, with its direction
    const list = await post(fin, '/v2/fc/entry/main-account/page', { kind: ['allocation'], size: 50 });
    expect(list.code, list.msg).toBe(0);
    const rows = list.data.records as { accountId: number; amount: string; direction: string; applicationId: number }[];
    const [m, a, b] = [await code(main), await code(s1), await code(s2)];
    const mine = rows.filter((r) => [main, s1, s2].includes(r.accountId));
    expect(mine.map((r) => [r.direction, r.amount]).sort()).toEqual(
      [
        [`${m} → ${a}`, '-60.0000'],
        [`${a} → ${m}`, '-20.0000'],
        [`${a} → ${b}`, '-15.0000'],
      ].sort(),
    );
    const theirs = await post(other, '/v2/fc/entry/main-account/page', { accountId: s1, size: 50 });
    expect(theirs.data?.records ?? []).toEqual([]);
  });

  it('at approval: refused when no longer one group or no longer holding the amount; nothing changes', async () => {
    const first = await allocate(sales, main, '20', s1);
    const second = await allocate(sales, s2, '20', s1);
    expect(first.code, first.msg).toBe(0);
    expect(second.code, second.msg).toBe(0);
    expect((await agree(first.data.instanceId)).code).toBe(0);
    let before = await count();
    expect((await agree(second.data.instanceId)).code).toBe(Errors.FIN_ALLOCATION_HOLDS.code);
    expect(await count()).toBe(before);

    const third = await allocate(sales, s1, '5', s2);
    expect(third.code, third.msg).toBe(0);
    const acc = await account(s1);
    expect((await post(fin, '/v2/fc/account/update', { id: s1, version: acc.version, mainAccountId: null })).code).toBe(
      0,
    );
    before = await count();
    expect((await agree(third.data.instanceId)).code).toBe(Errors.FIN_ALLOCATION_GROUP.code);
    expect(await count()).toBe(before);
    expect(await balance(s1)).toBe('5.0000');
    expect(await balance(s2)).toBe('15.0000');
    expect(await balance(main)).toBe('80.0000');
  });
});

/** Opposite allocations at once (PostgreSQL: real concurrent transactions, real row locks). */
describe.skipIf(!onPostgres)('opposite allocations at once on PostgreSQL', () => {
  it('A→B and B→A (and main ↔ A) approved at once: no deadlock, no overdraft, balances equal entries', async () => {
    const main = await openAccount('prepaid');
    const a = await openAccount('prepaid', { main });
    const b = await openAccount('postpaid', { main, creditLine: '500' });
    await recharge(main, '300');
    await approved(await allocate(sales, a, '100'));
    await approved(await allocate(sales, b, '100'));
    // 12 A→B and 12 B→A of 30, 4 main→A and 4 A→main of 30: each side can pay only some
    const plan: [number, number][] = [
      ...Array.from({ length: 12 }, (): [number, number] => [a, b]),
      ...Array.from({ length: 12 }, (): [number, number] => [b, a]),
      ...Array.from({ length: 4 }, (): [number, number] => [main, a]),
      ...Array.from({ length: 4 }, (): [number, number] => [a, main]),
    ];
    const started: Answer[] = [];
    for (const [from, to] of plan) started.push(await allocate(sales, to, '30', from));
    for (const r of started) expect(r.code, r.msg).toBe(0);
    const page = await post(fin, '/v2/workflow/my/toDoPage', { page: 1, size: 200 });
    const tasks = new Map<number, number>(
      page.data.records.map((r: { id: number; taskId: number }) => [r.id, r.taskId] as const),
    );
    // interleave the opposite directions so they collide
    const order = started.map((_, i) => i).sort((x, y) => (x % 12) - (y % 12) || x - y);
    const results = await Promise.all(
      order.map((i) =>
        post(fin, '/v2/workflow/agree', { taskId: tasks.get(started[i]!.data.instanceId), opinion: 'ok' }),
      ),
    );
    const allowed = [0, Errors.FIN_ALLOCATION_HOLDS.code, Errors.FIN_ALLOCATION_BALANCE.code];
    for (const r of results) expect(allowed, `${r.code} ${r.msg}`).toContain(r.code);
    expect(results.filter((r) => r.code === 0).length).toBeGreaterThan(0);
    for (const id of [main, a, b]) {
      const bal = await balance(id);
      expect(Number(bal), `account ${id} never below zero`).toBeGreaterThanOrEqual(0);
      expect(await entriesSum(t.p.db, id)).toBe(bal);
    }
    const sum = (await Promise.all([main, a, b].map(balance))).reduce((s, x) => s + Number(x), 0);
    expect(sum).toBe(300);
    // every approval that answered 0 posted its two entries, every refusal none
    const ids = started.map((r) => r.data.id as number);
    const apps = await t.p.db
      .select({ id: finApplications.id, state: finApplications.state })
      .from(finApplications)
      .where(sql`${finApplications.id} in (${sql.join(ids, sql`, `)})`);
    const ok = results.filter((r) => r.code === 0).length;
    expect(apps.filter((x) => x.state === 'approved')).toHaveLength(ok);
    const posted = await t.p.db
      .select({ n: sql<number>`count(*)::int` })
      .from(finLedgerEntries)
      .where(sql`${finLedgerEntries.applicationId} in (${sql.join(ids, sql`, `)})`);
    expect(posted[0]!.n).toBe(ok * 2);
  }, 240_000);
});
