import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { routeBinds } from '../src/modules/srm/channels/route-binds.js';
import { rowsOf } from '../src/platform/db/index.js';
import type { TestApp } from './harness.js';
import { startChannelSuite } from './srm-channels-support.js';
import { describeResource } from './support/describe-resource.js';

let t: TestApp;
let customer = 0;
let channelId = 0;
let nets: string[] = [];
const RANGE = ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

beforeAll(async () => {
  ({ t, customer, channelId, nets } = await startChannelSuite());
}, 600_000);
afterAll(() => t?.close());

describeResource(routeBinds, {
  app: () => t,
  sample: (n) => ({
    customerId: customer,
    country: 'SG',
    network: nets[0],
    channelId,
    priority: (n % 9) + 1,
    weight: 50,
    effectiveFrom: '2026-01-01T00:00:00.000Z',
  }),
  update: { weight: 70, windowFrom: '08:00', windowTo: '20:00' },
  filters: {
    customerId: () => customer,
    /** a binding for one account (written straight: the suite's customer has no finance account) */
    accountCode: async () => {
      await t.p.db.execute(
        sql`insert into srm_route_binds (customer_id, account_id, account_code, country, channel_id, priority, weight, effective_from) values (${customer}, 1, 'RBACCOUNT1', 'SG', ${channelId}, 1, 10, now())`,
      );
      return 'RBACCOUNT1';
    },
    country: 'SG',
    network: () => nets[0],
    channelId: () => channelId,
    effectiveFrom: RANGE,
  },
  ownedRecord: async () => {
    const rows = await t.p.db.execute(
      sql`insert into srm_route_binds (customer_id, country, channel_id, priority, weight, effective_from) values (${customer}, 'SG', ${channelId}, 1, 10, now()) returning id`,
    );
    return rowsOf<{ id: number }>(rows)[0]!.id;
  },
});
