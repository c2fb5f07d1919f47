import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { srmSourceChanges, srmSuppliers } from '../src/modules/srm/schema.js';
import { sourceChanges } from '../src/modules/srm/source-change.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { startTestApp, type TestApp } from './harness.js';
import { describeResource } from './support/describe-resource.js';

// a file of its own: each conformance suite signs its people in, and one file's sign-ins are rate limited
let t: TestApp;
let seq = 0;
const RANGE = ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

beforeAll(async () => {
  t = await startTestApp();
  await t.p.db.execute(sql`truncate srm_source_changes`);
}, 60_000);
afterAll(() => t?.close());

const adminId = async () =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(sql`username = 'admin'`))[0]!.id;

async function supplierOf(userId: number) {
  const n = ++seq;
  const [row] = await t.p.db
    .insert(srmSuppliers)
    .values({
      code: `SC${String(n).padStart(6, '0')}`,
      name: `Source Carrier ${n}`,
      alias: `srcsup${n}`,
      type: 'operator',
      country: 'SG',
      ownerId: userId,
    })
    .returning({ id: srmSuppliers.id });
  return row!.id;
}

/** A source change straight in the table (changes start through the approval route). */
async function sourceChangeOf(userId: number, reason = 'conf change') {
  const sid = await supplierOf(userId);
  const [row] = await t.p.db
    .insert(srmSourceChanges)
    .values({ supplierId: sid, toSource: 'referral', reason, applicantId: userId })
    .returning({ id: srmSourceChanges.id, supplierId: srmSourceChanges.supplierId });
  return row!;
}

describeResource(sourceChanges, {
  app: () => t,
  filters: {
    keyword: async () => {
      await sourceChangeOf(await adminId(), 'conformance reason');
      return 'conformance';
    },
    state: 'pending',
    supplierId: async () => (await sourceChangeOf(await adminId())).supplierId,
    applicantId: adminId,
    createdAt: RANGE,
  },
  ownedRecord: async (_t, userId) => (await sourceChangeOf(userId)).id,
});
