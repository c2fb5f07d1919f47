import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { awsUsers, clients, contracts, verifications } from '../src/modules/finance/consumer/resources.js';
import { finAwsUsers, finClients, finContracts, finVerifications } from '../src/modules/finance/consumer/schema.js';
import { voiceEntries } from '../src/modules/finance/consumer/voice-entries.js';
import { finLedgerEntries } from '../src/modules/finance/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { testAccount } from './support/finance-fixture.js';

/** The conformance suites of decision 0121: verifications, contracts, client apps, AWS users, voice top-ups. */
let t: TestApp & { url: string };
let seq = 0;
/** accounts of the administrator's customers the create samples use (one pending verification each) */
const sampleAccounts: number[] = [];
/** a file the administrator uploaded: the samples' documents */
let fileId = '';
const RANGE = ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

/** the uploads' directory, removed afterwards */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acct-conf-'));

beforeAll(async () => {
  t = await startTestApp({
    listen: true,
    env: { LOGIN_RATE_PER_IP: '1000', DATA_DIR: dataDir },
  });
  // the suites compare whole lists and exports: start from none of these records
  await t.p.db.execute(sql`truncate fin_verifications, fin_contracts, fin_clients, fin_aws_users`);
  const admin = await adminId();
  for (let i = 0; i < 12; i++) sampleAccounts.push(await accountOf(admin));
  const tok = await signIn(t.app, DEMO.admin);
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(Buffer.from('%PDF-1.4 licence'))], { type: 'application/pdf' }),
    'licence.pdf',
  );
  const res = await fetch(`${t.url}/v2/sys/staff/file/upload`, { method: 'POST', headers: bearer(tok), body: form });
  fileId = ((await res.json()) as { data: { id: string } }).data.id;
}, 180_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const adminId = async () =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(sql`username = 'admin'`))[0]!.id;

/** an active prepaid account (sms, voice, email) of a customer `userId` owns */
async function accountOf(userId: number) {
  const id = await testAccount(t.p.db, userId, {
    customer: 'KC',
    name: 'Consumer Conf',
    alias: 'kcconf',
    account: 'CA6',
  });
  await t.p.db.execute(sql`update fin_accounts set products = '{sms,voice,email}' where id = ${id}`);
  return id;
}

const accountOfRow = async (table: string, id: number) =>
  rowsOf<{ account_id: number }>(await t.p.db.execute(sql.raw(`select account_id from ${table} where id = ${id}`)))[0]!
    .account_id;

async function verificationOf(userId: number) {
  const [r] = await t.p.db
    .insert(finVerifications)
    .values({
      accountId: await accountOf(userId),
      subject: 'company',
      legalName: `Conf Holdings ${++seq}`,
      documentNo: `91000${seq}`,
      createdBy: userId,
    })
    .returning({ id: finVerifications.id });
  return r!.id;
}

async function contractOf(userId: number) {
  const [r] = await t.p.db
    .insert(finContracts)
    .values({
      contractNo: `CONF-${++seq}`,
      title: `Conf contract ${seq}`,
      accountId: await accountOf(userId),
      startsOn: '2026-01-01',
      endsOn: '2027-12-31',
      createdBy: userId,
    })
    .returning({ id: finContracts.id });
  return r!.id;
}

async function clientOf(userId: number) {
  const [r] = await t.p.db
    .insert(finClients)
    .values({
      appId: `APP9${String(++seq).padStart(5, '0')}`,
      name: `conf app ${seq}`,
      accountId: await accountOf(userId),
      product: 'sms',
      createdBy: userId,
    })
    .returning({ id: finClients.id });
  return r!.id;
}

async function awsUserOf(userId: number) {
  const [r] = await t.p.db
    .insert(finAwsUsers)
    .values({
      kind: 'ses_identity',
      identity: `conf${++seq}.example.com`,
      region: 'eu-west-1',
      accountId: await accountOf(userId),
      createdBy: userId,
    })
    .returning({ id: finAwsUsers.id });
  return r!.id;
}

/** a recharge on a voice account `userId`'s customer holds (written as the ledger's insert would) */
async function voiceTopUpOf(userId: number) {
  const accountId = await accountOf(userId);
  const [r] = await t.p.db
    .insert(finLedgerEntries)
    .values({
      key: `conf-voice-${++seq}`,
      accountId,
      kind: 'recharge',
      amount: '100',
      currency: 'USD',
      day: '2026-11-01',
    })
    .returning({ id: finLedgerEntries.id });
  return r!.id;
}

describeResource(verifications, {
  app: () => t,
  sample: (n) => ({
    accountId: sampleAccounts[n - 1],
    subject: 'company',
    legalName: `Sample Holdings ${n}`,
    documentNo: `9133${n}`,
    documents: [fileId],
  }),
  update: { legalName: 'Renamed Holdings' },
  filters: {
    keyword: async () => {
      await verificationOf(await adminId());
      return 'conf holdings';
    },
    accountId: async () => accountOfRow('fin_verifications', await verificationOf(await adminId())),
    state: 'pending',
    createdAt: RANGE,
  },
  ownedRecord: (_t, userId) => verificationOf(userId),
  commands: { approve: {}, reject: { reason: 'conformance' } },
});

describeResource(contracts, {
  app: () => t,
  sample: (n) => ({
    contractNo: `SAMPLE-${n}`,
    title: `Sample contract ${n}`,
    accountId: sampleAccounts[0],
    startsOn: '2026-01-01',
    endsOn: '2026-12-31',
    files: [fileId],
  }),
  update: { title: 'Renamed contract', endsOn: '2027-06-30' },
  filters: {
    keyword: async () => {
      await contractOf(await adminId());
      return 'conf contract';
    },
    accountId: async () => accountOfRow('fin_contracts', await contractOf(await adminId())),
    state: 'active',
    endsOn: ['2026-01-01', '2028-12-31'],
  },
  ownedRecord: (_t, userId) => contractOf(userId),
  commands: { terminate: { reason: 'conformance' } },
});

describeResource(clients, {
  app: () => t,
  sample: (n) => ({ name: `Sample app ${n}`, accountId: sampleAccounts[0], product: 'voice' }),
  update: { name: 'Renamed app' },
  filters: {
    keyword: async () => {
      await clientOf(await adminId());
      return 'conf app';
    },
    accountId: async () => accountOfRow('fin_clients', await clientOf(await adminId())),
    product: 'sms',
    state: 'active',
  },
  ownedRecord: (_t, userId) => clientOf(userId),
  commands: { disable: { reason: 'conformance' }, enable: {} },
});

describeResource(awsUsers, {
  app: () => t,
  sample: (n) => ({
    kind: 'ses_identity',
    identity: `notify@sample${n}.example.com`,
    region: 'us-east-1',
    accountId: sampleAccounts[0],
  }),
  update: { remark: 'checked with the customer' },
  filters: {
    keyword: async () => {
      await awsUserOf(await adminId());
      return '.example.com';
    },
    accountId: async () => accountOfRow('fin_aws_users', await awsUserOf(await adminId())),
    region: 'eu-west-1',
    state: 'pending',
  },
  ownedRecord: (_t, userId) => awsUserOf(userId),
  commands: { verify: {}, disable: { reason: 'conformance' } },
});

describeResource(voiceEntries, {
  app: () => t,
  filters: {
    kind: ['recharge'],
    accountId: async () => accountOfRow('fin_ledger_entries', await voiceTopUpOf(await adminId())),
    day: ['2026-11-01', '2026-11-30'],
    createdAt: RANGE,
  },
  ownedRecord: (_t, userId) => voiceTopUpOf(userId),
});
