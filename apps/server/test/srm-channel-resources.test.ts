import { Errors } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceRecords } from '../src/modules/srm/channels/resources.js';
import { rowsOf } from '../src/platform/db/index.js';
import { type ConsumerAccountRef, portOf } from '../src/platform/ports.js';
import { DEMO, signIn, type TestApp, type Tokens } from './harness.js';
import { startChannelSuite } from './srm-channels-support.js';
import { describeResource } from './support/describe-resource.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

let t: TestApp;
let supplier = 0;
let admin: Tokens;
let sms: ConsumerAccountRef;
let owned = 0;

beforeAll(async () => {
  ({ t, supplier } = await startChannelSuite());
  admin = await signIn(t.app, DEMO.admin);
  const accounts = await portOf(t.p.db, 'accounts')!.active();
  sms = accounts.find((a) => a.products.includes('sms'))!;
}, 600_000);
afterAll(() => t?.close());

const sample = (n: number) => ({
  identifier: `CONF-RES-${n}`,
  kind: 'sim_ports',
  supplierId: supplier,
  product: 'sms',
  country: 'SG',
  capacity: 32,
});

describeResource(resourceRecords, {
  app: () => t,
  sample,
  update: { capacity: 48, country: 'MY' },
  filters: {
    keyword: 'conf-res',
    kind: 'sim_ports',
    supplierId: () => supplier,
    product: 'sms',
    country: 'SG',
    state: 'pool',
    accountCode: async () => {
      await t.p.db.execute(
        sql`insert into srm_channel_resources (identifier, kind, supplier_id, product, country, capacity, state, account_id, account_code, allocated_at) values ('CONF-ALLOC', 'sender_number', ${supplier}, 'sms', 'SG', 1, 'allocated', 1, 'CONFACCT', now())`,
      );
      return 'CONFACCT';
    },
  },
  ownedRecord: async () => {
    const rows = await t.p.db.execute(
      sql`insert into srm_channel_resources (identifier, kind, supplier_id, product, country, capacity) values (${`CONF-OWNED-${++owned}`}, 'number_range', ${supplier}, 'voice', 'SG', 100) returning id`,
    );
    return rowsOf<{ id: number }>(rows)[0]!.id;
  },
  commands: { allocate: { accountCode: 'X' }, release: {}, retire: {} },
});

describe('channel resource pool', () => {
  const post = (url: string, body: object) => keyedPost<Answer>(t, admin, url, body);
  const A = '/v2/srm/channel-resource';
  let n = 1000;
  const create = async (over: object = {}) => {
    const res = await post(`${A}/save`, { ...sample(++n), ...over });
    expect(res.code, res.msg).toBe(0);
    return res.data.id as number;
  };
  const detail = async (id: number) => (await post(`${A}/detail`, { id })).data;

  it('allocates a pooled resource to an account that has its product, releases and retires it; history says so', async () => {
    expect(sms).toBeDefined();
    const id = await create();
    expect((await detail(id)).state).toBe('pool');
    expect((await post(`${A}/allocate`, { id, accountCode: 'NO-SUCH' })).code).toBe(Errors.SRM_ACCOUNT_UNKNOWN.code);
    const given = await post(`${A}/allocate`, { id, accountCode: sms.code });
    expect(given.code, given.msg).toBe(0);
    expect(await detail(id)).toMatchObject({ state: 'allocated', accountCode: sms.code });
    expect((await post(`${A}/allocate`, { id, accountCode: sms.code })).code).toBe(Errors.SRM_RESOURCE_STATE.code);
    expect((await post(`${A}/retire`, { id })).code).toBe(Errors.SRM_RESOURCE_STATE.code);
    const version = (await detail(id)).version;
    expect((await post(`${A}/delete`, { id, version })).code).toBe(Errors.SRM_RESOURCE_STATE.code);
    expect((await post(`${A}/release`, { id })).code).toBe(0);
    expect(await detail(id)).toMatchObject({ state: 'pool', accountCode: null });
    expect((await post(`${A}/retire`, { id })).code).toBe(0);
    expect((await post(`${A}/allocate`, { id, accountCode: sms.code })).code).toBe(Errors.SRM_RESOURCE_STATE.code);
    const timeline = await t.app.inject({
      url: `${A}/timeline?id=${id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const kinds = timeline.json().data.records ?? timeline.json().data;
    expect(JSON.stringify(kinds)).toContain('allocate');
  });

  it('refuses an account without the resource’s product', async () => {
    const accounts = await portOf(t.p.db, 'accounts')!.active();
    // the demo seed gives each account SMS and the other products by chance (deterministic)
    const noWhatsapp = accounts.find((a) => !a.products.includes('whatsapp'));
    expect(noWhatsapp, 'a seeded account without WhatsApp').toBeDefined();
    const id = await create({ kind: 'whatsapp_number', product: 'whatsapp' });
    expect((await post(`${A}/allocate`, { id, accountCode: noWhatsapp!.code })).code).toBe(
      Errors.SRM_RESOURCE_PRODUCT.code,
    );
  });

  it('lists the vendors with their resources counted by state; the same identifier of a kind is refused', async () => {
    await create({ identifier: 'VENDOR-COUNT-1' });
    expect((await post(`${A}/save`, { ...sample(1), identifier: 'VENDOR-COUNT-1' })).code).toBe(Errors.DUPLICATE.code);
    const res = await t.app.inject({
      url: `${A}/vendors`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const vendors = res.json().data as { supplierId: number; total: number; inPool: number; retired: number }[];
    const mine = vendors.find((v) => v.supplierId === supplier)!;
    expect(mine.total).toBeGreaterThanOrEqual(2);
    expect(mine.retired).toBeGreaterThanOrEqual(1);
    const sales = await signIn(t.app, DEMO.sales01);
    const refused = await t.app.inject({ url: `${A}/vendors`, headers: { authorization: `Bearer ${sales.token}` } });
    expect(refused.json().code).toBe(Errors.NO_PERMISSION.code);
  });

  it('seeds resources in the pool, allocated to accounts and retired', async () => {
    const states = rowsOf<{ state: string; n: number }>(
      await t.p.db.execute(
        sql`select state, count(*)::int as n from srm_channel_resources where identifier like 'SD%' group by state`,
      ),
    );
    const by = Object.fromEntries(states.map((s) => [s.state, s.n]));
    expect(by.pool).toBeGreaterThan(0);
    expect(by.allocated).toBeGreaterThan(0);
    expect(by.retired).toBeGreaterThan(0);
  });
});
