import { Errors } from '@portal/contracts';
import { Decimal } from 'decimal.js';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmCustomers } from '../src/modules/crm/schema.js';
import { entriesSum, postEntry, reverseEntry } from '../src/modules/finance/ledger.js';
import { ledgerPort } from '../src/modules/finance/ports.js';
import { reconcile } from '../src/modules/finance/recon.js';
import { finAccounts, finApplications, finLedgerEntries } from '../src/modules/finance/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { AppError } from '../src/platform/http/errors.js';
import { bearer, DEMO, onPostgres, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * The ledger's invariants under real concurrency (PostgreSQL only: PGlite has one connection, so
 * nothing would contend there). Decision 0041.
 */
describe.skipIf(!onPostgres)('the ledger on PostgreSQL', () => {
  let t: TestApp;
  let sales: Tokens;
  let fin: Tokens;
  let customerId: number;
  let salesId: number;

  const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
  const todos = async () => {
    const page = await post(fin, '/v2/workflow/my/toDoPage', { page: 1, size: 100 });
    return new Map<number, number>(page.data.records.map((r: { id: number; taskId: number }) => [r.id, r.taskId]));
  };
  const balance = async (id: number) =>
    (await t.p.db.select({ b: finAccounts.balance }).from(finAccounts).where(eq(finAccounts.id, id)))[0]!.b;

  /** an account opened through the application and finance's approval */
  async function openAccount(creditLine: string): Promise<number> {
    const res = await post(sales, '/v2/fc/account/apply', {
      customerId,
      products: ['sms'],
      currency: 'USD',
      billing: 'prepaid',
      creditLine,
    });
    expect(res.code, res.msg).toBe(0);
    const agreed = await post(fin, '/v2/workflow/agree', {
      taskId: (await todos()).get(res.data.instanceId),
      opinion: 'ok',
    });
    expect(agreed.code, agreed.msg).toBe(0);
    return res.data.id;
  }

  beforeAll(async () => {
    t = await startTestApp();
    [sales, fin] = await Promise.all([signIn(t.app, DEMO.sales01), signIn(t.app, DEMO.finance01)]);
    salesId = (
      await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'sales01'))
    )[0]!.id;
    customerId = (
      await t.p.db
        .select({ id: crmCustomers.id })
        .from(crmCustomers)
        .where(and(eq(crmCustomers.ownerId, salesId), ne(crmCustomers.state, 'blacklist'), isNotNull(crmCustomers.id)))
        .limit(1)
    )[0]!.id;
  }, 120_000);
  afterAll(async () => t?.close());

  it('concurrent approvals of recharges and consumption on one account never lose or double an entry', async () => {
    // credit enough for the consumption, whichever order the database sees the writers in
    const id = await openAccount('200');
    const N = 24;
    const started: { id: number; instanceId: number; amount: string }[] = [];
    for (let i = 0; i < N; i++) {
      const amount = `${100 + i}.25`;
      const r = await post(sales, '/v2/fc/financeRecharge/apply', { accountId: id, amount, reason: `wire ${i}` });
      expect(r.code, r.msg).toBe(0);
      started.push({ id: r.data.id, instanceId: r.data.instanceId, amount });
    }
    const tasks = await todos();
    const ledger = ledgerPort(t.p.db);
    const day = '2026-11-23';
    // every approval, consumption that the recharges cover, and ten replays of one key, all at once
    const results = await Promise.all([
      ...started.map((s) => post(fin, '/v2/workflow/agree', { taskId: tasks.get(s.instanceId), opinion: 'ok' })),
      ...Array.from({ length: N }, (_, i) =>
        ledger.postConsumption({ accountId: id, day, amount: '2.5', currency: 'USD', key: `pg:c:${id}:${i}` }),
      ),
      ...Array.from({ length: 10 }, () =>
        ledger.postConsumption({ accountId: id, day, amount: '1', currency: 'USD', key: `pg:replay:${id}` }),
      ),
    ]);
    const agreed = results.slice(0, N) as Answer[];
    for (const a of agreed) expect(a.code, a.msg).toBe(0);
    const replays = results.slice(2 * N) as { posted: boolean }[];
    expect(replays.filter((r) => r.posted)).toHaveLength(1);
    const expected = started
      .reduce((s, x) => s.plus(x.amount), new Decimal(0))
      .minus(new Decimal('2.5').mul(N))
      .minus(1);
    expect(await balance(id)).toBe(expected.toFixed(4));
    expect(await entriesSum(t.p.db, id)).toBe(expected.toFixed(4));
    const entries = await t.p.db.select().from(finLedgerEntries).where(eq(finLedgerEntries.accountId, id));
    expect(entries).toHaveLength(2 * N + 1);
    const apps = await t.p.db.select().from(finApplications).where(eq(finApplications.accountId, id));
    const moneyApps = apps.filter((a) => a.kind === 'recharge');
    expect(moneyApps.every((a) => a.state === 'approved' && a.entryId)).toBe(true);
    expect(new Set(moneyApps.map((a) => a.entryId)).size).toBe(N);
    // each balance after an entry is one the account really passed through: no two writers read the same one
    expect(new Set(entries.map((e) => e.balanceAfter)).size).toBeGreaterThan(N);
  }, 120_000);

  it('concurrent approvals of credit-control changes and recharges with consumption on one account lose nothing', async () => {
    const id = await openAccount('0');
    const until = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const started: { instanceId: number; kind: string }[] = [];
    const apply = async (url: string, body: object, kind: string) => {
      const r = await post(sales, url, { accountId: id, reason: kind, ...body });
      expect(r.code, r.msg).toBe(0);
      started.push({ instanceId: r.data.instanceId, kind });
    };
    for (let i = 0; i < 10; i++) await apply('/v2/fc/financeRecharge/apply', { amount: '10' }, 'recharge');
    await apply('/v2/fc/temp/credit/apply', { amount: '40', until }, 'temp_credit');
    await apply('/v2/fc/cre/returnMoneyDelay/apply', { until }, 'deferral');
    await apply('/v2/fc/cre/cycleUpdate/apply', { billCycle: 'weekly' }, 'cycle_change');
    const tasks = await todos();
    const ledger = ledgerPort(t.p.db);
    const day = '2026-11-24';
    const results = await Promise.allSettled([
      ...started.map((s) => post(fin, '/v2/workflow/agree', { taskId: tasks.get(s.instanceId), opinion: 'ok' })),
      ...Array.from({ length: 30 }, (_, i) =>
        ledger.postConsumption({ accountId: id, day, amount: '5', currency: 'USD', key: `pg:cc:${id}:${i}` }),
      ),
    ]);
    const agreed = results.slice(0, started.length);
    for (const a of agreed) expect(a.status === 'fulfilled' && (a.value as Answer).code).toBe(0);
    const consumed = results.slice(started.length);
    // a refusal is the floor's, nothing else
    for (const c of consumed)
      if (c.status === 'rejected') expect(c.reason).toMatchObject({ def: Errors.FIN_INSUFFICIENT_BALANCE });
    const posted = consumed.filter((c) => c.status === 'fulfilled').length;
    const expected = new Decimal(100).minus(new Decimal(5).mul(posted));
    const acc = (await t.p.db.select().from(finAccounts).where(eq(finAccounts.id, id)))[0]!;
    expect(acc).toMatchObject({
      balance: expected.toFixed(4),
      tempCredit: '40.0000',
      tempCreditUntil: until,
      deferredUntil: until,
      billCycle: 'weekly',
    });
    expect(expected.gte(-40)).toBe(true);
    expect(await entriesSum(t.p.db, id)).toBe(expected.toFixed(4));
    const entries = await t.p.db.select().from(finLedgerEntries).where(eq(finLedgerEntries.accountId, id));
    expect(entries.filter((e) => e.kind === 'recharge')).toHaveLength(10);
    expect(entries.filter((e) => e.kind === 'consumption')).toHaveLength(posted);
    const apps = await t.p.db.select().from(finApplications).where(eq(finApplications.accountId, id));
    expect(apps.filter((a) => a.kind !== 'open').every((a) => a.state === 'approved' && a.deciderId)).toBe(true);
  }, 120_000);

  it('concurrent consumption beyond the balance: exactly what the credit line allows is posted', async () => {
    const id = await openAccount('50');
    const r = await post(sales, '/v2/fc/financeRecharge/apply', { accountId: id, amount: '100', reason: 'wire' });
    await post(fin, '/v2/workflow/agree', { taskId: (await todos()).get(r.data.instanceId), opinion: 'ok' });
    const ledger = ledgerPort(t.p.db);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        ledger.postConsumption({
          accountId: id,
          day: '2026-11-23',
          amount: '10',
          currency: 'USD',
          key: `pg:o:${id}:${i}`,
        }),
      ),
    );
    const ok = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toHaveLength(15);
    expect(refused).toHaveLength(10);
    for (const f of refused) expect((f.reason as AppError).def).toBe(Errors.FIN_INSUFFICIENT_BALANCE);
    expect(await balance(id)).toBe('-50.0000');
    expect(await entriesSum(t.p.db, id)).toBe('-50.0000');
  }, 60_000);

  it('concurrent approvals of refunds against two payments, with consumption: no source refunds more than it brought in', async () => {
    // decision 0073: the source's `refunded` moves under its row lock, its check refuses the excess
    const id = await openAccount('50');
    const pay = async (amount: string) => {
      const r = await post(sales, '/v2/fc/financeRecharge/apply', { accountId: id, amount, reason: 'wire' });
      const a = await post(fin, '/v2/workflow/agree', {
        taskId: (await todos()).get(r.data.instanceId),
        opinion: 'ok',
      });
      expect(a.code, a.msg).toBe(0);
      return r.data.id as number;
    };
    const a = await pay('100');
    const b = await pay('50');
    // asked for: 5 × 30 of a (100 came in), 3 × 20 of b (50 came in); each alone is within both
    const asked: { sourceId: number; amount: string; instanceId: number; id: number }[] = [];
    for (const [sourceId, amount, n] of [
      [a, '30', 5],
      [b, '20', 3],
    ] as const)
      for (let i = 0; i < n; i++) {
        const r = await post(fin, '/v2/fc/cre/billRefund/apply', { accountId: id, sourceId, amount, reason: 'r' });
        expect(r.code, r.msg).toBe(0);
        asked.push({ sourceId, amount, instanceId: r.data.instanceId, id: r.data.id });
      }
    const tasks = await todos();
    const ledger = ledgerPort(t.p.db);
    // consumption small enough that the balance always covers the refunds the sources allow
    const results = await Promise.allSettled([
      ...asked.map((x) => post(fin, '/v2/workflow/agree', { taskId: tasks.get(x.instanceId), opinion: 'ok' })),
      ...Array.from({ length: 10 }, (_, i) =>
        ledger.postConsumption({
          accountId: id,
          day: '2026-11-24',
          amount: '2',
          currency: 'USD',
          key: `pg:rf:${id}:${i}`,
        }),
      ),
    ]);
    const answers = results.slice(0, asked.length).map((r) => (r as PromiseFulfilledResult<Answer>).value);
    for (const r of results.slice(asked.length)) expect(r.status).toBe('fulfilled');
    const ok = asked.filter((_, i) => answers[i]!.code === 0);
    const refused = answers.filter((x) => x.code !== 0);
    for (const r of refused) expect(r.code, r.msg).toBe(Errors.FIN_REFUND_OVER.code);
    expect(ok.filter((x) => x.sourceId === a)).toHaveLength(3);
    expect(ok.filter((x) => x.sourceId === b)).toHaveLength(2);
    const apps = await t.p.db.select().from(finApplications).where(eq(finApplications.accountId, id));
    const byId = new Map(apps.map((x) => [x.id, x]));
    expect(byId.get(a)!.refunded).toBe('90.0000');
    expect(byId.get(b)!.refunded).toBe('40.0000');
    for (const x of asked) expect(byId.get(x.id)!.state).toBe(ok.includes(x) ? 'approved' : 'pending');
    const entries = await t.p.db.select().from(finLedgerEntries).where(eq(finLedgerEntries.accountId, id));
    expect(entries.filter((e) => e.kind === 'refund')).toHaveLength(5);
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
    expect(await balance(id)).toBe('0.0000');
    expect(await entriesSum(t.p.db, id)).toBe('0.0000');
  }, 120_000);

  it('a randomized run of 10,000 operations keeps every balance equal to its entries', async () => {
    const WORKERS = 8;
    const PER_WORKER = 1_250;
    const BATCH = 250;
    const ACCOUNTS_EACH = 5;
    // accounts of this run: opened (the approval path is proven above), then money only through the ledger
    const ids: number[][] = [];
    for (let w = 0; w < WORKERS; w++) {
      const rows = await t.p.db
        .insert(finAccounts)
        .values(
          Array.from({ length: ACCOUNTS_EACH }, (_, i) => ({
            code: `RND${w}${i}${Date.now() % 100000}`,
            customerId,
            currency: 'USD',
            billing: (i % 2 ? 'prepaid' : 'postpaid') as 'prepaid' | 'postpaid',
            creditLine: String(i * 100),
            applicantId: salesId,
            state: 'active' as const,
          })),
        )
        .returning({ id: finAccounts.id, billing: finAccounts.billing, creditLine: finAccounts.creditLine });
      ids.push(rows.map((r) => r.id));
    }
    const info = new Map(
      (await t.p.db.select().from(finAccounts)).map((a) => [
        a.id,
        { billing: a.billing, credit: new Decimal(a.creditLine) },
      ]),
    );
    const started = Date.now();
    const worker = async (w: number) => {
      // a small seeded generator: the run is the same every time
      let s = 1234567 + w * 7919;
      const rnd = () => {
        s = (s * 1103515245 + 12345) % 2147483648;
        return s / 2147483648;
      };
      const expected = new Map(ids[w]!.map((id) => [id, new Decimal(0)]));
      const posted: { id: number; key: string; accountId: number; amount: Decimal }[] = [];
      const reversed = new Set<number>();
      let refusedSeen = 0;
      for (let b = 0; b < PER_WORKER / BATCH; b++) {
        await t.p.db.transaction(async (tx) => {
          for (let k = 0; k < BATCH; k++) {
            const n = b * BATCH + k;
            const roll = rnd();
            const at = new Date();
            const day = `2026-11-${String(1 + (n % 28)).padStart(2, '0')}`;
            if (roll < 0.05 && posted.length) {
              // a replay of an earlier key changes nothing
              const p = posted[Math.floor(rnd() * posted.length)]!;
              const r = await postEntry(tx, {
                accountId: p.accountId,
                kind: 'adjustment',
                amount: '999',
                currency: 'USD',
                day,
                key: p.key,
                at,
              });
              expect(r.posted).toBe(false);
              continue;
            }
            if (roll < 0.1 && posted.length) {
              // a correction: the reversing entry of an earlier one (once)
              const p = posted[Math.floor(rnd() * posted.length)]!;
              const acc = info.get(p.accountId)!;
              const after = expected.get(p.accountId)!.minus(p.amount);
              const refuse = !reversed.has(p.id) && acc.billing === 'prepaid' && after.lt(acc.credit.neg());
              try {
                const r = await reverseEntry(tx, p.id, salesId, at);
                expect(refuse).toBe(false);
                expect(r.posted).toBe(!reversed.has(p.id));
                if (r.posted) {
                  reversed.add(p.id);
                  expected.set(p.accountId, after);
                }
              } catch (err) {
                if (!(err instanceof AppError) || err.def !== Errors.FIN_INSUFFICIENT_BALANCE) throw err;
                expect(refuse).toBe(true);
                refusedSeen++;
              }
              continue;
            }
            const accountId = ids[w]![Math.floor(rnd() * ACCOUNTS_EACH)]!;
            const cents = 1 + Math.floor(rnd() * 50_000);
            const credit = roll < 0.4;
            const amount = new Decimal(cents).div(100).mul(credit ? 1 : -1);
            const kind = credit ? (roll < 0.35 ? 'recharge' : 'gift') : 'consumption';
            const acc = info.get(accountId)!;
            const after = expected.get(accountId)!.plus(amount);
            const refuse = acc.billing === 'prepaid' && after.lt(acc.credit.neg());
            const key = `rnd:${w}:${n}`;
            try {
              const r = await postEntry(tx, {
                accountId,
                kind,
                amount: amount.toFixed(4),
                currency: 'USD',
                day,
                key,
                at,
              });
              expect(refuse).toBe(false);
              expect(r.posted).toBe(true);
              expect(r.balanceAfter).toBe(after.toFixed(4));
              expected.set(accountId, after);
              posted.push({ id: r.entryId, key, accountId, amount });
            } catch (err) {
              if (!(err instanceof AppError) || err.def !== Errors.FIN_INSUFFICIENT_BALANCE) throw err;
              expect(refuse).toBe(true);
              refusedSeen++;
            }
          }
        });
      }
      return { expected, refusedSeen };
    };
    const done = await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    const seconds = (Date.now() - started) / 1000;
    for (const { expected } of done)
      for (const [id, want] of expected) {
        expect(await balance(id)).toBe(want.toFixed(4));
        expect(await entriesSum(t.p.db, id)).toBe(want.toFixed(4));
      }
    expect(
      done.reduce((s, d) => s + d.refusedSeen, 0),
      'some operations hit the credit floor',
    ).toBeGreaterThan(0);
    const r = await reconcile(t.p.db, '2026-11-24');
    expect(r, JSON.stringify(r)).toMatchObject({ ok: true, balanceMismatches: [], unbalancedDays: [] });
    const [count] = await t.p.db.select({ n: sql<number>`count(*)::int` }).from(finLedgerEntries);
    console.info(`finance randomized run: 10,000 operations in ${seconds.toFixed(1)} s; ${count!.n} entries`);
  }, 180_000);
});
