import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { admissions } from '../src/modules/srm/admission.js';
import { supplierContacts } from '../src/modules/srm/contacts.js';
import { srmAdmissions, srmContacts, srmSuppliers } from '../src/modules/srm/schema.js';
import { suppliers } from '../src/modules/srm/suppliers.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { startTestApp, type TestApp } from './harness.js';
import { describeResource } from './support/describe-resource.js';

let t: TestApp;
let supplierId = 0;
let seq = 0;
const RANGE = ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

beforeAll(async () => {
  t = await startTestApp();
  // the suite compares whole lists and exports: start from an empty supplier room
  await t.p.db.execute(sql`truncate srm_suppliers, srm_contacts, srm_admissions`);
  supplierId = await supplierOf(await adminId());
}, 60_000);
afterAll(() => t?.close());

const adminId = async () =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(sql`username = 'admin'`))[0]!.id;

/** A private supplier owned by `userId`, written straight to the table. */
async function supplierOf(userId: number, extra: Partial<typeof srmSuppliers.$inferInsert> = {}) {
  const n = ++seq;
  const [row] = await t.p.db
    .insert(srmSuppliers)
    .values({
      code: `ST${String(n).padStart(6, '0')}`,
      name: `Owned Carrier ${n}`,
      alias: `ownedsup${n}`,
      type: 'aggregator',
      country: 'SG',
      ownerId: userId,
      ...extra,
    })
    .returning({ id: srmSuppliers.id });
  return row!.id;
}

describeResource(suppliers, {
  app: () => t,
  sample: (n) => ({
    name: `Conformance Routes ${n} ${'xyzw'.repeat(n % 5)}`,
    alias: `confsup${n}`,
    type: 'aggregator',
    products: ['sms', 'whatsapp'],
    country: 'SG',
    level: 'tier1',
    source: 'referral',
    paymentMethod: 'prepaid',
    paymentTermDays: 0,
    domains: [`confsup${n}.example`],
  }),
  update: { name: 'Renamed supplier by the suite', address: '1 Harbour Road' },
  filters: {
    keyword: 'CONF',
    type: 'aggregator',
    state: 'private',
    country: 'SG',
    level: 'tier1',
    source: 'referral',
    admitted: false,
    ownerId: adminId,
    lastContactAt: async () => {
      await supplierOf(await adminId(), { lastContactAt: new Date('2026-01-02T00:00:00Z') });
      return RANGE;
    },
    createdAt: RANGE,
  },
  ownedRecord: (_t, userId) => supplierOf(userId),
  commands: { lock: { locked: true }, blacklist: { reason: 'fake DLRs' } },
});

describeResource(supplierContacts, {
  app: () => t,
  sample: (n) => ({
    supplierId,
    name: `Conf Person ${n}`,
    role: 'noc',
    phone: `+6591234${String(500 + n).padStart(3, '0')}`,
    email: `noc${n}@conf.example`,
  }),
  update: { name: 'Renamed contact', role: 'billing' },
  filters: { keyword: 'conf', supplierId: () => supplierId, role: 'noc' },
  ownedRecord: async (_t, userId) => {
    const sid = await supplierOf(userId);
    const [row] = await t.p.db
      .insert(srmContacts)
      .values({ supplierId: sid, name: `Owned contact ${sid}`, role: 'noc', ownerId: userId })
      .returning({ id: srmContacts.id });
    return row!.id;
  },
});

/** An admission application straight in the table (applications start through the approval route). */
async function admissionOf(userId: number, note = 'conf admission') {
  const sid = await supplierOf(userId);
  const [row] = await t.p.db
    .insert(srmAdmissions)
    .values({ supplierId: sid, applicantId: userId, note })
    .returning({ id: srmAdmissions.id });
  return row!.id;
}

describeResource(admissions, {
  app: () => t,
  filters: {
    keyword: async () => {
      await admissionOf(await adminId(), 'conformance note');
      return 'conformance';
    },
    state: 'pending',
    supplierId: async () => {
      const id = await admissionOf(await adminId());
      const [row] = rowsOf<{ supplier_id: number }>(
        await t.p.db.execute(sql`select supplier_id from srm_admissions where id = ${id}`),
      );
      return row!.supplier_id;
    },
    applicantId: adminId,
    createdAt: RANGE,
  },
  ownedRecord: (_t, userId) => admissionOf(userId),
});
