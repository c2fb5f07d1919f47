import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { routeBinds } from '../src/modules/srm/channels/route-binds.js';
import { srmChannels } from '../src/modules/srm/channels/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import type { TestApp } from './harness.js';
import { startChannelSuite } from './srm-channels-support.js';
import { describeResource } from './support/describe-resource.js';

let t: TestApp;
let supplier = 0;
let customer = 0;
let channelId = 0;
let nets: string[] = [];
const _ip = 0;
const RANGE = ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

beforeAll(async () => {
  ({ t, supplier, customer, channelId, nets } = await startChannelSuite());
}, 600_000);
afterAll(() => t?.close());

/** a channel row written straight to the table (no owner: the same for every user) */
const _channelRow = async () => {
  const [row] = await t.p.db
    .insert(srmChannels)
    .values({
      code: `CHT${Date.now() % 1e6}${Math.floor(Math.random() * 1e3)}`,
      name: 'Owned',
      supplierId: supplier,
      product: 'sms',
      protocol: 'http',
      host: 'h.example',
      port: 443,
      capacity: 5,
    })
    .returning({ id: srmChannels.id });
  return row!.id;
};

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
