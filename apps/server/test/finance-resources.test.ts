import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { crmCustomers } from '../src/modules/crm/schema.js';
import { accounts, applications, entries } from '../src/modules/finance/accounts.js';
import { postEntry } from '../src/modules/finance/ledger.js';
import { finAccounts, finApplications } from '../src/modules/finance/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { startTestApp, type TestApp } from './harness.js';
import { describeResource } from './support/describe-resource.js';

let t: TestApp;
let seq = 0;
const RANGE = ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

beforeAll(async () => {
  t = await startTestApp();
  // the suite compares whole lists and exports: start from an empty finance room
  await t.p.db.execute(sql`truncate fin_accounts, fin_applications, fin_ledger_entries, fin_ledger_contra`);
}, 60_000);
afterAll(() => t?.close());

const adminId = async () =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(sql`username = 'admin'`))[0]!.id;

/** A customer owned by `userId` (written to the crm table: test data) with an active account of finance's. */
async function accountOf(userId: number) {
  const n = ++seq;
  const [c] = await t.p.db
    .insert(crmCustomers)
    .values({
      code: `FC${n}`,
      name: `Finance Conf ${n}`,
      alias: `finconf${n}`,
      type: 'C',
      country: 'SG',
      ownerId: userId,
    })
    .returning({ id: crmCustomers.id });
  const [a] = await t.p.db
    .insert(finAccounts)
    .values({
      code: `CA9${String(n).padStart(5, '0')}`,
      customerId: c!.id,
      currency: 'USD',
      billing: 'prepaid',
      applicantId: userId,
      state: 'active',
    })
    .returning({ id: finAccounts.id });
  return a!.id;
}

async function applicationOf(userId: number) {
  const accountId = await accountOf(userId);
  const [row] = await t.p.db
    .insert(finApplications)
    .values({
      code: `FA9${String(++seq).padStart(5, '0')}`,
      kind: 'recharge',
      accountId,
      amount: '10',
      currency: 'USD',
      reference: 'TTCONF',
      reason: 'conformance',
      applicantId: userId,
    })
    .returning({ id: finApplications.id });
  return row!.id;
}

async function entryOf(userId: number) {
  const accountId = await accountOf(userId);
  const r = await t.p.db.transaction((tx) =>
    postEntry(tx, {
      accountId,
      kind: 'recharge',
      amount: '25.5',
      currency: 'USD',
      day: '2026-11-02',
      key: `conf:${accountId}`,
      at: new Date(),
    }),
  );
  return r.entryId;
}

describeResource(accounts, {
  app: () => t,
  filters: {
    keyword: async () => {
      await accountOf(await adminId());
      return 'ca9';
    },
    customerId: async () => {
      const id = await accountOf(await adminId());
      return (await t.p.db.select().from(finAccounts).where(sql`id = ${id}`))[0]!.customerId;
    },
    state: 'active',
    billing: 'prepaid',
    currency: 'USD',
    createdAt: RANGE,
  },
  ownedRecord: (_t, userId) => accountOf(userId),
});

describeResource(applications, {
  app: () => t,
  filters: {
    keyword: async () => {
      await applicationOf(await adminId());
      return 'ttconf';
    },
    kind: ['recharge'],
    state: 'pending',
    accountId: async () => {
      const id = await applicationOf(await adminId());
      return (await t.p.db.select().from(finApplications).where(sql`id = ${id}`))[0]!.accountId;
    },
    createdAt: RANGE,
  },
  ownedRecord: (_t, userId) => applicationOf(userId),
});

describeResource(entries, {
  app: () => t,
  filters: {
    kind: ['recharge'],
    accountId: async () => {
      await entryOf(await adminId());
      return rowsOf<{ account_id: number }>(
        await t.p.db.execute(sql`select account_id from fin_ledger_entries limit 1`),
      )[0]!.account_id;
    },
    day: ['2026-11-01', '2026-11-30'],
    createdAt: RANGE,
  },
  ownedRecord: (_t, userId) => entryOf(userId),
});
