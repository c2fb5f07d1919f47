import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { accounts, applications, entries } from '../src/modules/finance/accounts.js';
import { postEntry } from '../src/modules/finance/ledger.js';
import {
  finAccounts,
  finApplications,
  finBillCycles,
  finBills,
  finCreditRules,
  finCreditWhitelist,
  finNotify,
  finStatements,
} from '../src/modules/finance/schema.js';
import { billCycles, bills, creditRules, creditWhitelist, financeNotify } from '../src/modules/finance/settings.js';
import { snapshots, takeSnapshot } from '../src/modules/finance/snapshots.js';
import { statements } from '../src/modules/finance/statements.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { startTestApp, type TestApp } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { testAccount } from './support/finance-fixture.js';

let t: TestApp;
let seq = 0;
const RANGE = ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

beforeAll(async () => {
  // eight suites sign in six people each
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  // the suite compares whole lists and exports: start from an empty finance room
  await t.p.db.execute(
    sql`truncate fin_accounts, fin_applications, fin_ledger_entries, fin_ledger_contra, fin_account_snapshots, fin_bills, fin_statements, fin_credit_rules,
      fin_credit_whitelist, fin_notify, fin_bill_cycles`,
  );
}, 60_000);
afterAll(() => t?.close());

const adminId = async () =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(sql`username = 'admin'`))[0]!.id;

const accountOf = (userId: number) =>
  testAccount(t.p.db, userId, { customer: 'FC', name: 'Finance Conf', alias: 'finconf', account: 'CA9' });

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
    // a sub-account of a new account (decision 0134; the form's checks are finance-main-accounts.test.ts')
    mainAccountId: async () => {
      const mainId = await accountOf(await adminId());
      const [m] = await t.p.db.select().from(finAccounts).where(sql`id = ${mainId}`);
      await t.p.db.insert(finAccounts).values({
        code: `CA9S${String(++seq).padStart(5, '0')}`,
        customerId: m!.customerId,
        products: m!.products,
        currency: m!.currency,
        billing: m!.billing,
        applicantId: m!.applicantId,
        state: 'active',
        mainAccountId: mainId,
      });
      return mainId;
    },
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

/** An account of `userId`'s customer, opened on 2026-10-01, and its snapshot of 2026-11-02 (one entry that day). */
async function snapshotOf(userId: number) {
  const entryId = await entryOf(userId);
  const [e] = rowsOf<{ account_id: number }>(
    await t.p.db.execute(sql`select account_id from fin_ledger_entries where id = ${entryId}`),
  );
  await t.p.db.execute(sql`update fin_accounts set opened_at = '2026-10-01T00:00:00Z' where id = ${e!.account_id}`);
  await takeSnapshot(t.p.db, '2026-11-02');
  // a bigint: PostgreSQL's driver answers it as text, PGlite as a number
  return Number(
    rowsOf<{ id: number | string }>(
      await t.p.db.execute(
        sql`select id from fin_account_snapshots where account_id = ${e!.account_id} and day = '2026-11-02'`,
      ),
    )[0]!.id,
  );
}

describeResource(snapshots, {
  app: () => t,
  filters: {
    day: ['2026-11-01', '2026-11-30'],
    accountId: async () => {
      const id = await snapshotOf(await adminId());
      return rowsOf<{ account_id: number }>(
        await t.p.db.execute(sql`select account_id from fin_account_snapshots where id = ${id}`),
      )[0]!.account_id;
    },
    currency: 'USD',
    billing: 'prepaid',
    state: 'active',
  },
  ownedRecord: (_t, userId) => snapshotOf(userId),
});

async function billOf(userId: number) {
  const accountId = await accountOf(userId);
  const n = ++seq;
  const [row] = await t.p.db
    .insert(finBills)
    .values({
      code: `BL9${String(n).padStart(5, '0')}`,
      accountId,
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      amount: '120',
      unpaid: '120',
      currency: 'USD',
      dueDay: '2026-11-15',
      overdueAfter: '2026-11-20',
      issuedAt: new Date(),
    })
    .returning({ id: finBills.id });
  return row!.id;
}

describeResource(bills, {
  app: () => t,
  filters: {
    keyword: async () => {
      await billOf(await adminId());
      return 'bl9';
    },
    accountId: async () => {
      const id = await billOf(await adminId());
      return (await t.p.db.select().from(finBills).where(sql`id = ${id}`))[0]!.accountId;
    },
    state: ['issued'],
    periodEnd: ['2026-10-01', '2026-11-30'],
    // a bill the automatic mailing failed to send (decision 0142)
    mailFailed: async () => {
      const id = await billOf(await adminId());
      await t.p.db.update(finBills).set({ mailFailed: true, mailTries: 1 }).where(sql`id = ${id}`);
      return true;
    },
  },
  ownedRecord: (_t, userId) => billOf(userId),
});

async function statementOf(userId: number) {
  const accountId = await accountOf(userId);
  const n = ++seq;
  const [row] = await t.p.db
    .insert(finStatements)
    .values({
      code: `ST9${String(n).padStart(5, '0')}`,
      accountId,
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      currency: 'USD',
      opening: '100',
      moneyIn: '50',
      moneyOut: '0',
      consumption: '30',
      closing: '120',
      entries: 3,
      issuedAt: new Date(),
    })
    .returning({ id: finStatements.id });
  return row!.id;
}

describeResource(statements, {
  app: () => t,
  filters: {
    keyword: async () => {
      await statementOf(await adminId());
      return 'st9';
    },
    accountId: async () => {
      const id = await statementOf(await adminId());
      return (await t.p.db.select().from(finStatements).where(sql`id = ${id}`))[0]!.accountId;
    },
    periodStart: ['2026-10-01', '2026-10-31'],
    mailFailed: async () => {
      const id = await statementOf(await adminId());
      await t.p.db.update(finStatements).set({ mailFailed: true, mailTries: 1 }).where(sql`id = ${id}`);
      return true;
    },
  },
  ownedRecord: (_t, userId) => statementOf(userId),
});

describeResource(creditRules, {
  app: () => t,
  sample: (n) => ({
    step: 10 + n,
    name: `规则 ${n}`,
    nameEn: `Rule ${n}`,
    overdueDays: n,
    minUnpaid: '100',
    action: n % 2 ? 'notify_owner' : 'suspend',
    enabled: true,
  }),
  update: { overdueDays: 30, remark: 'changed by the suite' },
  filters: { action: 'notify_owner', enabled: true },
  ownedRecord: async () => {
    const [r] = await t.p.db
      .insert(finCreditRules)
      .values({ step: 60 + ++seq, name: '自有', nameEn: 'Own', overdueDays: 3, action: 'notify_owner' })
      .returning({ id: finCreditRules.id });
    return r!.id;
  },
});

/** whitelist samples need accounts of their own (one row per account) */
const listable: number[] = [];
describeResource(creditWhitelist, {
  app: () => t,
  sample: (n) => ({ accountId: listable[n % listable.length], enabled: true, reason: `sample ${n}` }),
  update: { until: '2030-01-31', reason: 'changed by the suite' },
  filters: {
    accountId: async () =>
      rowsOf<{ account_id: number }>(await t.p.db.execute(sql`select account_id from fin_credit_whitelist limit 1`))[0]!
        .account_id,
    enabled: true,
  },
  ownedRecord: async (_t, userId) => {
    // accounts for the samples too, made before the suite creates them
    if (!listable.length) for (let i = 0; i < 12; i++) listable.push(await accountOf(userId));
    const [r] = await t.p.db
      .insert(finCreditWhitelist)
      .values({ accountId: await accountOf(userId), reason: 'own' })
      .returning({ id: finCreditWhitelist.id });
    return r!.id;
  },
});

describeResource(financeNotify, {
  app: () => t,
  sample: (n) => ({ name: `Notify ${n}`, action: n % 2 ? 'suspend' : 'bad_debt', toOwner: true, toFinance: false }),
  update: { toFinance: true },
  filters: { action: 'notify_owner' },
  ownedRecord: async () => {
    const [r] = await t.p.db
      .insert(finNotify)
      .values({ name: `Own ${++seq}`, action: 'notify_owner', toOwner: true })
      .returning({ id: finNotify.id });
    return r!.id;
  },
});

describeResource(billCycles, {
  app: () => t,
  sample: (n) => ({
    cycle: 'weekly',
    effectiveFrom: `2030-01-${String(n).padStart(2, '0')}`,
    termDays: 7,
    graceDays: 2,
  }),
  update: { graceDays: 4, remark: 'changed by the suite' },
  filters: { cycle: 'monthly' },
  ownedRecord: async () => {
    const [r] = await t.p.db
      .insert(finBillCycles)
      .values({ cycle: 'monthly', effectiveFrom: `2031-01-${String((++seq % 28) + 1).padStart(2, '0')}` })
      .returning({ id: finBillCycles.id });
    return r!.id;
  },
});
