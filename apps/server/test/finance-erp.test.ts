import { Errors } from '@portal/contracts';
import { erpDocApi, KINGDEE_LAYOUT } from '@portal/contracts/finance';
import { commandPath, resourcePath } from '@portal/contracts/resource';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmCustomers } from '../src/modules/crm/schema.js';
import { produceDeps, produceDocuments } from '../src/modules/finance/erp/produce.js';
import { erpDocuments, erpMappings, erpMaterials } from '../src/modules/finance/erp/resources.js';
import { finErpDocuments, finErpMappings } from '../src/modules/finance/erp/schema.js';
import { finAccounts, finLedgerEntries } from '../src/modules/finance/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens, xlsxSheets } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { testAccount } from './support/finance-fixture.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * Kingdee ERP (decision 0118): conformance suites of the documents, mappings and materials;
 * production from the ledger (numbered per type and day, idempotent, concurrent runs make one
 * document per entry); approve and its undo; the export refusing unmapped codes, then writing the
 * Kingdee layout and blocking the undo.
 */
let t: TestApp;
let fin: Tokens;
let sales: Tokens;
let adminId: number;
let entrySeq = 0;
const TAG = { customer: 'ERPC', name: 'ERP test customer', alias: 'erpc', account: 'ERPA' };

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);

/** A ledger entry of a kind on a day (insert-only; the trigger moves the balance). */
async function entry(accountId: number, kind: 'recharge' | 'refund' | 'payment', amount: string, day: string) {
  const [e] = await t.p.db
    .insert(finLedgerEntries)
    .values({ key: `erp-test-${++entrySeq}-${Date.now()}`, accountId, kind, amount, currency: 'USD', day })
    .returning({ id: finLedgerEntries.id });
  return e!.id;
}

/** A draft receipt written as production would (for the conformance suite). */
async function draft(day = '2031-01-15') {
  const n = ++entrySeq;
  const [d] = await t.p.db
    .insert(finErpDocuments)
    .values({
      type: 'receipt',
      number: `SKD-TEST-${String(n).padStart(5, '0')}`,
      docDate: day,
      counterpartKind: 'customer',
      counterpartId: 1,
      counterpartCode: `C${n}`,
      counterpartName: `Customer ${n}`,
      currency: 'USD',
      amount: '10.0000',
      lines: [{ material: 'MAT-SMS', qty: '1', price: '10.0000', amount: '10.0000' }],
      sourceKey: `test:${n}`,
    })
    .returning({ id: finErpDocuments.id });
  return d!.id;
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  // the suites compare whole lists and exports: start from empty books
  await t.p.db.execute(sql`truncate fin_erp_documents, fin_erp_mappings, fin_erp_materials, fin_erp_doc_counters`);
  [fin, sales] = await Promise.all([signIn(t.app, DEMO.finance01), signIn(t.app, DEMO.sales01)]);
  adminId = (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin')))[0]!
    .id;
}, 240_000);
afterAll(() => t?.close());

describeResource(erpDocuments.receipt, {
  app: () => t,
  filters: {
    keyword: 'SKD-TEST',
    state: 'draft',
    currency: 'USD',
    docDate: ['2031-01-01', '2031-01-31'],
  },
  ownedRecord: () => draft(),
  commands: { approve: {}, unapprove: {} },
});

describeResource(erpMappings, {
  app: () => t,
  sample: (n) => ({ kind: 'customer', ourCode: `CONF${n}`, kingdeeCode: `KD.${n}`, kingdeeName: `Name ${n}` }),
  update: { kingdeeCode: 'KD.CHANGED' },
  filters: { keyword: 'CONF', kind: 'customer', updatedAt: ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'] },
  ownedRecord: async () => {
    const [m] = await t.p.db
      .insert(finErpMappings)
      .values({ kind: 'supplier', ourCode: `OWN${++entrySeq}`, kingdeeCode: 'KD.OWN' })
      .returning({ id: finErpMappings.id });
    return m!.id;
  },
});

describeResource(erpMaterials, {
  app: () => t,
  sample: (n) => ({
    code: `CONF-${n}`,
    name: `Material ${n}`,
    product: 'other',
    unit: 'pc',
    isDefault: false,
    enabled: true,
  }),
  update: { name: 'Renamed' },
  filters: { keyword: 'CONF', product: 'other', enabled: true },
  ownedRecord: async () => {
    const res = await post(fin, resourcePath(erpMaterials.def, 'save'), {
      code: `OWN-${++entrySeq}`,
      name: 'Owned',
      product: 'other',
      unit: 'pc',
      isDefault: false,
      enabled: true,
    });
    expect(res.code, JSON.stringify(res)).toBe(0);
    return res.data.id as number;
  },
});

describe('production, approval and the Kingdee export', () => {
  const api = erpDocApi('receipt');
  let accountId: number;
  let customerCode: string;

  beforeAll(async () => {
    accountId = await testAccount(t.p.db, adminId, TAG);
    await t.p.db
      .update(finAccounts)
      .set({ products: ['sms'] })
      .where(eq(finAccounts.id, accountId));
    const [c] = await t.p.db
      .select({ code: crmCustomers.code })
      .from(crmCustomers)
      .innerJoin(finAccounts, eq(finAccounts.customerId, crmCustomers.id))
      .where(eq(finAccounts.id, accountId));
    customerCode = c!.code;
    const m = await post(fin, resourcePath(erpMaterials.def, 'save'), {
      code: 'MAT-SMS',
      name: 'SMS',
      product: 'sms',
      unit: 'msg',
      isDefault: true,
      enabled: true,
    });
    expect(m.code, JSON.stringify(m)).toBe(0);
  });

  const docsOf = () => t.p.db.select().from(finErpDocuments).where(sql`${finErpDocuments.sourceKey} like 'fin:%'`);

  it('produces one numbered draft per entry, once, and nothing from other kinds', async () => {
    await entry(accountId, 'recharge', '100.5', '2031-02-03');
    await entry(accountId, 'recharge', '20', '2031-02-03');
    await entry(accountId, 'payment', '7', '2031-02-04');
    await entry(accountId, 'refund', '-3', '2031-02-04');
    const first = await post(fin, `${api}/produce`, { from: '2031-02-01', to: '2031-02-28' });
    expect(first, JSON.stringify(first)).toMatchObject({ code: 0, data: { created: 3 } });
    const again = await post(fin, `${api}/produce`, { from: '2031-02-01', to: '2031-02-28' });
    expect(again.data.created).toBe(0);
    const docs = (await docsOf()).filter((d) => d.type === 'receipt');
    expect(docs.map((d) => d.number).sort()).toEqual(['SKD-20310203-0001', 'SKD-20310203-0002', 'SKD-20310204-0001']);
    const big = docs.find((d) => d.amount === '100.5000')!;
    expect(big).toMatchObject({ state: 'draft', counterpartCode: customerCode, currency: 'USD' });
    expect(big.lines).toEqual([{ material: 'MAT-SMS', qty: '1', price: '100.5000', amount: '100.5000' }]);
    const refunds = await post(fin, `${erpDocApi('refund-receipt')}/produce`, { from: '2031-02-01', to: '2031-02-28' });
    expect(refunds.data.created).toBe(1);
    const [refund] = (await docsOf()).filter((d) => d.type === 'refund-receipt');
    expect(refund).toMatchObject({ number: 'SKTD-20310204-0001', amount: '3.0000' });
  });

  it('concurrent runs over the same new entries make each document once', async () => {
    for (let i = 0; i < 4; i++) await entry(accountId, 'recharge', String(10 + i), '2031-03-01');
    const runs = await Promise.all(
      [0, 1, 2].map(() => produceDocuments(produceDeps(t.p), 'receipt', '2031-03-01', '2031-03-01')),
    );
    expect(runs.reduce((s, r) => s + r.created, 0)).toBe(4);
    const docs = (await docsOf()).filter((d) => d.docDate === '2031-03-01');
    expect(docs).toHaveLength(4);
    expect(new Set(docs.map((d) => d.number)).size).toBe(4);
    expect(
      docs
        .map((d) => d.number)
        .sort()
        .at(-1),
    ).toBe('SKD-20310301-0004');
  });

  it('refuses a bad period and callers without the key, changing nothing', async () => {
    const before = (await docsOf()).length;
    const bad = await post(fin, `${api}/produce`, { from: '2031-03-10', to: '2031-03-01' });
    expect(bad.code).toBe(Errors.FIN_ERP_PERIOD.code);
    const denied = await post(sales, `${api}/produce`, { from: '2031-02-01', to: '2031-02-28' });
    expect(denied.code).toBe(Errors.NO_PERMISSION.code);
    expect((await docsOf()).length).toBe(before);
  });

  it('approves, undoes, and exports only mapped approved documents in the Kingdee layout', async () => {
    const docs = (await docsOf()).filter((d) => d.type === 'receipt' && d.docDate === '2031-02-03');
    for (const d of docs) {
      const res = await post(fin, commandPath(erpDocuments.receipt.def, 'approve'), { id: d.id, version: d.version });
      expect(res.code, JSON.stringify(res)).toBe(0);
    }
    const twice = await post(fin, commandPath(erpDocuments.receipt.def, 'approve'), { id: docs[0]!.id });
    expect(twice.code).toBe(Errors.FIN_ERP_DOC_STATE.code);

    const exportFile = (tok: Tokens) =>
      t.app.inject({
        method: 'POST',
        url: `${api}/kingdee-export`,
        headers: bearer(tok),
        payload: { from: '2031-02-01', to: '2031-02-28' },
      });
    const unmapped = (await exportFile(fin)).json();
    expect(unmapped.code).toBe(Errors.FIN_ERP_UNMAPPED.code);
    expect(unmapped.msg).toContain(`customer:${customerCode}`);
    expect(unmapped.msg).toContain('currency:USD');
    expect((await docsOf()).every((d) => d.exportedAt === null)).toBe(true);

    for (const [kind, ourCode, kingdeeCode] of [
      ['customer', customerCode, 'CUST.001'],
      ['currency', 'USD', 'PRE007'],
      ['material', 'MAT-SMS', '1.01.001'],
    ]) {
      const res = await post(fin, resourcePath(erpMappings.def, 'save'), { kind, ourCode, kingdeeCode });
      expect(res.code, JSON.stringify(res)).toBe(0);
    }
    const taken = await post(fin, resourcePath(erpMappings.def, 'save'), {
      kind: 'currency',
      ourCode: 'USD',
      kingdeeCode: 'X',
    });
    expect(taken.code).toBe(Errors.FIN_ERP_MAPPING_TAKEN.code);

    const file = await exportFile(fin);
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheetml');
    const [sheet] = await xlsxSheets(file.rawPayload);
    expect(sheet![0]).toEqual(KINGDEE_LAYOUT.map((c) => c[0]));
    expect(sheet![1]).toEqual(KINGDEE_LAYOUT.map((c) => c[1]));
    const rows = sheet!.slice(2);
    expect(rows.map((r) => r[0]).sort()).toEqual(['SKD-20310203-0001', 'SKD-20310203-0002']);
    expect(rows[0]!.slice(2, 8)).toEqual(['AR_RECEIVEBILL', 'BD_Customer', 'CUST.001', '', 'PRE007', '1.01.001']);

    const exported = (await docsOf()).filter((d) => d.exportedAt !== null);
    expect(exported.map((d) => d.id).sort()).toEqual(docs.map((d) => d.id).sort());
    const [fresh] = await t.p.db.select().from(finErpDocuments).where(eq(finErpDocuments.id, docs[0]!.id));
    const undo = await post(fin, commandPath(erpDocuments.receipt.def, 'unapprove'), {
      id: fresh!.id,
      version: fresh!.version,
    });
    expect(undo.code).toBe(Errors.FIN_ERP_DOC_EXPORTED.code);

    // a document not exported goes back to draft
    const [other] = (await docsOf()).filter((d) => d.docDate === '2031-02-04' && d.type === 'receipt');
    const ok1 = await post(fin, commandPath(erpDocuments.receipt.def, 'approve'), { id: other!.id });
    expect(ok1.code).toBe(0);
    const ok2 = await post(fin, commandPath(erpDocuments.receipt.def, 'unapprove'), { id: other!.id });
    expect(ok2.code, JSON.stringify(ok2)).toBe(0);
    const [back] = await t.p.db.select().from(finErpDocuments).where(eq(finErpDocuments.id, other!.id));
    expect(back).toMatchObject({ state: 'draft', approvedBy: null });
  });

  it('answers a period without approved documents clearly', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${api}/kingdee-export`,
      headers: bearer(fin),
      payload: { from: '2031-05-01', to: '2031-05-02' },
    });
    expect(res.json().code).toBe(Errors.FIN_ERP_NOTHING_TO_EXPORT.code);
  });
});
