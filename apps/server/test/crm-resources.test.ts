import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { applications } from '../src/modules/crm/applications.js';
import { contacts } from '../src/modules/crm/contacts.js';
import { customers } from '../src/modules/crm/customers.js';
import { opportunities } from '../src/modules/crm/opportunities.js';
import { crmApplications, crmContacts, crmCustomers, crmOpportunities } from '../src/modules/crm/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { startTestApp, type TestApp } from './harness.js';
import { describeResource } from './support/describe-resource.js';

let t: TestApp;
let customerId = 0;
let seq = 0;
const RANGE = ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  // the suite compares whole lists and exports: start from an empty CRM (the demo data is thousands of rows)
  await t.p.db.execute(sql`truncate crm_customers, crm_contacts, crm_opportunities, crm_applications`);
  const [admin] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(sql`username = 'admin'`);
  customerId = await customerOf(admin!.id);
}, 60_000);
afterAll(() => t?.close());

/** A private customer owned by `userId`, written straight to the table. */
async function customerOf(userId: number, extra: Partial<typeof crmCustomers.$inferInsert> = {}) {
  const n = ++seq;
  const [row] = await t.p.db
    .insert(crmCustomers)
    .values({
      code: `CT${String(n).padStart(6, '0')}`,
      name: `Owned Company ${n}`,
      alias: `owned${n}`,
      type: 'C',
      country: 'SG',
      ownerId: userId,
      ...extra,
    })
    .returning({ id: crmCustomers.id });
  return row!.id;
}
const adminId = async () =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(sql`username = 'admin'`))[0]!.id;

describeResource(customers, {
  app: () => t,
  sample: (n) => ({
    name: `Conformance Trading ${n}`,
    alias: `conf${n}`,
    type: 'C',
    country: 'SG',
    industry: 'fintech',
    level: 'A',
    source: 'website',
    emailDomains: [`conf${n}.example`],
  }),
  update: { name: 'Renamed by the suite', address: '1 Harbour Road' },
  filters: {
    keyword: 'CONF',
    type: 'C',
    state: 'private',
    country: 'SG',
    level: 'A',
    industry: 'fintech',
    source: 'website',
    returnedAt: async () => {
      await customerOf(await adminId(), { returnedAt: new Date() });
      return RANGE;
    },
    ownerId: adminId,
    agentId: async () => {
      const partner = await customerOf(await adminId(), { type: 'R' });
      await customerOf(await adminId(), { agentId: partner });
      return partner;
    },
    dealt: false,
    createdAt: RANGE,
  },
  ownedRecord: (_t, userId) => customerOf(userId),
  commands: { lock: { locked: true } },
});

describeResource(contacts, {
  app: () => t,
  sample: (n) => ({
    customerId,
    name: `Conf Contact ${n}`,
    title: 'CTO',
    phone: `+6591234${String(500 + n).padStart(3, '0')}`,
    email: `contact${n}@conf.example`,
    keyDecisionMaker: true,
  }),
  update: { name: 'Renamed contact', keyDecisionMaker: false },
  filters: { keyword: 'conf', customerId: () => customerId, keyDecisionMaker: true },
  ownedRecord: async (_t, userId) => {
    const cid = await customerOf(userId);
    const [row] = await t.p.db
      .insert(crmContacts)
      .values({ customerId: cid, name: `Owned contact ${cid}`, ownerId: userId })
      .returning({ id: crmContacts.id });
    return row!.id;
  },
});

describeResource(opportunities, {
  app: () => t,
  sample: (n) => ({ customerId, name: `Conf deal ${n}`, stage: 'lead', amount: 100_000 * n, currency: 'USD' }),
  update: { name: 'Renamed deal', stage: 'quote' },
  filters: { keyword: 'conf', customerId: () => customerId, stage: 'lead', status: 'open', createdAt: RANGE },
  ownedRecord: async (_t, userId) => {
    const cid = await customerOf(userId);
    const [row] = await t.p.db
      .insert(crmOpportunities)
      .values({
        customerId: cid,
        name: `Owned deal ${cid}`,
        stage: 'lead',
        amount: 1,
        currency: 'USD',
        ownerId: userId,
      })
      .returning({ id: crmOpportunities.id });
    return row!.id;
  },
  commands: { win: {}, lose: { lostReason: 'price' }, invalidate: {} },
});

let appSeq = 0;
/** An application `userId` initiated (applications are made by the apply calls, never saved through the kernel). */
async function applicationOf(userId: number, extra: Partial<typeof crmApplications.$inferInsert> = {}) {
  const n = ++appSeq;
  const [row] = await t.p.db
    .insert(crmApplications)
    .values({
      code: `CA${String(n).padStart(6, '0')}`,
      kind: 'classA',
      // one pending application per customer and kind
      customerId: extra.customerId ?? (await customerOf(userId)),
      oldValue: 'B',
      newValue: 'A',
      reason: `Conformance ${n}`,
      state: 'pending',
      instanceId: 900_000 + n,
      initiatorId: userId,
      ...extra,
    })
    .returning({ id: crmApplications.id });
  return row!.id;
}

describeResource(applications, {
  app: () => t,
  filters: {
    keyword: 'CA0',
    kind: async () => {
      await applicationOf(await adminId(), {
        kind: 'source',
        state: 'approved',
        oldValue: 'website',
        newValue: 'expo',
      });
      return 'source';
    },
    state: 'approved',
    customerId: async () => {
      await applicationOf(await adminId(), { customerId, state: 'withdrawn' });
      return customerId;
    },
    initiatorId: adminId,
    taskId: async () => {
      await applicationOf(await adminId(), { kind: 'alias', state: 'rejected', instanceId: 955_555 });
      return 955_555;
    },
    createdAt: RANGE,
  },
  ownedRecord: (_t, userId) => applicationOf(userId),
});
