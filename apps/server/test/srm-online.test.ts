import { Errors } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { srmDockingGateways, srmLandingGateways } from '../src/modules/srm/channels/schema.js';
import { dayOf, ensurePartitions } from '../src/modules/traffic/partitions.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { customerOf, supplierOf } from './srm-channels-support.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

let t: TestApp;
let admin: Tokens;
let n = 0;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, DEMO.admin);
}, 240_000);
afterAll(async () => t?.close());

const get = (tok: Tokens, url: string) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json() as Answer);

/** A call record straight in traffic's table (the port's source), `minutesAgo` before the test clock. */
async function call(g: { egress?: string; ingress?: string }, minutesAgo: number, answeredSec: number | null) {
  const setup = new Date(t.clock.now().getTime() - minutesAgo * 60_000);
  await ensurePartitions(t.p.db, [dayOf(setup)]);
  const answer = answeredSec === null ? null : new Date(setup.getTime() + 3000);
  const end = answer && new Date(answer.getTime() + (answeredSec ?? 0) * 1000);
  await t.p.db.execute(sql`insert into traffic_voice (setup_at, call_id, account_id, customer_id, caller, callee,
      ingress_gateway, egress_gateway, answer_at, end_at, duration, billed_duration, sip_code, currency, cost_currency,
      received_at)
    values (${setup}, ${`online-${++n}`}, 0, 0, '6591234567', '6598765432', ${g.ingress ?? null}, ${g.egress ?? null},
      ${answer}, ${end}, ${answeredSec ?? 0}, ${answeredSec ?? 0}, ${answer ? 200 : 486}, 'USD', 'USD', ${setup})`);
}

describe('vos/online', () => {
  it('landing: online with a call in the last 15 minutes, ASR and load against the capacity; disabled gateways are not listed', async () => {
    const supplierId = await supplierOf(t, true);
    const base = { ips: ['203.0.113.10'], port: 5060, supplierId, priority: 1 };
    await t.p.db.insert(srmLandingGateways).values([
      { ...base, name: 'GW-ONLINE-A', capacity: 10 },
      { ...base, name: 'GW-ONLINE-QUIET', capacity: 5 },
      { ...base, name: 'GW-ONLINE-OFF', capacity: 5, enabled: false },
    ]);
    await call({ egress: 'GW-ONLINE-A' }, 2, 450);
    await call({ egress: 'GW-ONLINE-A' }, 9, 450);
    await call({ egress: 'GW-ONLINE-A' }, 12, null);
    await call({ egress: 'GW-ONLINE-QUIET' }, 20, 60); // before the window
    await call({ egress: 'GW-ONLINE-OFF' }, 1, 60);

    const res = await get(admin, '/v2/srm/vos/online/landing');
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ side: 'landing', available: true });
    const rows = res.data.rows.filter((r: { name: string }) => r.name.startsWith('GW-ONLINE-'));
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['GW-ONLINE-A', 'GW-ONLINE-QUIET']);
    expect(rows[0]).toMatchObject({
      online: true,
      attempts: 3,
      answered: 2,
      asr: '66.67',
      erlangs: '1.00',
      loadPct: '10.00',
      capacity: 10,
      partyName: expect.any(String),
    });
    expect(rows[1]).toMatchObject({ online: false, attempts: 0, asr: null, erlangs: '0.00', lastCallAt: null });
  });

  it('docking: by the ingress gateway, with the customer; holders of the screen only', async () => {
    const customerId = await customerOf(t);
    await t.p.db
      .insert(srmDockingGateways)
      .values({ name: 'GW-DOCK-ONLINE', ips: ['198.51.100.7'], port: 5060, capacity: 4, customerId });
    await call({ ingress: 'GW-DOCK-ONLINE' }, 3, 120);
    const res = await get(admin, '/v2/srm/vos/online/docking');
    expect(res.code, res.msg).toBe(0);
    const row = res.data.rows.find((r: { name: string }) => r.name === 'GW-DOCK-ONLINE');
    expect(row).toMatchObject({ online: true, attempts: 1, answered: 1, asr: '100.00', loadPct: '3.33' });
    expect(row.partyName).toBeTruthy();
    const sales = await signIn(t.app, DEMO.sales01);
    expect((await get(sales, '/v2/srm/vos/online/docking')).code).toBe(Errors.NO_PERMISSION.code);
    expect((await get(sales, '/v2/srm/vos/online/landing')).code).toBe(Errors.NO_PERMISSION.code);
  });
});
