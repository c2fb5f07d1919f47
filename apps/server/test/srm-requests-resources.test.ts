import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { srmSupplierRequests, srmSuppliers } from '../src/modules/srm/schema.js';
import { supplierRequests } from '../src/modules/srm/supplier-requests.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { startTestApp, type TestApp } from './harness.js';
import { describeResource } from './support/describe-resource.js';

// a file of its own: each conformance suite signs its people in, and one file's sign-ins are rate limited
let t: TestApp;
let seq = 0;
const RANGE = ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

beforeAll(async () => {
  t = await startTestApp();
  await t.p.db.execute(sql`truncate srm_supplier_requests`);
}, 60_000);
afterAll(() => t?.close());

const adminId = async () =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(sql`username = 'admin'`))[0]!.id;

/** A transfer request straight in the table (requests start through the approval route). */
async function requestOf(userId: number, reason = 'conf transfer') {
  const n = ++seq;
  const [s] = await t.p.db
    .insert(srmSuppliers)
    .values({
      code: `TQ${String(n).padStart(6, '0')}`,
      name: `Transfer Carrier ${n}`,
      alias: `trqsup${n}`,
      type: 'operator',
      country: 'SG',
      ownerId: userId,
    })
    .returning({ id: srmSuppliers.id });
  const [row] = await t.p.db
    .insert(srmSupplierRequests)
    .values({ supplierId: s!.id, kind: 'transfer', fromUserId: userId, toUserId: userId, reason, applicantId: userId })
    .returning({ id: srmSupplierRequests.id, supplierId: srmSupplierRequests.supplierId });
  return row!;
}

describeResource(supplierRequests, {
  app: () => t,
  filters: {
    keyword: async () => {
      await requestOf(await adminId(), 'conformance reason');
      return 'conformance';
    },
    kind: 'transfer',
    state: 'pending',
    supplierId: async () => (await requestOf(await adminId())).supplierId,
    applicantId: adminId,
    createdAt: RANGE,
  },
  ownedRecord: async (_t, userId) => (await requestOf(userId)).id,
});
