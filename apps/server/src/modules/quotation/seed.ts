import { count, eq } from 'drizzle-orm';
import { portOf } from '../../platform/ports.js';
import type { SeedContext } from '../../platform/seed/context.js';
import { channelRefs } from '../srm/index.js';
import { agentAccounts } from './agents.js';
import { seedAiQuoteRuns } from './ai-quote/seed.js';
import { seedSentQuotes } from './mails/seed.js';
import { qmGroupMembers, qmGroups, qmPriceLimits, qmPrices } from './schema.js';
import { refOperatorsForSeed } from './seed-ref.js';
import { ensureSpecialProcess } from './special.js';
import { ensureSupplierQuoteProcess } from './supplier-quote.js';
import { seedSupplierQuotes } from './supplier-quote-seed.js';

const DAY = 86_400_000;
/** the seed's fixed "now" (the app clock is not in a seed context) */
const BASE = Date.UTC(2026, 10, 1);
const OLD = new Date(BASE - 120 * DAY);
const NEW = new Date(BASE - 30 * DAY);
const VOICE_PREFIXES = [
  '1',
  '1212',
  '44',
  '447',
  '49',
  '4915',
  '65',
  '658',
  '86',
  '86138',
  '91',
  '9198',
  '62',
  '63',
  '84',
];

type Row = typeof qmPrices.$inferInsert;
const price = (n: number) => n.toFixed(6);

/** A destination's two versions: an older row superseded at NEW by the current one. */
function withHistory(
  base: Omit<Row, 'unitPrice' | 'effectiveFrom' | 'effectiveUntil'>,
  older: number,
  now: number,
): Row[] {
  return [
    { ...base, unitPrice: price(older), effectiveFrom: OLD, effectiveUntil: NEW },
    { ...base, unitPrice: price(now), effectiveFrom: NEW, effectiveUntil: null },
  ];
}

/** a price from an index, without the seed's random stream (its draws for the older rows stay as they were) */
const step = (base: number, i: number, spread: number) => base + ((i * 37) % 100) * spread;

/**
 * The products a send page quotes beside plain SMS and voice (decision 0102): A-Z SMS country
 * prices on the A-Z group; OTP SMS prices
 * (category `otp`) on the quote groups' first networks, above their standard price; AI-voice
 * (`ai`) and OTP voice rates on the A-Z group and AI-voice costs on the first voice channel;
 * WhatsApp conversation prices (authentication, marketing) and a number rental on the quote groups.
 */
function productRows(
  groups: { id: number; kind: string; name: string }[],
  ops: { mccmnc: string; countryCode: string }[],
  channels: { id: number; product: string; state: string; prefixes: string[] }[],
): Row[] {
  const out: Row[] = [];
  const common = { source: 'seed' as const, currency: 'USD', connectFee: '0', firstIncrement: 1, nextIncrement: 1 };
  for (const g of groups) {
    const factor = g.name === '批发价' ? 0.85 : 1;
    const book = { ...common, bookKind: 'group' as const, bookId: g.id };
    if (g.kind === 'quote') {
      for (const [i, o] of ops.slice(0, 20).entries()) {
        const net = { ...book, destKind: 'network' as const, dest: o.mccmnc, country: o.countryCode };
        const otp = step(0.03, i, 0.0004) * factor;
        out.push(...withHistory({ ...net, product: 'sms', category: 'otp' }, otp * 1.05, otp));
        if (i < 10) {
          const auth = step(0.02, i, 0.0003) * factor;
          out.push(...withHistory({ ...net, product: 'whatsapp', category: 'authentication' }, auth, auth));
          out.push(...withHistory({ ...net, product: 'whatsapp', category: 'marketing' }, auth * 2.4, auth * 2.2));
        }
      }
      const rent = 2.5 * factor;
      out.push(
        ...withHistory(
          { ...book, product: 'number', category: '', destKind: 'any', dest: '', country: null },
          rent * 1.2,
          rent,
        ),
      );
    } else {
      // A-Z SMS: one default price per country, every country of the reference networks
      for (const [i, c] of [...new Set(ops.map((o) => o.countryCode))].entries()) {
        const az = step(0.025, i, 0.0005);
        const dest = { ...book, product: 'sms' as const, category: '', destKind: 'country' as const, dest: c };
        out.push(...withHistory({ ...dest, country: c }, az * 1.04, az));
      }
      for (const [i, pre] of VOICE_PREFIXES.entries()) {
        const prefix = { ...book, product: 'voice' as const, destKind: 'prefix' as const, dest: pre, country: null };
        const ai = step(0.04, i, 0.002);
        out.push(...withHistory({ ...prefix, category: 'ai', firstIncrement: 6, nextIncrement: 6 }, ai * 1.1, ai));
        if (i % 3 === 0) {
          const otp = step(0.02, i, 0.001);
          out.push(...withHistory({ ...prefix, category: 'otp', firstIncrement: 1, nextIncrement: 1 }, otp, otp));
        }
      }
    }
  }
  const voice = channels.find((c) => c.product === 'voice' && c.state !== 'closed');
  if (voice)
    for (const [i, pre] of (voice.prefixes.length ? voice.prefixes : VOICE_PREFIXES.slice(0, 3)).entries()) {
      const ai = step(0.025, i, 0.001);
      out.push(
        ...withHistory(
          {
            ...common,
            bookKind: 'channel',
            bookId: voice.id,
            product: 'voice',
            category: 'ai',
            destKind: 'prefix',
            dest: pre,
            country: null,
            chargeOn: 'delivery',
            firstIncrement: 6,
            nextIncrement: 6,
          },
          ai * 0.95,
          ai,
        ),
      );
    }
  return out;
}

/**
 * Demo books: two quote groups and an A-Z group with SMS network and country rows and voice
 * prefixes, costs for the demo channels, a few limits, each with an older superseded version; and
 * per-account rows when the accounts port answers. Idempotent: nothing when seeded rows exist.
 */
export async function seedQuotation(ctx: SeedContext) {
  const { db, rng } = ctx;
  await ensureSpecialProcess(db);
  await ensureSupplierQuoteProcess(db);
  const [seeded] = await db.select({ n: count() }).from(qmPrices).where(eq(qmPrices.source, 'seed'));
  if (seeded!.n > 0) return;
  // every active network of the reference data: the demo traffic goes to the big markets (460, 404, 510, 621…), which a
  // slice of the first networks by code (all European) left unpriced
  const ops = await refOperatorsForSeed();
  const countries = [...new Set(ops.map((o) => o.countryCode))];

  const groups = await db
    .insert(qmGroups)
    .values([
      { kind: 'quote', name: '标准价', currency: 'USD', remark: 'Standard', createdAt: OLD },
      { kind: 'quote', name: '批发价', currency: 'USD', remark: 'Wholesale', createdAt: OLD },
      { kind: 'az', name: 'A-Z 标准', currency: 'USD', remark: 'A-Z standard', createdAt: OLD },
    ])
    .onConflictDoNothing()
    .returning({ id: qmGroups.id, kind: qmGroups.kind, name: qmGroups.name });
  const rows: Row[] = [];
  const seedRow = {
    source: 'seed' as const,
    currency: 'USD',
    category: '',
    connectFee: '0',
    firstIncrement: 1,
    nextIncrement: 1,
  };
  for (const g of groups) {
    const factor = g.name === '批发价' ? 0.85 : 1;
    if (g.kind === 'quote') {
      for (const o of ops) {
        const now = (0.01 + rng.int(0, 900) / 10_000) * factor;
        const base = {
          ...seedRow,
          bookKind: 'group' as const,
          bookId: g.id,
          product: 'sms' as const,
          destKind: 'network' as const,
          dest: o.mccmnc,
          country: o.countryCode,
        };
        rows.push(...withHistory(base, now * 1.08, now));
      }
      for (const c of countries) {
        const now = (0.02 + rng.int(0, 900) / 10_000) * factor;
        const base = {
          ...seedRow,
          bookKind: 'group' as const,
          bookId: g.id,
          product: 'sms' as const,
          destKind: 'country' as const,
          dest: c,
          country: c,
        };
        rows.push(...withHistory(base, now * 1.05, now));
      }
    } else {
      for (const pre of VOICE_PREFIXES) {
        const now = 0.005 + rng.int(0, 2000) / 10_000;
        const base = {
          ...seedRow,
          bookKind: 'group' as const,
          bookId: g.id,
          product: 'voice' as const,
          destKind: 'prefix' as const,
          dest: pre,
          country: null,
          firstIncrement: 60,
          nextIncrement: 60,
        };
        rows.push(...withHistory(base, now * 1.1, now));
      }
    }
  }

  // channel costs: every covered network or prefix, below the group prices
  for (const c of await channelRefs(db)) {
    if (c.state === 'closed') continue;
    const chargeOn = rng.next() < 0.7 ? ('delivery' as const) : ('submit' as const);
    if (c.product === 'voice') {
      for (const pre of c.prefixes.length ? c.prefixes : VOICE_PREFIXES.slice(0, 3)) {
        const now = 0.003 + rng.int(0, 1000) / 10_000;
        const base = {
          ...seedRow,
          bookKind: 'channel' as const,
          bookId: c.id,
          product: 'voice' as const,
          destKind: 'prefix' as const,
          dest: pre,
          country: null,
          chargeOn,
          firstIncrement: rng.next() < 0.5 ? 1 : 60,
          nextIncrement: rng.next() < 0.5 ? 1 : 60,
        };
        rows.push(...withHistory(base, now * 0.95, now));
      }
    } else if (c.product === 'sms' || c.product === 'whatsapp') {
      for (const n of c.networks) {
        const now = 0.005 + rng.int(0, 600) / 10_000;
        const base = {
          ...seedRow,
          bookKind: 'channel' as const,
          bookId: c.id,
          product: c.product as 'sms' | 'whatsapp',
          destKind: 'network' as const,
          dest: n,
          country: ops.find((o) => o.mccmnc === n)?.countryCode ?? null,
          chargeOn,
        };
        rows.push(...withHistory(base, now * 0.9, now));
      }
    }
  }

  // per-account rows and group members, only when the finance room answers
  const accounts = (await portOf(db, 'accounts')?.active()) ?? [];
  const quoteGroups = groups.filter((g) => g.kind === 'quote');
  const az = groups.find((g) => g.kind === 'az');
  // agents' accounts (R customers, decision 0113): every one has partner prices, below a customer's
  const agents = await agentAccounts(
    db,
    accounts.map((a) => a.id),
  );
  for (const [i, a] of accounts.entries()) {
    const g = quoteGroups[i % Math.max(1, quoteGroups.length)];
    if (g)
      await db.insert(qmGroupMembers).values({ groupId: g.id, kind: 'quote', accountId: a.id }).onConflictDoNothing();
    if (az)
      await db.insert(qmGroupMembers).values({ groupId: az.id, kind: 'az', accountId: a.id }).onConflictDoNothing();
    const agent = agents.has(a.id);
    if (i % 3 !== 0 && !agent) continue;
    for (const o of ops.slice(0, 5)) {
      const now = (agent ? 0.009 : 0.01) + rng.int(0, 500) / 10_000;
      const base = {
        ...seedRow,
        currency: a.currency,
        bookKind: 'account' as const,
        bookId: a.id,
        product: 'sms' as const,
        destKind: 'network' as const,
        dest: o.mccmnc,
        country: o.countryCode,
      };
      rows.push(...withHistory(base, now * 1.05, now));
    }
  }

  rows.push(...productRows(groups, ops, await channelRefs(db)));

  for (let i = 0; i < rows.length; i += 1000) await db.insert(qmPrices).values(rows.slice(i, i + 1000));
  await db
    .insert(qmPriceLimits)
    .values(
      countries.slice(0, 10).flatMap((c, i) => [
        { product: 'sms' as const, country: c, minPrice: '0.010000', currency: 'USD', minMarginPct: '5' },
        // the tariff settings: a voice floor for every other one of them
        ...(i % 2 ? [] : [{ product: 'voice' as const, country: c, minPrice: '0.020000', currency: 'USD' }]),
      ]),
    )
    .onConflictDoNothing();
  const sent = await seedSentQuotes(
    db,
    accounts.filter((_, i) => i % 3 === 0),
    BASE,
  );
  const supplierQuotes = await seedSupplierQuotes(db, BASE);
  const aiQuoteRuns = await seedAiQuoteRuns(db, BASE);
  ctx.log.info({ rows: rows.length, accounts: accounts.length, sent, supplierQuotes, aiQuoteRuns }, 'quotation seed');
}
