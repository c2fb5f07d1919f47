import { Errors } from '@portal/contracts';
import { SUPPLIER_CONTROL_KINDS, type SupplierControlKind } from '@portal/contracts/finance';
import { resourcePath } from '@portal/contracts/resource';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blockedSuppliers,
  overdueExemptSuppliers,
  supplierControls,
} from '../src/modules/finance/suppliers/control.js';
import { supplierControlSet, supplierControlSettingOn } from '../src/modules/finance/suppliers/control-set.js';
import { finSupplierControlSet, finSupplierControls } from '../src/modules/finance/suppliers/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { DEMO, onPostgres, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { keyedPost } from './support/signed-in.js';
import { testSupplier } from './support/supplier-fixture.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * Supplier control lists (decision 0114): the conformance suite over blacklist, exemptions and
 * whitelist; a supplier once per list, never on the blacklist and the whitelist at once; days checked;
 * finance's edit key; the `blockedSuppliers` port reading what is in force on a day.
 */
let t: TestApp;
let fin: Tokens;
let sales: Tokens;
let admin: Tokens;
const pool: Record<SupplierControlKind, number[]> = { blacklist: [], exempt: [], whitelist: [] };

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const save = (kind: SupplierControlKind, tok: Tokens, body: object) =>
  post(tok, resourcePath(supplierControls[kind].def, 'save'), body);
const userId = async (username: string) =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;
const supplierOf = async (ownerId?: number) => (await testSupplier(t.p.db, { prefix: 'K', ownerId, products: [] })).id;
const rowCount = async () =>
  rowsOf<{ n: number }>(await t.p.db.execute(sql`select count(*)::int as n from fin_supplier_controls`)).map((r) =>
    Number(r.n),
  )[0]!;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  // the conformance suites compare whole lists and exports: start from empty lists
  await t.p.db.execute(sql`truncate fin_supplier_controls, fin_supplier_control_set`);
  [fin, sales, admin] = await Promise.all([
    signIn(t.app, DEMO.finance01),
    signIn(t.app, DEMO.sales01),
    signIn(t.app, DEMO.admin),
  ]);
  const adminId = await userId('admin');
  for (const kind of SUPPLIER_CONTROL_KINDS) for (let i = 0; i < 12; i++) pool[kind].push(await supplierOf(adminId));
}, 240_000);
afterAll(() => t?.close());

/** A row of a list for a new supplier owned by `owner` (as the save call would write it). */
async function listed(kind: SupplierControlKind, owner: number) {
  const [r] = await t.p.db
    .insert(finSupplierControls)
    .values({ kind, supplierId: await supplierOf(owner), fromDay: '2026-11-01', reason: 'conformance' })
    .returning({ id: finSupplierControls.id });
  return r!.id;
}

for (const kind of SUPPLIER_CONTROL_KINDS)
  describeResource(supplierControls[kind], {
    app: () => t,
    sample: (n) => ({ supplierId: pool[kind][n]!, fromDay: '2026-11-01', enabled: true, reason: `sample ${n}` }),
    update: { reason: 'changed', until: '2026-12-31' },
    filters: {
      supplierId: async () => {
        const id = await listed(kind, await userId('admin'));
        return (await t.p.db.select().from(finSupplierControls).where(eq(finSupplierControls.id, id)))[0]!.supplierId;
      },
      enabled: true,
      fromDay: ['2026-10-01', '2026-11-30'],
    },
    ownedRecord: (_t, owner) => listed(kind, owner),
  });

let seqSet = 0;
/** Three-letter codes in order (AAA, AAB, …) for unique setting rows. */
const code = (n: number) =>
  String.fromCharCode(65 + (Math.floor(n / 676) % 26), 65 + (Math.floor(n / 26) % 26), 65 + (n % 26));

describeResource(supplierControlSet, {
  app: () => t,
  sample: (n) => ({
    currency: code(n),
    effectiveFrom: '2026-11-01',
    dueDays: 30,
    warnDays: 5,
    balanceFloor: 10_000,
    toOwner: true,
    toFinance: false,
  }),
  update: { dueDays: 20, remark: 'shorter terms' },
  filters: { currency: 'ZZA', effectiveFrom: ['2026-10-01', '2026-11-30'] },
  ownedRecord: async () => {
    const [r] = await t.p.db
      .insert(finSupplierControlSet)
      .values({
        currency: 'ZZA',
        effectiveFrom: `2026-11-${String(10 + (seqSet++ % 15)).padStart(2, '0')}`,
        dueDays: 30,
        warnDays: 5,
        balanceFloor: 0,
      })
      .onConflictDoUpdate({
        target: [finSupplierControlSet.currency, finSupplierControlSet.effectiveFrom],
        set: { remark: 'again' },
      })
      .returning({ id: finSupplierControlSet.id });
    return r!.id;
  },
});

describe('supplier control settings', () => {
  it('(an administrator’s setting, like the other finance settings) one row per currency and first day; the row in force is the latest first day not after the day; bad input refused', async () => {
    const url = resourcePath(supplierControlSet.def, 'save');
    const row = { currency: 'XTS', dueDays: 30, warnDays: 5, balanceFloor: 50_000, toOwner: true, toFinance: true };
    expect((await post(admin, url, { ...row, effectiveFrom: '2026-01-01' })).code).toBe(0);
    expect((await post(admin, url, { ...row, effectiveFrom: '2026-07-01', dueDays: 20 })).code).toBe(0);
    const count = async () =>
      (await t.p.db.select().from(finSupplierControlSet).where(eq(finSupplierControlSet.currency, 'XTS'))).length;
    const before = await count();
    expect((await post(admin, url, { ...row, effectiveFrom: '2026-07-01' })).code).toBe(
      Errors.FIN_SUPPLIER_CONTROL_SET_TAKEN.code,
    );
    expect((await post(admin, url, { ...row, effectiveFrom: '2026-08-01', dueDays: 400 })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await post(admin, url, { ...row, effectiveFrom: '2026-08-01', currency: 'usd' })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await post(admin, url, { ...row, effectiveFrom: '2026-08-01', balanceFloor: -1 })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await post(sales, url, { ...row, effectiveFrom: '2026-09-01' })).code).toBe(Errors.NO_PERMISSION.code);
    expect(await count()).toBe(before);
    expect(await supplierControlSettingOn(t.p.db, 'XTS', '2025-12-31')).toBeNull();
    expect((await supplierControlSettingOn(t.p.db, 'XTS', '2026-06-30'))?.dueDays).toBe(30);
    expect((await supplierControlSettingOn(t.p.db, 'XTS', '2026-07-01'))?.dueDays).toBe(20);
  });
});

describe('supplier control rules', () => {
  it('lists a supplier once per list, refuses unknown suppliers, backward days and both blacklist and whitelist', async () => {
    const s = await supplierOf();
    const first = await save('blacklist', fin, {
      supplierId: s,
      fromDay: '2026-11-01',
      enabled: true,
      reason: 'no refund',
    });
    expect(first.code).toBe(0);
    const before = await rowCount();
    const again = await save('blacklist', fin, {
      supplierId: s,
      fromDay: '2026-11-02',
      enabled: true,
      reason: 'twice',
    });
    expect(again.code).toBe(Errors.FIN_SUPPLIER_CONTROL_LISTED.code);
    const white = await save('whitelist', fin, {
      supplierId: s,
      fromDay: '2026-11-01',
      enabled: true,
      reason: 'trusted',
    });
    expect(white.code).toBe(Errors.FIN_SUPPLIER_CONTROL_CONFLICT.code);
    const unknown = await save('exempt', fin, {
      supplierId: 987_654_321,
      fromDay: '2026-11-01',
      enabled: true,
      reason: 'x',
    });
    expect(unknown.code).toBe(Errors.SRM_SUPPLIER_UNKNOWN.code);
    const backward = await save('exempt', fin, {
      supplierId: s,
      fromDay: '2026-11-10',
      until: '2026-11-09',
      enabled: true,
      reason: 'backward',
    });
    expect(backward.code).toBe(Errors.FIN_SUPPLIER_CONTROL_DAYS.code);
    const noReason = await save('exempt', fin, { supplierId: s, fromDay: '2026-11-01', enabled: true });
    expect(noReason.code).not.toBe(0);
    expect(await rowCount()).toBe(before);
    // an exemption may sit beside the blacklist; a backward change of it is refused too
    const ex = await save('exempt', fin, {
      supplierId: s,
      fromDay: '2026-11-01',
      until: '2026-11-20',
      enabled: true,
      reason: 'dispute',
    });
    expect(ex.code).toBe(0);
    const [row] = await t.p.db.select().from(finSupplierControls).where(eq(finSupplierControls.id, ex.data.id));
    expect(row).toMatchObject({ kind: 'exempt', supplierId: s, createdBy: await userId('finance01') });
    const bad = await post(fin, resourcePath(supplierControls.exempt.def, 'update'), {
      id: row!.id,
      version: row!.version,
      until: '2026-10-01',
    });
    expect(bad.code).toBe(Errors.FIN_SUPPLIER_CONTROL_DAYS.code);
  });

  it('needs finance’s edit key to add a row', async () => {
    const s = await supplierOf(await userId('sales01'));
    const res = await save('blacklist', sales, {
      supplierId: s,
      fromDay: '2026-11-01',
      enabled: true,
      reason: 'no key',
    });
    expect(res.code).toBe(Errors.NO_PERMISSION.code);
    expect((await t.p.db.select().from(finSupplierControls).where(eq(finSupplierControls.supplierId, s))).length).toBe(
      0,
    );
  });

  it('the port blocks a blacklisted supplier on the days in force while enabled; exempt and whitelist spare the overdue rules', async () => {
    const [a, b, c] = [await supplierOf(), await supplierOf(), await supplierOf()];
    await save('blacklist', fin, {
      supplierId: a,
      fromDay: '2026-11-05',
      until: '2026-11-10',
      enabled: true,
      reason: 'hold',
    });
    await save('blacklist', fin, { supplierId: b, fromDay: '2026-11-01', enabled: false, reason: 'off' });
    await save('whitelist', fin, { supplierId: c, fromDay: '2026-11-01', enabled: true, reason: 'trusted' });
    expect([...(await blockedSuppliers(t.p.db, [a, b, c], '2026-11-04'))]).toEqual([]);
    expect([...(await blockedSuppliers(t.p.db, [a, b, c], '2026-11-05'))]).toEqual([a]);
    expect([...(await blockedSuppliers(t.p.db, [a, b, c], '2026-11-10'))]).toEqual([a]);
    expect([...(await blockedSuppliers(t.p.db, [a, b, c], '2026-11-11'))]).toEqual([]);
    expect(await blockedSuppliers(t.p.db, [], '2026-11-05')).toEqual(new Set());
    const spared = await overdueExemptSuppliers(t.p.db, '2026-11-05');
    expect(spared.has(c)).toBe(true);
    expect(spared.has(a)).toBe(false);
  });
});

describe.skipIf(!onPostgres)('supplier control on PostgreSQL', () => {
  it('two finance staff adding the same supplier at once: one row, the other a clear conflict', async () => {
    const s = await supplierOf();
    const body = { supplierId: s, fromDay: '2026-11-01', enabled: true, reason: 'race' };
    const answers = await Promise.all([save('blacklist', fin, body), save('blacklist', fin, body)]);
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect([Errors.FIN_SUPPLIER_CONTROL_LISTED.code, Errors.DUPLICATE.code]).toContain(
      answers.find((a) => a.code !== 0)!.code,
    );
    expect((await t.p.db.select().from(finSupplierControls).where(eq(finSupplierControls.supplierId, s))).length).toBe(
      1,
    );
  });
});
