import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { dockingGateways, gatewayIps, landingGateways } from '../src/modules/srm/channels/gateways.js';
import { srmGatewayIps } from '../src/modules/srm/channels/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import type { TestApp } from './harness.js';
import { startChannelSuite } from './srm-channels-support.js';
import { describeResource } from './support/describe-resource.js';

let t: TestApp;
let supplier = 0;
let customer = 0;
let channelId = 0;
let ip = 0;
const _RANGE = ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

beforeAll(async () => {
  ({ t, supplier, customer, channelId } = await startChannelSuite());
}, 600_000);
afterAll(() => t?.close());

describeResource(landingGateways, {
  app: () => t,
  sample: (n) => ({
    name: `Conf landing ${n}`,
    supplierId: supplier,
    ips: [`192.0.2.${n}`],
    port: 5060,
    prefixes: ['65'],
    capacity: 120,
    priority: 1,
    enabled: true,
  }),
  update: { name: 'Renamed landing', capacity: 240 },
  filters: { keyword: 'conf', supplierId: () => supplier, enabled: true },
  ownedRecord: async () => {
    const rows = await t.p.db.execute(
      sql`insert into srm_landing_gateways (name, supplier_id, ips, port, capacity, priority) values ('Owned lg', ${supplier}, '{192.0.2.200}', 5060, 10, 1) returning id`,
    );
    return rowsOf<{ id: number }>(rows)[0]!.id;
  },
});

describeResource(dockingGateways, {
  app: () => t,
  sample: (n) => ({
    name: `Conf docking ${n}`,
    customerId: customer,
    ips: [`198.51.100.${n}`],
    port: 5060,
    capacity: 60,
    channelIds: [channelId],
    enabled: true,
  }),
  update: { name: 'Renamed docking', capacity: 90 },
  filters: { keyword: 'conf', customerId: () => customer, enabled: true },
  ownedRecord: async () => {
    const rows = await t.p.db.execute(
      sql`insert into srm_docking_gateways (name, customer_id, ips, port, capacity) values ('Owned dg', ${customer}, '{198.51.100.250}', 5060, 10) returning id`,
    );
    return rowsOf<{ id: number }>(rows)[0]!.id;
  },
});

describeResource(gatewayIps, {
  app: () => t,
  sample: (n) => ({ cidr: `10.${n}.0.0/16`, side: 'landing', description: `Conf carrier ${n}`, enabled: true }),
  update: { description: 'Renamed entry' },
  filters: { keyword: 'conf', side: 'landing', enabled: true },
  ownedRecord: async () => {
    const [row] = await t.p.db
      .insert(srmGatewayIps)
      .values({ cidr: `172.16.${++ip}.0/24`, side: 'docking', description: 'owned' })
      .returning({ id: srmGatewayIps.id });
    return row!.id;
  },
});
