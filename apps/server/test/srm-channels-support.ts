import { sql } from 'drizzle-orm';
import { srmChannelNetworks, srmChannels } from '../src/modules/srm/channels/schema.js';
import { srmSuppliers } from '../src/modules/srm/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { startTestApp, type TestApp } from './harness.js';

let n = 0;

/** A supplier written straight to the table, admitted or not. */
export async function supplierOf(t: TestApp, admitted: boolean): Promise<number> {
  const k = ++n;
  const [row] = await t.p.db
    .insert(srmSuppliers)
    .values({
      code: `SPT${String(k).padStart(5, '0')}${admitted ? 'A' : 'N'}`,
      name: `Carrier Test ${k}`,
      alias: `carriertest${k}${admitted ? 'a' : 'n'}`,
      type: 'aggregator',
      country: 'SG',
      admitted,
    })
    .returning({ id: srmSuppliers.id });
  return row!.id;
}

/** Two active networks of a country from the reference data (through SQL: the test is not a room). */
export async function networksOf(t: TestApp, country: string, count = 3): Promise<string[]> {
  const rows = rowsOf<{ mccmnc: string }>(
    await t.p.db.execute(
      sql`select mccmnc from ref_operators where country_code = ${country} and status = 'active' and merged_into is null order by mccmnc limit ${count}`,
    ),
  );
  return rows.map((r) => r.mccmnc);
}

/** A customer written straight to the crm table. */
export async function customerOf(t: TestApp, userId: number | null = null): Promise<number> {
  const k = ++n;
  const rows = rowsOf<{ id: number }>(
    await t.p.db.execute(sql`insert into crm_customers (code, name, alias, type, country, owner_id)
      values (${`CTS${String(k).padStart(6, '0')}`}, ${`Route Test ${k}`}, ${`routetest${k}`}, 'C', 'SG', ${userId}) returning id`),
  );
  return rows[0]!.id;
}

/**
 * The conformance files' common start: an app with empty channel tables, an admitted supplier, a
 * customer and one SMS channel covering two networks of Singapore.
 */
export async function startChannelSuite() {
  const t = await startTestApp();
  await t.p.db.execute(
    sql`truncate srm_channels, srm_channel_networks, srm_sender_ids, srm_route_binds, srm_landing_gateways, srm_docking_gateways, srm_gateway_ips`,
  );
  const supplier = await supplierOf(t, true);
  const customer = await customerOf(t);
  const nets = await networksOf(t, 'SG', 2);
  const [row] = await t.p.db
    .insert(srmChannels)
    .values({
      code: 'CHT000001',
      name: 'Suite base SMS',
      supplierId: supplier,
      product: 'sms',
      protocol: 'smpp',
      host: 'smpp.example.net',
      port: 2775,
      capacity: 50,
    })
    .returning({ id: srmChannels.id });
  const channelId = row!.id;
  await t.p.db
    .insert(srmChannelNetworks)
    .values(nets.map((m) => ({ channelId, mccmnc: m, country: 'SG', operatorName: m })));
  return { t, supplier, customer, channelId, nets };
}

/**
 * Daily traffic rollup rows of one channel (the traffic port's source), written straight to the table:
 * `parts` SMS parts of which `delivered` were delivered, on `day` (YYYY-MM-DD) to a country's network.
 */
export async function smsRollup(
  t: TestApp,
  r: { day: string; channelId: number; country: string; network: string; parts: number; delivered: number },
) {
  for (const [status, n] of [
    ['delivered', r.delivered],
    ['undeliverable', r.parts - r.delivered],
  ] as const) {
    if (n <= 0) continue;
    await t.p.db.execute(sql`insert into traffic_daily (day, product, account_id, customer_id, owner_id, channel_id,
        country, network, status, currency, cost_currency, count, segments, delivered, revenue, cost)
      values (${r.day}, 'sms', 0, 0, 0, ${r.channelId}, ${r.country}, ${r.network}, ${status}, 'USD', 'USD',
        ${n}, ${n}, ${status === 'delivered' ? n : 0}, 0, 0)`);
  }
}

/** the UTC day `daysBack` days before the moment */
export const dayBefore = (now: Date, daysBack: number) =>
  new Date(now.getTime() - daysBack * 86_400_000).toISOString().slice(0, 10);

/**
 * Daily voice rollup rows of one channel, written straight to the table: `attempts` calls of which
 * `answered` were answered (60 billed seconds each), on `day` to a country.
 */
export async function voiceRollup(
  t: TestApp,
  r: { day: string; channelId: number; country: string; attempts: number; answered: number },
) {
  for (const [status, n] of [
    ['answered', r.answered],
    ['failed', r.attempts - r.answered],
  ] as const) {
    if (n <= 0) continue;
    const answered = status === 'answered' ? n : 0;
    await t.p.db.execute(sql`insert into traffic_daily (day, product, account_id, customer_id, owner_id, channel_id,
        country, network, status, currency, cost_currency, count, answered, seconds, revenue, cost)
      values (${r.day}, 'voice', 0, 0, 0, ${r.channelId}, ${r.country}, '', ${status}, 'USD', 'USD',
        ${n}, ${answered}, ${answered * 60}, 0, 0)`);
  }
}
