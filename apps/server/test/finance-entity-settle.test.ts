import { Errors } from '@portal/contracts';
import { ENTITY_SETTLE_GENERATE_PATH } from '@portal/contracts/finance';
import { commandPath, resourcePath } from '@portal/contracts/resource';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityAccounts } from '../src/modules/finance/entity-settle/accounts.js';
import { generateEntitySettlement } from '../src/modules/finance/entity-settle/generate.js';
import {
  finEntityAccounts,
  finEntitySettlementLines,
  finEntitySettlements,
} from '../src/modules/finance/entity-settle/schema.js';
import {
  entityProofreadData,
  entityProofreadings,
  entityReports,
} from '../src/modules/finance/entity-settle/settlements.js';
import { vosBalances } from '../src/modules/finance/entity-settle/vos.js';
import { finAccountSnapshots, finAccounts, finLedgerEntries } from '../src/modules/finance/schema.js';
import { takeSnapshot } from '../src/modules/finance/snapshots.js';
import { srmSuppliers } from '../src/modules/srm/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { DEMO, onPostgres, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { testAccount } from './support/finance-fixture.js';
import { keyedPost } from './support/signed-in.js';
import { testSupplier } from './support/supplier-fixture.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * Entity settlement and VOS balances (decision 0119): conformance suites of the five resources;
 * settlement accounts' rules; a period generated from traffic rollups (cost + markup, lines, the
 * pairs with no account), idempotent and rebuilt while not confirmed; both sides' proofreading;
 * the VOS days from the snapshots and the ledger.
 */
let t: TestApp;
let fin: Tokens;
let sales: Tokens;
let admin: Tokens;
const TAG = { customer: 'ESC', name: 'Entity Settle Customer', alias: 'esc', account: 'ES' };
const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const userId = async (username: string) =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;
let entitySeq = 0;
/** a new enabled contracting entity (through the reference screen's save, as finance keeps them) */
async function newEntity() {
  const code = `ET-${String(++entitySeq).padStart(3, '0')}`;
  const res = await post(admin, '/v2/sys/staff/ref/entity/save', {
    code,
    name: `测试主体 ${code}`,
    nameEn: `Test entity ${code}`,
    countryCode: 'SG',
    currencyCode: 'USD',
    enabled: true,
  });
  expect(res.code).toBe(0);
  return res.data.id as number;
}
const entities: number[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  // the conformance suites compare whole lists and exports: start from empty ones
  await t.p.db.execute(
    sql`truncate fin_entity_accounts, fin_entity_settlements, fin_entity_settlement_lines, fin_account_snapshots`,
  );
  [fin, sales, admin] = await Promise.all([
    signIn(t.app, DEMO.finance01),
    signIn(t.app, DEMO.sales01),
    signIn(t.app, DEMO.admin),
  ]);
  for (let i = 0; i < 6; i++) entities.push(await newEntity());
}, 240_000);
afterAll(() => t?.close());

/** a settlement account written straight to the table (a pair of new entities) */
async function accountRow(markupPct = '5', currency = 'USD') {
  const [s, b] = [await newEntity(), await newEntity()];
  const [r] = await t.p.db
    .insert(finEntityAccounts)
    .values({ code: `ESX${s}-${b}`, sellerEntityId: s, buyerEntityId: b, currency, markupPct })
    .returning();
  return r!;
}
let periodSeq = 0;
/** a settlement row of a new period (the report, proofreading and data suites' records) */
async function settlementRow() {
  const a = await accountRow();
  const n = ++periodSeq;
  const period = `20${String(10 + Math.floor(n / 12)).padStart(2, '0')}-${String(1 + (n % 12)).padStart(2, '0')}`;
  const [r] = await t.p.db
    .insert(finEntitySettlements)
    .values({
      period,
      accountId: a.id,
      sellerEntityId: a.sellerEntityId,
      buyerEntityId: a.buyerEntityId,
      currency: 'USD',
      count: 10,
      cost: '1.0000',
      markupPct: '5',
      amount: '1.0500',
      lines: 1,
      generatedAt: new Date(),
    })
    .returning();
  await t.p.db.insert(finEntitySettlementLines).values({
    settlementId: r!.id,
    accountId: a.id,
    period,
    day: `${period}-01`,
    product: 'sms',
    country: 'SG',
    currency: 'USD',
    count: 10,
    cost: '1.0000',
    amount: '1.0500',
  });
  return r!;
}

describeResource(entityAccounts, {
  app: () => t,
  sample: (n) => ({
    sellerEntityId: entities[n % 6]!,
    buyerEntityId: entities[(n + 1) % 6]!,
    currency: ['USD', 'EUR', 'CNY', 'GBP', 'HKD', 'SGD', 'JPY'][Math.floor(n / 6) % 7],
    markupPct: '5',
    enabled: true,
  }),
  update: { markupPct: '7.25', remark: 'new transfer price' },
  filters: {
    sellerEntityId: async () => (await accountRow()).sellerEntityId,
    buyerEntityId: async () => (await accountRow()).buyerEntityId,
    currency: 'USD',
    enabled: true,
  },
  ownedRecord: async () => (await accountRow()).id,
});

const settlementFilters = {
  period: async () => (await settlementRow()).period,
  sellerEntityId: async () => (await settlementRow()).sellerEntityId,
  buyerEntityId: async () => (await settlementRow()).buyerEntityId,
  accountId: async () => (await settlementRow()).accountId,
  state: 'pending',
};
describeResource(entityReports, {
  app: () => t,
  filters: settlementFilters,
  ownedRecord: async () => (await settlementRow()).id,
});
describeResource(entityProofreadings, {
  app: () => t,
  filters: settlementFilters,
  ownedRecord: async () => (await settlementRow()).id,
  commands: { confirm: { side: 'seller', amount: '1.05' }, dispute: { side: 'buyer', note: 'our CDRs say less' } },
});
describeResource(entityProofreadData, {
  app: () => t,
  filters: {
    settlementId: async () => (await settlementRow()).id,
    accountId: async () => (await settlementRow()).accountId,
    period: async () => (await settlementRow()).period,
    day: ['2010-01-01', '2099-12-31'],
    country: 'SG',
  },
  ownedRecord: async () => {
    const s = await settlementRow();
    const [line] = await t.p.db
      .select({ id: finEntitySettlementLines.id })
      .from(finEntitySettlementLines)
      .where(eq(finEntitySettlementLines.settlementId, s.id));
    return line!.id;
  },
});

let vosDay = 0;
/** a voice account of a customer owned by `owner`, and one snapshot day of it */
async function vosRow(owner: number) {
  const accountId = await testAccount(t.p.db, owner, TAG);
  await t.p.db
    .update(finAccounts)
    .set({ products: ['voice'] })
    .where(eq(finAccounts.id, accountId));
  const day = `2026-10-${String(1 + (vosDay++ % 28)).padStart(2, '0')}`;
  const [r] = await t.p.db
    .insert(finAccountSnapshots)
    .values({
      day,
      accountId,
      currency: 'USD',
      billing: 'prepaid',
      state: 'active',
      opening: '0',
      credits: '0',
      debits: '0',
      closing: '0',
      creditLine: '0',
      tempCredit: '0',
      entries: 0,
    })
    .returning({ id: finAccountSnapshots.id });
  return r!.id;
}
describeResource(vosBalances, {
  app: () => t,
  filters: {
    day: ['2026-10-01', '2026-10-31'],
    accountId: async () => {
      const id = await vosRow(await userId('admin'));
      return (await t.p.db.select().from(finAccountSnapshots).where(eq(finAccountSnapshots.id, id)))[0]!.accountId;
    },
    currency: 'USD',
  },
  ownedRecord: (_t, owner) => vosRow(owner),
});

describe('entity settlement accounts', () => {
  it('one per seller, buyer and currency; the two entities differ and exist; the markup is 0–100 %; finance’s key', async () => {
    const [s, b] = [await newEntity(), await newEntity()];
    const url = resourcePath(entityAccounts.def, 'save');
    const body = { sellerEntityId: s, buyerEntityId: b, currency: 'USD', markupPct: '5', enabled: true };
    const count = async () =>
      rowsOf<{ n: number }>(await t.p.db.execute(sql`select count(*)::int as n from fin_entity_accounts`))[0]!.n;
    const first = await post(fin, url, body);
    expect(first.code).toBe(0);
    const before = await count();
    expect((await post(fin, url, body)).code).toBe(Errors.FIN_ENTITY_SETTLE_TAKEN.code);
    expect((await post(fin, url, { ...body, buyerEntityId: s })).code).toBe(Errors.FIN_ENTITY_SETTLE_SAME.code);
    expect((await post(fin, url, { ...body, buyerEntityId: 987_654 })).code).toBe(Errors.FIN_ENTITY_SETTLE_ENTITY.code);
    expect((await post(fin, url, { ...body, currency: 'XQQ' })).code).toBe(Errors.FIN_ENTITY_SETTLE_CURRENCY.code);
    expect((await post(fin, url, { ...body, currency: 'EUR', markupPct: '101' })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await post(fin, url, { ...body, currency: 'EUR', markupPct: '-1' })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await post(sales, url, { ...body, currency: 'EUR' })).code).toBe(Errors.NO_PERMISSION.code);
    expect(await count()).toBe(before);
    const [row] = await t.p.db.select().from(finEntityAccounts).where(eq(finEntityAccounts.id, first.data.id));
    expect(row!.code).toMatch(/^ES\d+$/);
  });
});

/**
 * Traffic of October 2026 on the daily rollup: a customer account of `buyer` sends over a channel of
 * a supplier of `seller` (SMS to SG and MY on two days, a voice call), and a few rows that never
 * settle (the same entity, no entity, a cost currency with no account).
 */
async function crossTraffic(seller: number, buyer: number) {
  const owner = await userId('admin');
  const accountId = await testAccount(t.p.db, owner, TAG);
  await t.p.db.update(finAccounts).set({ entityId: buyer }).where(eq(finAccounts.id, accountId));
  const sameId = await testAccount(t.p.db, owner, TAG);
  await t.p.db.update(finAccounts).set({ entityId: seller }).where(eq(finAccounts.id, sameId));
  const supplier = await testSupplier(t.p.db, { prefix: 'ES', products: ['sms', 'voice'] });
  await t.p.db.update(srmSuppliers).set({ entityId: seller }).where(eq(srmSuppliers.id, supplier.id));
  const [sms, voice] = supplier.channels as [number, number];
  const [customer] = await t.p.db
    .select({ id: finAccounts.customerId })
    .from(finAccounts)
    .where(eq(finAccounts.id, accountId));
  const row = (day: string, product: string, account: number, channel: number, country: string, o: object) => ({
    day,
    product,
    account,
    channel,
    country,
    count: 0,
    seconds: 0,
    cost: '0',
    costCurrency: 'USD',
    ...o,
  });
  const rows = [
    row('2026-10-03', 'sms', accountId, sms, 'SG', { count: 1000, cost: '12.345678' }),
    row('2026-10-03', 'sms', accountId, sms, 'MY', { count: 200, cost: '3.1' }),
    row('2026-10-17', 'sms', accountId, sms, 'SG', { count: 500, cost: '6.2' }),
    row('2026-10-20', 'voice', accountId, voice, 'SG', { count: 40, seconds: 1800, cost: '9.9' }),
    // the same entity both sides: no settlement
    row('2026-10-05', 'sms', sameId, sms, 'SG', { count: 300, cost: '4' }),
    // a cost currency with no settlement account: answered as unsettled
    row('2026-10-06', 'sms', accountId, sms, 'SG', { count: 50, cost: '1', costCurrency: 'EUR' }),
    // the month after: not in October's figures
    row('2026-11-02', 'sms', accountId, sms, 'SG', { count: 70, cost: '1' }),
  ];
  for (const r of rows)
    await t.p.db.execute(sql`insert into traffic_daily
      (day, product, account_id, customer_id, owner_id, channel_id, country, network, status, currency, cost_currency,
       count, segments, delivered, revenue, cost, answered, seconds)
      values (${r.day}, ${r.product}, ${r.account}, ${customer!.id}, ${owner}, ${r.channel}, ${r.country}, '', 'delivered',
        'USD', ${r.costCurrency}, ${r.count}, ${r.count}, ${r.count}, 0, ${r.cost}, 0, ${r.seconds})`);
}

describe('entity settlement report and proofreading', () => {
  it('generates a month from the rollups (cost + markup, day × destination lines), idempotent, rebuilt until both sides confirm', async () => {
    const [seller, buyer] = [await newEntity(), await newEntity()];
    await crossTraffic(seller, buyer);
    const saved = await post(fin, resourcePath(entityAccounts.def, 'save'), {
      sellerEntityId: seller,
      buyerEntityId: buyer,
      currency: 'USD',
      markupPct: '5',
      enabled: true,
    });
    expect(saved.code).toBe(0);
    const accountId = saved.data.id as number;
    const run = await post(fin, ENTITY_SETTLE_GENERATE_PATH, { period: '2026-10' });
    expect(run.code).toBe(0);
    expect(run.data.written).toBeGreaterThanOrEqual(1);
    expect(run.data.unsettled).toContainEqual({ sellerEntityId: seller, buyerEntityId: buyer, currency: 'EUR' });
    const read = async () => {
      const [s] = await t.p.db.select().from(finEntitySettlements).where(eq(finEntitySettlements.accountId, accountId));
      const lines = await t.p.db
        .select()
        .from(finEntitySettlementLines)
        .where(eq(finEntitySettlementLines.settlementId, s!.id));
      return { s: s!, lines };
    };
    const first = await read();
    // cost 12.345678 + 3.1 + 6.2 + 9.9 = 31.545678 → lines rounded to 4 places, 5 % on each
    expect(first.s).toMatchObject({ period: '2026-10', count: 1740, seconds: 1800, lines: 4, state: 'pending' });
    expect(first.s.cost).toBe('31.5457');
    expect(first.s.amount).toBe('33.1230');
    expect(first.lines.map((l) => [l.day, l.product, l.country, l.amount]).sort()).toEqual([
      ['2026-10-03', 'sms', 'MY', '3.2550'],
      ['2026-10-03', 'sms', 'SG', '12.9630'],
      ['2026-10-17', 'sms', 'SG', '6.5100'],
      ['2026-10-20', 'voice', 'SG', '10.3950'],
    ]);
    // again: the same figures on the same row, the lines not doubled
    expect((await post(fin, ENTITY_SETTLE_GENERATE_PATH, { period: '2026-10' })).code).toBe(0);
    const again = await read();
    expect(again.s.id).toBe(first.s.id);
    expect(again.s.amount).toBe(first.s.amount);
    expect(again.lines).toHaveLength(4);

    // the month not ended yet, a bad period, a caller without the key: refused, nothing written
    const now = t.p.clock.now().toISOString().slice(0, 7);
    expect((await post(fin, ENTITY_SETTLE_GENERATE_PATH, { period: now })).code).toBe(
      Errors.FIN_ENTITY_SETTLE_PERIOD.code,
    );
    expect((await post(fin, ENTITY_SETTLE_GENERATE_PATH, { period: '2026-13' })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await post(sales, ENTITY_SETTLE_GENERATE_PATH, { period: '2026-10' })).code).toBe(
      Errors.NO_PERMISSION.code,
    );

    // proofreading: the seller confirms, the buyer disputes; a rebuild starts over
    const cmd = (name: string, body: object) =>
      post(fin, commandPath(entityProofreadings.def, name), { id: first.s.id, ...body });
    expect((await cmd('confirm', { side: 'seller', amount: '33.1230' })).code).toBe(0);
    expect((await read()).s).toMatchObject({ state: 'pending', sellerAmount: '33.1230', buyerAmount: null });
    expect((await cmd('dispute', { side: 'buyer', note: 'our CDRs show 1,600 messages' })).code).toBe(0);
    expect((await read()).s).toMatchObject({ state: 'disputed', note: 'our CDRs show 1,600 messages' });
    expect((await cmd('dispute', { side: 'buyer', note: 'twice' })).code).toBe(Errors.FIN_ENTITY_SETTLE_STATE.code);
    // a new markup: the rebuild applies it and the proofreading starts over
    await t.p.db.update(finEntityAccounts).set({ markupPct: '10' }).where(eq(finEntityAccounts.id, accountId));
    expect((await post(fin, ENTITY_SETTLE_GENERATE_PATH, { period: '2026-10' })).code).toBe(0);
    const rebuilt = await read();
    expect(rebuilt.s).toMatchObject({ state: 'pending', sellerAmount: null, note: null, amount: '34.7003' });
    // different figures: disputed; the same: confirmed, and the generation keeps it from then on
    expect((await cmd('confirm', { side: 'seller', amount: '34.7003' })).code).toBe(0);
    expect((await cmd('confirm', { side: 'buyer', amount: '34.70' })).code).toBe(0);
    expect((await read()).s.state).toBe('disputed');
    expect((await cmd('confirm', { side: 'buyer', amount: '34.7003' })).code).toBe(0);
    const agreed = await read();
    expect(agreed.s.state).toBe('confirmed');
    expect(agreed.s.confirmedAt).not.toBeNull();
    expect((await cmd('confirm', { side: 'buyer', amount: '1' })).code).toBe(Errors.FIN_ENTITY_SETTLE_STATE.code);
    await t.p.db.update(finEntityAccounts).set({ markupPct: '20' }).where(eq(finEntityAccounts.id, accountId));
    const kept = await post(fin, ENTITY_SETTLE_GENERATE_PATH, { period: '2026-10' });
    expect(kept.data.kept).toBeGreaterThanOrEqual(1);
    expect((await read()).s).toMatchObject({ state: 'confirmed', amount: '34.7003' });
    // the account's settled total is what its confirmed periods came to
    const detail = await post(fin, resourcePath(entityAccounts.def, 'page'), { size: 200 });
    expect(detail.data.records.find((r: { id: number }) => r.id === accountId)?.settled).toBe('34.7003');
  });

  it.runIf(onPostgres)(
    'two generations of one period at once write one row and its lines once (PostgreSQL)',
    async () => {
      const [seller, buyer] = [await newEntity(), await newEntity()];
      await crossTraffic(seller, buyer);
      const [a] = await t.p.db
        .insert(finEntityAccounts)
        .values({ code: `ESC${seller}`, sellerEntityId: seller, buyerEntityId: buyer, currency: 'USD', markupPct: '1' })
        .returning();
      const now = t.p.clock.now();
      await Promise.all([
        generateEntitySettlement(t.p.db, '2026-10', now),
        generateEntitySettlement(t.p.db, '2026-10', now),
      ]);
      const rows = await t.p.db.select().from(finEntitySettlements).where(eq(finEntitySettlements.accountId, a!.id));
      expect(rows).toHaveLength(1);
      const lines = await t.p.db
        .select()
        .from(finEntitySettlementLines)
        .where(eq(finEntitySettlementLines.accountId, a!.id));
      expect(lines).toHaveLength(4);
    },
  );
});

describe('VOS balance report', () => {
  it('answers each voice account’s day from the snapshot and the ledger: opening, top-ups, consumption, other, closing', async () => {
    const owner = await userId('sales01');
    const accountId = await testAccount(t.p.db, owner, TAG);
    // opened before the days the snapshots are taken of
    const opened = { createdAt: new Date('2026-09-01T00:00:00Z'), openedAt: new Date('2026-09-01T00:00:00Z') };
    await t.p.db
      .update(finAccounts)
      .set({ products: ['voice'], ...opened })
      .where(eq(finAccounts.id, accountId));
    const smsOnly = await testAccount(t.p.db, owner, TAG);
    await t.p.db.update(finAccounts).set(opened).where(eq(finAccounts.id, smsOnly));
    const entry = (day: string, kind: 'recharge' | 'consumption' | 'adjustment', amount: string, n: number) =>
      t.p.db.insert(finLedgerEntries).values({
        accountId,
        kind,
        amount,
        currency: 'USD',
        day,
        key: `vos-test:${accountId}:${n}`,
      });
    await entry('2026-09-10', 'recharge', '500', 1);
    await entry('2026-09-11', 'recharge', '100', 2);
    await entry('2026-09-11', 'consumption', '-30.25', 3);
    await entry('2026-09-11', 'adjustment', '-5', 4);
    await takeSnapshot(t.p.db, '2026-09-10');
    await takeSnapshot(t.p.db, '2026-09-11');
    const page = await post(fin, resourcePath(vosBalances.def, 'page'), {
      size: 50,
      day: ['2026-09-11', '2026-09-11'],
    });
    expect(page.code).toBe(0);
    const ids = page.data.records.map((r: { accountId: number }) => r.accountId);
    expect(ids).toContain(accountId);
    expect(ids).not.toContain(smsOnly);
    const row = page.data.records.find((r: { accountId: number }) => r.accountId === accountId);
    expect(Number(row.opening)).toBe(500);
    expect(Number(row.recharges)).toBe(100);
    expect(Number(row.consumption)).toBe(30.25);
    expect(Number(row.other)).toBe(-5);
    expect(Number(row.closing)).toBe(564.75);
    // the detail: one account's days, newest first
    const detail = await post(fin, resourcePath(vosBalances.def, 'page'), { size: 50, accountId });
    expect(detail.data.records.map((r: { day: string }) => r.day)).toEqual(['2026-09-11', '2026-09-10']);
  });
});
