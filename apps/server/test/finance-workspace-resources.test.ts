import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { insertWorkspaceKey } from '../src/modules/finance/workspaces/keys.js';
import { workspaceKeys, workspaces } from '../src/modules/finance/workspaces/resources.js';
import { finWorkspaces } from '../src/modules/finance/workspaces/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { startTestApp, type TestApp } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { testAccount } from './support/finance-fixture.js';

/** The conformance suite for workspaces and their API keys (decision 0116). */
let t: TestApp;
let seq = 0;
/** the account the create samples bill to (the administrator's customer) */
let sampleAccount = 0;
const RANGE = ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  // the suite compares whole lists and exports: start from no workspaces
  await t.p.db.execute(sql`truncate fin_workspaces, fin_workspace_keys`);
  sampleAccount = await accountOf(await adminId());
}, 60_000);
afterAll(() => t?.close());

const adminId = async () =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(sql`username = 'admin'`))[0]!.id;

const accountOf = (userId: number) =>
  testAccount(t.p.db, userId, { customer: 'WC', name: 'Workspace Conf', alias: 'wsconf', account: 'CA7' });

async function workspaceOf(userId: number) {
  const accountId = await accountOf(userId);
  const [w] = await t.p.db
    .insert(finWorkspaces)
    .values({ code: `WS9${String(++seq).padStart(5, '0')}`, name: `Conf space ${seq}`, accountId, createdBy: userId })
    .returning({ id: finWorkspaces.id });
  return w!.id;
}

async function keyOf(userId: number) {
  const workspaceId = await workspaceOf(userId);
  const k = await insertWorkspaceKey(t.p.db, {
    workspaceId,
    name: `conf key ${seq}`,
    allowIps: '203.0.113.0/24',
    createdBy: userId,
    at: new Date(),
  });
  return k.id;
}

describeResource(workspaces, {
  app: () => t,
  sample: (n) => ({ name: `Sample space ${n}`, accountId: sampleAccount, remark: 'conformance' }),
  update: { name: 'Renamed space' },
  filters: {
    keyword: async () => {
      await workspaceOf(await adminId());
      return 'conf space';
    },
    accountId: async () => {
      const id = await workspaceOf(await adminId());
      return (await t.p.db.select().from(finWorkspaces).where(sql`id = ${id}`))[0]!.accountId;
    },
    state: 'active',
    createdAt: RANGE,
  },
  ownedRecord: (_t, userId) => workspaceOf(userId),
  commands: { suspend: { reason: 'conformance' }, resume: {} },
});

describeResource(workspaceKeys, {
  app: () => t,
  update: { name: 'renamed key', allowIps: '198.51.100.0/24' },
  filters: {
    keyword: async () => {
      await keyOf(await adminId());
      return 'conf key';
    },
    workspaceId: async () => {
      const id = await keyOf(await adminId());
      return rowsOf<{ workspace_id: number }>(
        await t.p.db.execute(sql`select workspace_id from fin_workspace_keys where id = ${id}`),
      )[0]!.workspace_id;
    },
    state: 'active',
    createdAt: RANGE,
  },
  ownedRecord: (_t, userId) => keyOf(userId),
  commands: { revoke: {} },
});
