import { Errors } from '@portal/contracts';
import { supplierPerm } from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideSupplier } from '../src/modules/finance/suppliers/applications.js';
import { postSupplierEntry, supplierDrift } from '../src/modules/finance/suppliers/ledger.js';
import { supplierAccounts, supplierApplications, supplierEntries } from '../src/modules/finance/suppliers/resources.js';
import {
  finSupplierAccounts,
  finSupplierApplications,
  finSupplierEntries,
} from '../src/modules/finance/suppliers/schema.js';
import { resources, roleResources, roles, staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, DEMO, onPostgres, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { financeDecisions } from './support/finance-fixture.js';
import { keyedPost } from './support/signed-in.js';
import { testSupplier } from './support/supplier-fixture.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * Supplier accounts (decision 0096): the kernel's conformance over the sms screen, the supplier ledger's
 * database rules (insert-only, signs, currency, replay, balance = entries), money only by an approved
 * application, its detail calls, bad input with nothing written, and the data scope by supplier owner.
 */
let t: TestApp;
let fin: Tokens;
let sales: Tokens;
let seq = 0;

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const { task } = financeDecisions(() => ({ t, fin }));
const get = (tok: Tokens, url: string) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json() as Answer);
const userId = async (username: string) =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;

/** A supplier owned by `ownerId` with an sms channel. */
const supplierOf = async (ownerId: number) => (await testSupplier(t.p.db, { prefix: 'F', ownerId })).id;

async function accountOf(ownerId: number, currency = 'USD') {
  const supplierId = await supplierOf(ownerId);
  const [a] = await t.p.db
    .insert(finSupplierAccounts)
    .values({ code: `SA9${String(++seq).padStart(5, '0')}`, supplierId, product: 'sms', currency })
    .returning({ id: finSupplierAccounts.id });
  return a!.id;
}

const post1 = (
  supplierAccountId: number,
  kind: 'prepayment' | 'cost' | 'bill' | 'payment' | 'adjustment',
  amount: number,
  key: string,
  currency = 'USD',
) =>
  t.p.db.transaction((tx) =>
    postSupplierEntry(tx, { supplierAccountId, kind, amount, currency, day: '2026-11-02', key, at: new Date() }),
  );

const written = async () =>
  rowsOf<{ n: number }>(
    await t.p.db.execute(
      sql`select (select count(*) from fin_supplier_entries) + (select count(*) from fin_supplier_applications) as n`,
    ),
  ).map((r) => Number(r.n))[0]!;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  // the conformance suites compare whole lists and exports: start from an empty supplier ledger
  await t.p.db.execute(sql`truncate fin_supplier_accounts, fin_supplier_entries, fin_supplier_applications`);
  // sales may read and apply on the sms screen too, so the supplier's owner decides what they see
  const [salesRole] = await t.p.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'sales'));
  const keys = await t.p.db
    .select({ id: resources.id })
    .from(resources)
    .where(sql`${resources.international} in (${supplierPerm('sms').LIST}, ${supplierPerm('sms').APPLY})`);
  expect(keys).toHaveLength(2);
  for (const k of keys)
    await t.p.db.insert(roleResources).values({ roleId: salesRole!.id, resourceId: k.id }).onConflictDoNothing();
  [fin, sales] = await Promise.all([signIn(t.app, DEMO.finance01), signIn(t.app, DEMO.sales01)]);
  sampleSupplier = await supplierOf(await userId('admin'));
}, 240_000);
afterAll(() => t?.close());

describe('supplier ledger rules', () => {
  it('moves the balance and totals by entries, refuses a wrong sign, currency and any change, replays nothing', async () => {
    const id = await accountOf(await userId('admin'));
    expect((await post1(id, 'prepayment', 50_000, `t:${id}:1`)).balanceAfter).toBe(50_000);
    expect((await post1(id, 'cost', -12_345, `t:${id}:2`)).balanceAfter).toBe(37_655);
    const replay = await post1(id, 'cost', -12_345, `t:${id}:2`);
    expect(replay).toMatchObject({ posted: false, balanceAfter: 37_655 });
    await expect(post1(id, 'cost', 100, `t:${id}:3`)).rejects.toMatchObject({ def: Errors.FIN_SUPPLIER_SIGN });
    await expect(post1(id, 'payment', -100, `t:${id}:4`)).rejects.toMatchObject({ def: Errors.FIN_SUPPLIER_SIGN });
    await expect(post1(id, 'bill', 100, `t:${id}:5`, 'EUR')).rejects.toMatchObject({
      def: Errors.FIN_CURRENCY_MISMATCH,
    });
    await post1(id, 'bill', -655, `t:${id}:6`);
    const [acc] = await t.p.db.select().from(finSupplierAccounts).where(eq(finSupplierAccounts.id, id));
    expect([Number(acc!.balance), Number(acc!.prepaid), Number(acc!.costs)]).toEqual([37_000, 50_000, 12_345]);
    await expect(t.p.db.execute(sql`update fin_supplier_accounts set balance = 1 where id = ${id}`)).rejects.toThrow();
    await expect(
      t.p.db.execute(sql`update fin_supplier_entries set amount = 1 where supplier_account_id = ${id}`),
    ).rejects.toThrow();
    await expect(
      t.p.db.execute(sql`delete from fin_supplier_entries where supplier_account_id = ${id}`),
    ).rejects.toThrow();
    expect(await supplierDrift(t.p.db)).toEqual([]);
  });
});

describe('supplier applications', () => {
  it('bad input answers its code and writes nothing; approval posts once; details by id and request', async () => {
    const id = await accountOf(await userId('sales01'));
    const before = await written();
    const bad = [
      await post(fin, '/v2/fc/account/supplier/apply', {
        supplierAccountId: id,
        kind: 'prepayment',
        amount: -5,
        reason: 'x',
      }),
      await post(fin, '/v2/fc/account/supplier/apply', {
        supplierAccountId: id,
        kind: 'adjustment',
        amount: 0,
        reason: 'x',
      }),
      await post(fin, '/v2/fc/account/supplier/apply', {
        supplierAccountId: id,
        kind: 'prepayment',
        amount: 5,
        reason: ' ',
      }),
      await post(fin, '/v2/fc/account/supplier/apply', {
        supplierAccountId: 999_999,
        kind: 'payment',
        amount: 5,
        reason: 'x',
      }),
    ];
    expect(bad.map((r) => r.code)).toEqual([
      Errors.FIN_SUPPLIER_SIGN.code,
      Errors.FIN_SUPPLIER_SIGN.code,
      Errors.VALIDATION_FAILED.code,
      Errors.NOT_FOUND.code,
    ]);
    expect(await written()).toBe(before);

    const res = await post(fin, '/v2/fc/account/supplier/apply', {
      supplierAccountId: id,
      kind: 'prepayment',
      amount: 250_000,
      reference: 'TT123',
      reason: 'prepay December',
    });
    expect(res.code, res.msg).toBe(0);
    // nothing moves under review
    expect(
      Number((await t.p.db.select().from(finSupplierAccounts).where(eq(finSupplierAccounts.id, id)))[0]!.balance),
    ).toBe(0);
    const agreed = await post(fin, '/v2/workflow/agree', { taskId: await task(res.data.instanceId), opinion: 'ok' });
    expect(agreed.code, agreed.msg).toBe(0);
    const byId = await get(fin, `/v2/fc/account/supplier/apply/${res.data.id}`);
    const byRequest = await get(fin, `/v2/fc/account/supplier/apply/processInstance/${res.data.instanceId}`);
    expect(byId.data).toMatchObject({ state: 'approved', amount: 250_000, balanceAfter: 250_000, kind: 'prepayment' });
    expect(byRequest.data.id).toBe(res.data.id);
    const entries = await t.p.db.select().from(finSupplierEntries).where(eq(finSupplierEntries.supplierAccountId, id));
    expect(entries.map((e) => [e.kind, Number(e.amount), e.key])).toEqual([
      ['prepayment', 250_000, `supplier-application:${res.data.id}`],
    ]);

    // sales01 owns the supplier: sees the account and its entry; finance sees it too
    const mine = await post(sales, '/v2/fc/account/supplier/sms/page', { page: 1, size: 100 });
    expect(mine.data.records.map((r: { id: number }) => r.id)).toContain(id);
    const hist = await post(sales, '/v2/fc/account/supplier/sms/entry/page', {
      page: 1,
      size: 10,
      supplierAccountId: id,
    });
    expect(hist.data.records).toHaveLength(1);
    expect(hist.data.records[0]).toMatchObject({ kind: 'prepayment', balanceAfter: 250_000 });
  });

  it('keeps another owner’s supplier out of scope and a rejected application moves nothing', async () => {
    const theirs = await accountOf(await userId('admin'));
    const before = await written();
    const out = await post(sales, '/v2/fc/account/supplier/apply', {
      supplierAccountId: theirs,
      kind: 'payment',
      amount: 10,
      reason: 'not mine',
    });
    expect(out.code).toBe(Errors.NOT_FOUND.code);
    expect(await written()).toBe(before);
    const page = await post(sales, '/v2/fc/account/supplier/sms/page', { page: 1, size: 100 });
    expect(page.data.records.map((r: { id: number }) => r.id)).not.toContain(theirs);

    const res = await post(fin, '/v2/fc/account/supplier/apply', {
      supplierAccountId: theirs,
      kind: 'adjustment',
      amount: -700,
      reason: 'correction',
    });
    const rejected = await post(fin, '/v2/workflow/reject', {
      taskId: await task(res.data.instanceId),
      target: 'end',
      opinion: 'no',
    });
    expect(rejected.code, rejected.msg).toBe(0);
    const [app] = await t.p.db
      .select()
      .from(finSupplierApplications)
      .where(eq(finSupplierApplications.id, res.data.id));
    expect(app).toMatchObject({ state: 'rejected', entryId: null });
    expect(
      (await t.p.db.select().from(finSupplierEntries).where(eq(finSupplierEntries.supplierAccountId, theirs))).length,
    ).toBe(0);
  });

  it('opens an account only for a supplier carrying the product, once per currency', async () => {
    const supplierId = await supplierOf(await userId('admin'));
    const ok = await post(fin, '/v2/fc/account/supplier/sms/save', { supplierId, currency: 'EUR' });
    expect(ok.code, ok.msg).toBe(0);
    const again = await post(fin, '/v2/fc/account/supplier/sms/save', { supplierId, currency: 'EUR' });
    expect(again.code).toBe(Errors.FIN_SUPPLIER_ACCOUNT_EXISTS.code);
    const vos = await post(fin, '/v2/fc/account/supplier/vos/save', { supplierId, currency: 'EUR' });
    expect(vos.code).toBe(Errors.FIN_SUPPLIER_NO_PRODUCT.code);
    const [acc] = await t.p.db
      .select()
      .from(finSupplierAccounts)
      .where(eq(finSupplierAccounts.id, ok.data.id ?? ok.data));
    expect(acc).toMatchObject({ product: 'sms', currency: 'EUR' });
    expect(acc!.code).toMatch(/^SA\d+$/);
  });
});

describe.skipIf(!onPostgres)('supplier money on PostgreSQL', () => {
  it('two approvals of one application at once: one wins, one entry', async () => {
    const id = await accountOf(await userId('admin'));
    const res = await post(fin, '/v2/fc/account/supplier/apply', {
      supplierAccountId: id,
      kind: 'payment',
      amount: 90_000,
      reason: 'race',
    });
    expect(res.code, res.msg).toBe(0);
    const taskId = await task(res.data.instanceId);
    const both = await Promise.all([
      post(fin, '/v2/workflow/agree', { taskId, opinion: 'a' }),
      post(fin, '/v2/workflow/agree', { taskId, opinion: 'b' }),
    ]);
    expect(both.filter((r) => r.code === 0)).toHaveLength(1);
    // and the handler itself, delivered twice at once, posts once
    await Promise.all(
      [1, 2].map(() => t.p.db.transaction((tx) => decideSupplier(tx, res.data.id, 'approved', 1, new Date()))),
    );
    const entries = await t.p.db.select().from(finSupplierEntries).where(eq(finSupplierEntries.supplierAccountId, id));
    expect(entries.map((e) => Number(e.amount))).toEqual([90_000]);
  });

  it('30 applications approved and 40 costs posted at once on one account: nothing lost, balance = entries', async () => {
    const id = await accountOf(await userId('admin'));
    const apps = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.p.db.transaction(async (tx) => {
          const [a] = await tx
            .insert(finSupplierApplications)
            .values({
              code: `SPC${id}-${i}`,
              kind: 'prepayment',
              supplierAccountId: id,
              amount: 1_000 + i,
              currency: 'USD',
              reason: 'burst',
              applicantId: 1,
            })
            .returning({ id: finSupplierApplications.id });
          return a!.id;
        }),
      ),
    );
    await Promise.all([
      ...apps.map((a) => t.p.db.transaction((tx) => decideSupplier(tx, a, 'approved', 1, new Date()))),
      ...Array.from({ length: 40 }, (_, k) => post1(id, 'cost', -(100 + k), `burst:${id}:${k}`)),
      ...Array.from({ length: 10 }, () => post1(id, 'cost', -7, `burst:${id}:replay`)),
    ]);
    const [acc] = await t.p.db.select().from(finSupplierAccounts).where(eq(finSupplierAccounts.id, id));
    const prepaid = apps.reduce((s, _, i) => s + 1_000 + i, 0);
    const costs = Array.from({ length: 40 }, (_, k) => 100 + k).reduce((s, v) => s + v, 0) + 7;
    expect([Number(acc!.balance), Number(acc!.prepaid), Number(acc!.costs)]).toEqual([prepaid - costs, prepaid, costs]);
    expect(await supplierDrift(t.p.db)).toEqual([]);
  });
});

let sampleSupplier = 0;

describeResource(supplierAccounts.sms, {
  app: () => t,
  // one supplier, a new currency each time (one account per supplier, product and currency)
  sample: (n) => ({
    supplierId: sampleSupplier,
    currency: `Q${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}${String.fromCharCode(65 + (n % 26))}`,
  }),
  filters: {
    supplierId: async () => {
      const id = await accountOf(await userId('admin'));
      return (await t.p.db.select().from(finSupplierAccounts).where(eq(finSupplierAccounts.id, id)))[0]!.supplierId;
    },
    currency: 'USD',
    createdAt: ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'],
  },
  ownedRecord: (_t, owner) => accountOf(owner),
});

describeResource(supplierEntries.sms, {
  app: () => t,
  filters: {
    supplierAccountId: async () => {
      const id = await accountOf(await userId('admin'));
      await post1(id, 'prepayment', 100, `f:${id}`);
      return id;
    },
    kind: ['prepayment'],
    day: ['2026-11-01', '2026-11-30'],
  },
  ownedRecord: async (_t, owner) => {
    const id = await accountOf(owner);
    return (await post1(id, 'prepayment', 100, `o:${id}`)).entryId;
  },
});

/** An application under review on an account of a supplier `owner` owns (written as the apply call would). */
async function applicationOf(owner: number) {
  const id = await accountOf(owner);
  const [a] = await t.p.db
    .insert(finSupplierApplications)
    .values({
      code: `SPT${id}-${++seq}`,
      kind: 'prepayment',
      supplierAccountId: id,
      amount: 1_000,
      currency: 'USD',
      reference: `REF${seq}`,
      reason: 'listed',
      applicantId: owner,
    })
    .returning({ id: finSupplierApplications.id });
  return a!.id;
}

describe('supplier applications list', () => {
  it('lists an application under review, then approved with its decider and the balance after; others’ are out of scope', async () => {
    const mine = await accountOf(await userId('sales01'));
    const res = await post(fin, '/v2/fc/account/supplier/apply', {
      supplierAccountId: mine,
      kind: 'prepayment',
      amount: 45_600,
      reference: 'TT-LIST-1',
      reason: 'listed prepayment',
    });
    expect(res.code, res.msg).toBe(0);
    const row = async (tok: Tokens) =>
      (await post(tok, '/v2/fc/account/supplier/sms/application/page', { page: 1, size: 50, keyword: 'TT-LIST-1' }))
        .data.records[0];
    expect(await row(sales)).toMatchObject({ id: res.data.id, state: 'pending', amount: 45_600, balanceAfter: null });
    const agreed = await post(fin, '/v2/workflow/agree', { taskId: await task(res.data.instanceId), opinion: 'ok' });
    expect(agreed.code, agreed.msg).toBe(0);
    expect(await row(fin)).toMatchObject({ state: 'approved', deciderName: expect.any(String), balanceAfter: 45_600 });
    const detail = await post(fin, '/v2/fc/account/supplier/sms/application/detail', { id: res.data.id });
    expect(detail.code, detail.msg).toBe(0);
    expect(detail.data).toMatchObject({
      code: res.data.code,
      instanceId: res.data.instanceId,
      reason: 'listed prepayment',
    });
    const theirs = await applicationOf(await userId('admin'));
    const seen = await post(sales, '/v2/fc/account/supplier/sms/application/page', { page: 1, size: 200 });
    expect(seen.data.records.map((r: { id: number }) => r.id)).not.toContain(theirs);
    // another product's screen does not list the sms applications
    const vos = await post(fin, '/v2/fc/account/supplier/vos/application/page', { page: 1, size: 200 });
    expect(vos.data.records.map((r: { id: number }) => r.id)).not.toContain(res.data.id);
  });
});

describeResource(supplierApplications.sms, {
  app: () => t,
  filters: {
    keyword: 'REF',
    kind: ['prepayment'],
    state: 'pending',
    supplierAccountId: async () => {
      const id = await applicationOf(await userId('admin'));
      const [a] = await t.p.db
        .select({ accountId: finSupplierApplications.supplierAccountId })
        .from(finSupplierApplications)
        .where(eq(finSupplierApplications.id, id));
      return a!.accountId;
    },
    createdAt: ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'],
  },
  ownedRecord: (_t, owner) => applicationOf(owner),
});
