import { CHANNEL_TAGS, SENDER_ID_STATES, SENDER_ID_TYPES } from '@portal/contracts/srm/channels';
import { inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/index.js';
import { portOf } from '../../../platform/ports.js';
import type { SeedContext } from '../../../platform/seed/context.js';
import { customerRefs } from '../../crm/index.js';
import { countrySeeds, operatorSeeds } from '../../system/reference/sources.js';
import {
  srmChannelNetworks,
  srmChannelResources,
  srmChannels,
  srmDockingGateways,
  srmGatewayIps,
  srmLandingGateways,
  srmRouteBinds,
  srmSenderIds,
} from './schema.js';

const DAY = 86_400_000;
/**
 * The destinations a messaging company buys routes for first (where its customers' traffic goes):
 * their channels come before the rest of the world's, alphabetical, so the demo traffic finds a
 * live channel for its networks.
 */
const MAIN_MARKETS = ['CN', 'IN', 'ID', 'US', 'GB', 'BR', 'NG', 'SG', 'PH', 'VN', 'TH', 'MY', 'MX', 'DE', 'FR'];
const marketRank = (country: string) => {
  const i = MAIN_MARKETS.indexOf(country);
  return i < 0 ? MAIN_MARKETS.length : i;
};

/** the seed's fixed "now" for dates (the app clock is not in a seed context) */
const BASE = Date.UTC(2026, 10, 1);

/**
 * Demo channels: about 400 over 60 countries (the main markets first) on the srm seed's suppliers (read by code; run after
 * it), each messaging channel covering one to three networks of its country from the MCC/MNC
 * reference list; voice gateways, an allow-list, sender ids in every state and route bindings.
 * Natural keys (codes, names, CIDRs) make a second run add nothing.
 */
export async function seedChannels(root: SeedContext): Promise<void> {
  const ctx = root.part('srm.channels');
  const { db, rng } = ctx;
  const suppliers = rowsOf<{ id: number; code: string; admitted: boolean }>(
    await db.execute(sql`select id, code, admitted from srm_suppliers order by code`),
  );
  if (!suppliers.length) {
    ctx.log.info('srm channels seed: no suppliers yet, nothing to bind channels to');
    return;
  }
  const known = new Set(countrySeeds().map((c) => c.code));
  const byCountry = new Map<string, { mccmnc: string; name: string; nameEn: string }[]>();
  for (const o of operatorSeeds(known)) {
    if (o.status !== 'active' || !o.countryCode) continue;
    byCountry.set(o.countryCode, [...(byCountry.get(o.countryCode) ?? []), o]);
  }
  const countries = [...byCountry.entries()]
    .filter(([, ops]) => ops.length >= 2)
    .map(([c]) => c)
    .sort((a, b) => marketRank(a) - marketRank(b) || a.localeCompare(b))
    .slice(0, 60);
  const total = ctx.count({ demo: 400, bench: 400, large: 2000 });
  const admitted = suppliers.filter((x) => x.admitted);
  const channelRows: (typeof srmChannels.$inferInsert)[] = [];
  const coverage: { code: string; ops: { mccmnc: string; name: string; nameEn: string; country: string }[] }[] = [];
  for (let i = 0; i < total; i++) {
    const country = countries[i % countries.length]!;
    // each main market's first channel: a live SMS channel of an admitted supplier (its traffic has a route)
    const anchor = i < countries.length && marketRank(country) < MAIN_MARKETS.length && admitted.length > 0;
    const drawn = suppliers[rng.int(0, suppliers.length - 1)]!;
    const supplier = anchor ? admitted[i % admitted.length]! : drawn;
    const roll = rng.next();
    const product = anchor ? 'sms' : roll < 0.75 ? 'sms' : roll < 0.87 ? 'voice' : roll < 0.95 ? 'whatsapp' : 'email';
    const ops = byCountry.get(country)!;
    const picked = product === 'voice' ? [] : [...new Set([0, 1, 2].slice(0, rng.int(1, 3)).map(() => rng.pick(ops)))];
    const stateRoll = rng.next();
    const state =
      anchor || (supplier.admitted && stateRoll < 0.7)
        ? 'live'
        : stateRoll < 0.8
          ? 'testing'
          : stateRoll < 0.92
            ? 'paused'
            : 'closed';
    const code = `CH${100001 + i}`;
    channelRows.push({
      code,
      name: `${supplier.code}-${country}-${product.toUpperCase()}-${(i % 7) + 1}`,
      supplierId: supplier.id,
      product,
      protocol: product === 'voice' ? 'sip' : rng.next() < 0.7 ? 'smpp' : 'http',
      host: `gw${(i % 9) + 1}.${supplier.code.toLowerCase()}.example.net`,
      port: product === 'voice' ? 5060 : rng.pick([2775, 2776, 443, 8080]),
      systemId: product === 'voice' ? null : `sys${String(i).padStart(4, '0')}`,
      prefixes: product === 'voice' ? [String(100 + rng.int(0, 899))] : [],
      senderIdType: product === 'sms' ? rng.pick(SENDER_ID_TYPES) : null,
      senderIdRegistration: product === 'sms' ? rng.next() < 0.4 : null,
      capacity: product === 'voice' ? rng.int(30, 600) : rng.int(10, 500),
      tags: CHANNEL_TAGS.filter(() => rng.next() < 0.35),
      state,
      stateChangedAt: new Date(BASE - rng.int(1, 200) * DAY),
      createdAt: new Date(BASE - rng.int(200, 720) * DAY),
    });
    coverage.push({ code, ops: picked.map((o) => ({ ...o, country })) });
  }
  for (let i = 0; i < channelRows.length; i += 200)
    await db
      .insert(srmChannels)
      .values(channelRows.slice(i, i + 200))
      .onConflictDoNothing();
  const ids = new Map(
    (
      await db
        .select({ id: srmChannels.id, code: srmChannels.code, state: srmChannels.state })
        .from(srmChannels)
        .where(
          inArray(
            srmChannels.code,
            channelRows.map((c) => c.code),
          ),
        )
    ).map((r) => [r.code, r]),
  );
  const networkRows = coverage.flatMap((c) =>
    c.ops.map((o) => ({
      channelId: ids.get(c.code)!.id,
      mccmnc: o.mccmnc,
      country: o.country,
      operatorName: o.name,
      operatorNameEn: o.nameEn,
    })),
  );
  for (let i = 0; i < networkRows.length; i += 500)
    await db
      .insert(srmChannelNetworks)
      .values(networkRows.slice(i, i + 500))
      .onConflictDoNothing();

  await seedGateways(ctx, suppliers);
  await seedBindings(ctx, coverage, ids);
  await seedResources(ctx);
}

/**
 * Channel resources of the SIM farms and aggregators: SIM-bank port groups, number ranges, WhatsApp
 * and sender numbers; a quarter allocated to active accounts that have the product (when finance
 * has seeded accounts), a few retired. (kind, identifier) is the natural key.
 */
async function seedResources(ctx: SeedContext) {
  const { db, rng } = ctx;
  const vendors = rowsOf<{ id: number; code: string; type: string; country: string }>(
    await db.execute(
      sql`select id, code, type, country from srm_suppliers where type in ('sim_farm', 'aggregator') order by code limit 30`,
    ),
  );
  if (!vendors.length) return;
  const accounts = (await portOf(db, 'accounts')?.active()) ?? [];
  const kinds = [
    { kind: 'sim_ports', product: 'sms', capacity: [8, 64] },
    { kind: 'number_range', product: 'voice', capacity: [100, 1000] },
    { kind: 'whatsapp_number', product: 'whatsapp', capacity: [1, 1] },
    { kind: 'sender_number', product: 'sms', capacity: [1, 20] },
  ] as const;
  const rows: (typeof srmChannelResources.$inferInsert)[] = [];
  for (let i = 0; i < 90; i++) {
    const v = vendors[i % vendors.length]!;
    const k = v.type === 'sim_farm' ? kinds[i % 2 === 0 ? 0 : 3] : kinds[(i % 3) + 1]!;
    const identifier = `${v.code}-${k.kind.split('_')[0]!.toUpperCase()}-${String(i + 1).padStart(3, '0')}`;
    const roll = rng.next();
    const account =
      roll < 0.25 ? accounts.find((a, j) => j % 7 === i % 7 && a.products.includes(k.product)) : undefined;
    rows.push({
      identifier,
      kind: k.kind,
      supplierId: v.id,
      product: k.product,
      country: v.country,
      capacity: rng.int(k.capacity[0], k.capacity[1]),
      state: account ? 'allocated' : roll > 0.93 ? 'retired' : 'pool',
      accountId: account?.id ?? null,
      accountCode: account?.code ?? null,
      allocatedAt: account ? new Date(BASE - rng.int(1, 120) * DAY) : null,
      createdAt: new Date(BASE - rng.int(120, 400) * DAY),
    });
  }
  await db.insert(srmChannelResources).values(rows).onConflictDoNothing();
}

async function seedGateways(ctx: SeedContext, suppliers: { id: number; code: string }[]) {
  const { db, rng } = ctx;
  // names are the natural key: a second run finds the first one's gateways
  const names = suppliers.slice(0, 40).map((s) => `LG-${s.code}`);
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(srmLandingGateways)
    .where(inArray(srmLandingGateways.name, names));
  if (existing!.n > 0) return;
  const landing = suppliers.slice(0, 40).map((s, i) => ({
    name: `LG-${s.code}`,
    supplierId: s.id,
    ips: [`198.51.${Math.floor(i / 2)}.${(i % 2) * 128 + 10}`],
    port: 5060,
    prefixes: [String(rng.int(10, 99))],
    capacity: rng.int(60, 900),
    priority: rng.int(1, 9),
    enabled: rng.next() < 0.9,
  }));
  await db.insert(srmLandingGateways).values(landing);
  const ips = landing.map((g, i) => ({
    cidr: `198.51.${Math.floor(i / 2)}.${(i % 2) * 128}/25`,
    side: 'landing' as const,
    description: g.name,
  }));
  await db.insert(srmGatewayIps).values(ips).onConflictDoNothing();
}

async function seedBindings(
  ctx: SeedContext,
  coverage: { code: string; ops: { mccmnc: string; country: string }[] }[],
  ids: Map<string, { id: number; state: string }>,
) {
  const { db, rng } = ctx;
  const customers = await customerRefs(db, 60);
  if (!customers.length) return;
  // the seeded channels' registrations mark a run already made (bindings have no natural key)
  const seededIds = [...ids.values()].map((c) => c.id);
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(srmSenderIds)
    .where(inArray(srmSenderIds.channelId, seededIds));
  if (existing!.n > 0) return;
  const usable = coverage.filter((c) => c.ops.length && ids.get(c.code)!.state !== 'closed');
  const senders: (typeof srmSenderIds.$inferInsert)[] = [];
  const binds: (typeof srmRouteBinds.$inferInsert)[] = [];
  const docking: (typeof srmDockingGateways.$inferInsert)[] = [];
  for (let i = 0; i < Math.min(250, usable.length); i++) {
    const c = usable[i]!;
    const customer = customers[i % customers.length]!;
    const state = SENDER_ID_STATES[i % SENDER_ID_STATES.length]!;
    const expires =
      state === 'approved' ? BASE + rng.int(5, 400) * DAY : state === 'expired' ? BASE - rng.int(1, 90) * DAY : null;
    senders.push({
      senderId: `${customer.code.slice(-4)}${rng.pick(['INFO', 'OTP', 'PAY', 'SHOP', 'BANK'])}`.slice(0, 11),
      channelId: ids.get(c.code)!.id,
      country: c.ops[0]!.country,
      customerId: customer.id,
      state,
      expiresOn: expires === null ? null : new Date(expires).toISOString().slice(0, 10),
      rejectReason: state === 'rejected' ? 'Brand documents missing' : null,
      createdAt: new Date(BASE - rng.int(10, 300) * DAY),
    });
    binds.push({
      customerId: customer.id,
      country: c.ops[0]!.country,
      network: i % 3 === 0 ? c.ops[0]!.mccmnc : null,
      channelId: ids.get(c.code)!.id,
      priority: (i % 3) + 1,
      weight: rng.int(10, 100),
      windowFrom: i % 10 === 0 ? '08:00' : null,
      windowTo: i % 10 === 0 ? '20:00' : null,
      effectiveFrom: new Date(BASE - rng.int(10, 200) * DAY),
      effectiveTo: i % 11 === 0 ? new Date(BASE + rng.int(10, 200) * DAY) : null,
      createdAt: new Date(BASE - rng.int(200, 300) * DAY),
    });
  }
  for (let i = 0; i < 30; i++) {
    const customer = customers[i % customers.length]!;
    docking.push({
      name: `DG-${customer.code}`,
      customerId: customer.id,
      ips: [`203.0.113.${i + 10}`],
      port: 5060,
      prefixes: [],
      capacity: rng.int(30, 300),
      enabled: true,
    });
  }
  await db.insert(srmSenderIds).values(senders).onConflictDoNothing();
  await db.insert(srmRouteBinds).values(binds);
  await db.insert(srmDockingGateways).values(docking);
  await db
    .insert(srmGatewayIps)
    .values(docking.map((d) => ({ cidr: `${d.ips[0]}/32`, side: 'docking' as const, description: d.name })))
    .onConflictDoNothing();
}
