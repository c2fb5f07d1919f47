import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { bukaAllow, churnRules, freeMailDomains, levelRules, retentionRules } from '../src/modules/crm/pool/rules.js';
import { crmBukaAllow, crmChurnRules, crmLevelRules, crmRetentionRules } from '../src/modules/crm/pool/schema.js';
import { crmFreeMailDomains } from '../src/modules/crm/schema.js';
import { startTestApp, type TestApp } from './harness.js';
import { describeResource } from './support/describe-resource.js';

let t: TestApp;
const LEVELS = ['A', 'B', 'C', 'D'];
/** each record made straight in a table gets its own scope */
let made = 0;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  // one row per scope: the suite makes its own
  await t.p.db.execute(sql`truncate crm_retention_rules, crm_level_rules, crm_churn_rules, crm_buka_allow`);
}, 60_000);
afterAll(() => t?.close());

describeResource(retentionRules, {
  app: () => t,
  sample: (n) => ({
    level: n <= LEVELS.length ? LEVELS[n - 1] : null,
    followUpDays: 30 + n,
    dealDays: 180,
    noticeDays: 3,
    enabled: true,
  }),
  update: { noticeDays: 9, remark: 'changed by the suite' },
  filters: {},
  ownedRecord: async () => {
    const [r] = await t.p.db
      .insert(crmRetentionRules)
      .values({ level: `X${++made}`, followUpDays: 1, dealDays: 1, noticeDays: 1 })
      .returning({ id: crmRetentionRules.id });
    return r!.id;
  },
});

describeResource(levelRules, {
  app: () => t,
  sample: (n) => ({ subject: 'department', departmentId: 1000 + n, countDealt: false, departmentLimit: 100 }),
  update: { userLimit: 50, lockLimit: 5 },
  filters: {},
  ownedRecord: async () => {
    const [r] = await t.p.db
      .insert(crmLevelRules)
      .values({ subject: 'user', userId: 100_000 + ++made, countDealt: false })
      .returning({ id: crmLevelRules.id });
    return r!.id;
  },
});

describeResource(churnRules, {
  app: () => t,
  sample: (n) => ({
    level: n <= LEVELS.length ? LEVELS[n - 1] : null,
    dropPercent: 40,
    windowDays: 30,
    returnToSea: false,
    enabled: true,
  }),
  update: { dropPercent: 60 },
  filters: {},
  ownedRecord: async () => {
    const [r] = await t.p.db
      .insert(crmChurnRules)
      .values({ level: `X${++made}`, dropPercent: 50, windowDays: 30 })
      .returning({ id: crmChurnRules.id });
    return r!.id;
  },
});

describeResource(bukaAllow, {
  app: () => t,
  sample: (n) => ({ userId: 900_000 + n, reason: 'Key account' }),
  update: { reason: 'Changed by the suite', until: '2099-12-31' },
  filters: { userId: async () => (await t.p.db.select({ u: crmBukaAllow.userId }).from(crmBukaAllow).limit(1))[0]!.u },
  ownedRecord: async () => {
    const [r] = await t.p.db
      .insert(crmBukaAllow)
      .values({ userId: 100_000 + ++made, reason: 'suite' })
      .returning({ id: crmBukaAllow.id });
    return r!.id;
  },
});

describeResource(freeMailDomains, {
  app: () => t,
  sample: (n) => ({ domain: `conform${n}.example` }),
  update: { remark: 'changed by the suite' },
  filters: { keyword: 'conf' },
  ownedRecord: async () => {
    const [r] = await t.p.db
      .insert(crmFreeMailDomains)
      .values({ domain: `owned${++made}.example` })
      .returning({ id: crmFreeMailDomains.id });
    return r!.id;
  },
});
