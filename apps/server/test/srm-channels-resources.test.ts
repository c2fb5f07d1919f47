import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { channels } from '../src/modules/srm/channels/channels.js';
import { coverage } from '../src/modules/srm/channels/coverage.js';
import { srmChannelNetworks, srmChannels } from '../src/modules/srm/channels/schema.js';
import { senderIds } from '../src/modules/srm/channels/sender-ids.js';
import { rowsOf } from '../src/platform/db/index.js';
import type { TestApp } from './harness.js';
import { startChannelSuite } from './srm-channels-support.js';
import { describeResource } from './support/describe-resource.js';

let t: TestApp;
let supplier = 0;
let customer = 0;
let channelId = 0;
let nets: string[] = [];
const RANGE = ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'];

beforeAll(async () => {
  ({ t, supplier, customer, channelId, nets } = await startChannelSuite());
}, 600_000);
afterAll(() => t?.close());

/** a channel row written straight to the table (no owner: the same for every user) */
const channelRow = async () => {
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

describeResource(channels, {
  app: () => t,
  sample: (n) => ({
    name: `Conf SMS ${n}`,
    supplierId: supplier,
    product: 'sms',
    protocol: 'smpp',
    host: `smpp${n}.example.net`,
    port: 2775,
    systemId: `conf${n}`,
    password: 'S3cret-never-shown',
    networks: nets,
    senderIdType: 'alphanumeric',
    senderIdRegistration: true,
    capacity: 100,
    tags: ['otp'],
  }),
  update: { name: 'Renamed channel', capacity: 200 },
  filters: {
    keyword: 'conf',
    supplierId: () => supplier,
    product: 'sms',
    protocol: 'smpp',
    state: 'testing',
    networks: () => [nets[0]],
    createdAt: RANGE,
  },
  ownedRecord: channelRow,
  commands: { state: { state: 'paused' } },
});

describeResource(coverage, {
  app: () => t,
  filters: { keyword: nets[0] ?? '525', channelId: () => channelId, mccmnc: () => nets[0], country: 'SG' },
  ownedRecord: async () => {
    const id = await channelRow();
    const [row] = await t.p.db
      .insert(srmChannelNetworks)
      .values({ channelId: id, mccmnc: nets[0]!, country: 'SG', operatorName: 'x' })
      .returning({ id: srmChannelNetworks.id });
    return row!.id;
  },
});

describeResource(senderIds, {
  app: () => t,
  sample: (n) => ({ senderId: `CONF${n}`, channelId, country: 'SG', customerId: customer }),
  filters: {
    keyword: 'conf',
    channelId: () => channelId,
    country: 'SG',
    customerId: () => customer,
    state: 'requested',
    expiresOn: ['2000-01-01', '2100-01-01'],
  },
  ownedRecord: async () => {
    const rows = await t.p.db.execute(
      sql`insert into srm_sender_ids (sender_id, channel_id, country, customer_id, expires_on) values (${`OWN${Math.floor(Math.random() * 1e6)}`}, ${channelId}, 'SG', ${customer}, '2030-01-01') returning id`,
    );
    return rowsOf<{ id: number }>(rows)[0]!.id;
  },
  commands: { submit: {}, approve: { expiresOn: '2099-01-01' }, reject: { reason: 'missing papers' } },
});
