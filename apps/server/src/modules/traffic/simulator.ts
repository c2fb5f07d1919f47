import type { IngestLine, IngestState } from '@portal/contracts/traffic';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { type ChannelProduct, type ConsumerAccountRef, type LiveChannelRef, portOf } from '../../platform/ports.js';
import type { SeedContext } from '../../platform/seed/context.js';
import { type Rng, seededRng } from '../../platform/seed/rng.js';
import { ingestBatch } from './ingest.js';
import { sendMinxFallbacks } from './minx-job.js';
import { sendApprovedReplies, sendDueAppointments } from './outbox-demo.js';
import { DAY_MS, dayOf, dayStart, ensurePartitions } from './partitions.js';
import { resendRecalls } from './recall.js';
import { rollUp } from './rollups.js';
import { readState, writeState } from './settings.js';
import { simulateVoice } from './voice-demo.js';

/** destinations with their delivery rate (share of parts ending delivered) */
const NETWORKS = [
  { country: 'CN', network: '46000', prefix: '86138', rate: 0.97, weight: 30 },
  { country: 'CN', network: '46001', prefix: '86186', rate: 0.95, weight: 15 },
  { country: 'CN', network: '46011', prefix: '86189', rate: 0.93, weight: 8 },
  { country: 'IN', network: '40410', prefix: '91981', rate: 0.86, weight: 10 },
  { country: 'ID', network: '51010', prefix: '62811', rate: 0.9, weight: 8 },
  { country: 'NG', network: '62130', prefix: '234803', rate: 0.74, weight: 5 },
  { country: 'GB', network: '23415', prefix: '44770', rate: 0.96, weight: 6 },
  { country: 'US', network: '310260', prefix: '1206', rate: 0.94, weight: 8 },
  { country: 'BR', network: '72405', prefix: '55119', rate: 0.88, weight: 6 },
  { country: 'SG', network: '52501', prefix: '659', rate: 0.97, weight: 4 },
] as const;
const TOTAL_WEIGHT = NETWORKS.reduce((s, n) => s + n.weight, 0);
const FAILURES = ['expired', 'undeliverable', 'undeliverable', 'rejected', 'unknown'] as const;
const FAIL_SIP = [486, 480, 404, 503, 487] as const;
/** share of the peak rate by hour of day (China time, where most demo customers are) */
const HOUR_SHAPE = [
  0.12, 0.08, 0.06, 0.05, 0.05, 0.08, 0.2, 0.45, 0.8, 1, 1.1, 1.05, 0.8, 0.85, 1, 1.05, 1, 0.9, 0.75, 0.7, 0.65, 0.5,
  0.35, 0.2,
];

/** WhatsApp conversation categories with their share and a nominal price per message */
const WA_MIX = [
  { category: 'marketing', share: 0.35, price: 0.025 },
  { category: 'utility', share: 0.35, price: 0.01 },
  { category: 'authentication', share: 0.2, price: 0.008 },
  { category: 'service', share: 0.1, price: 0 },
] as const;
const MAIL_PRICE = 0.0005;
/** the demo history's voice price per billed minute (the rating service prices live calls) */
const VOICE_MINUTE = 0.018;
const pickCategory = (x: number) => {
  let left = x;
  for (const m of WA_MIX) {
    left -= m.share;
    if (left < 0) return m;
  }
  return WA_MIX[0];
};
/** WhatsApp messages per conversation by category in the demo history (a session count without draws) */
const WA_PER_SESSION: Record<string, number> = { marketing: 1.2, utility: 1.6, authentication: 1, service: 3.5 };
/**
 * The share of an account's SMS that are one-time passwords (decision 0094): none for every third
 * account, else 8 to 45 %, from the account id (no draws: the seeded sequence stays as it was).
 */
export const otpShare = (accountId: number) => (accountId % 3 === 0 ? 0 : 0.08 + ((accountId * 37) % 38) / 100);
/** is this submit of the simulator an OTP: its time's last two digits of milliseconds below the account's share */
const simulatedOtp = (accountId: number, at: Date) => at.getTime() % 100 < Math.round(otpShare(accountId) * 100);

/** share of delivered SMS a handset answers (an MO), minutes after the delivery */
const MO_SHARE = 0.015;
/** an SMS report slower than this is preceded by an `enroute` one */
const ENROUTE_AFTER_MS = 120_000;
const MO_WORDS = ['STOP', 'YES', 'NO', 'OK', 'HELP', 'Thanks', '1', 'TD'] as const;
const MAIL_SUBJECTS = ['Your invoice', 'Order shipped', 'Weekly digest', 'Verify your address', 'New offers'] as const;
const money = (n: number) => n.toFixed(6);

const pickNetwork = (rng: Rng) => {
  let x = rng.next() * TOTAL_WEIGHT;
  for (const n of NETWORKS) {
    x -= n.weight;
    if (x < 0) return n;
  }
  return NETWORKS[0];
};
/** one of an account's `n` own numbers (WhatsApp business numbers, caller numbers), picked by a draw's digits */
const ourNumber = (prefix: string, accountId: number, draw: string, n: number) =>
  `${prefix}${String(accountId).padStart(6, '0')}${Number(draw.slice(-3)) % n}`;

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');

/**
 * The send of a scheduled batch as the demo platform makes it (decision 0131): one message of
 * `segments` parts to each of `numbers` handsets at the batch's time, each part carrying the batch id,
 * delivered or failed by its network's rate with the DLR seconds later (in the same lines: the batch
 * went out at its time, which has passed). Seeded by the batch id, so the same batch sends the same;
 * yielded in chunks of about `chunk` lines.
 */
export function* planBatchSends(
  batch: { batchId: string; account: string; accountId: number; senderId: string; numbers: number; segments: number },
  at: Date,
  pick: ChannelPick,
  chunk: number,
): Generator<IngestLine[]> {
  let seed = 7;
  for (const ch of batch.batchId) seed = (seed * 31 + ch.charCodeAt(0)) % 2 ** 31;
  // numbers per chunk, each chunk from its own stream: a batch of millions never sits in memory whole
  const per = Math.max(1, Math.floor(chunk / (2 * batch.segments)));
  for (let first = 0; first < batch.numbers; first += per) {
    const rng = seededRng((seed + first) % 2 ** 31);
    const lines: IngestLine[] = [];
    for (let k = first; k < Math.min(batch.numbers, first + per); k++) {
      const net = pickNetwork(rng);
      const messageId = `B${batch.accountId.toString(36)}${seed.toString(36)}${k.toString(36).padStart(4, '0')}`;
      const number = `${net.prefix}${digits(rng, 13 - net.prefix.length)}`;
      const channelId = pick('sms', batch.accountId, net.country, net.network);
      const submitAt = new Date(at.getTime() + Math.floor((k * 60_000) / Math.max(1, batch.numbers))).toISOString();
      for (let part = 1; part <= batch.segments; part++) {
        lines.push({
          type: 'submit',
          messageId,
          part,
          parts: batch.segments,
          account: batch.account,
          number,
          country: net.country,
          network: net.network,
          channelId,
          senderId: batch.senderId,
          contentHash: digits(rng, 16),
          batchId: batch.batchId,
          submitAt,
          status: 'accepted',
        });
        const state = rng.next() < net.rate ? 'delivered' : rng.pick(FAILURES);
        lines.push({
          type: 'dlr',
          messageId,
          part,
          state,
          dlrAt: new Date(Date.parse(submitAt) + rng.int(2, 60) * 1000).toISOString(),
          ...(state === 'delivered' ? {} : { error: String(rng.int(1, 99)).padStart(3, '0') }),
        });
      }
    }
    yield lines;
  }
}

/** messages an account sends per hour at its peak: a stable figure per account (from its id) */
export const peakRate = (a: ConsumerAccountRef) => 20 + ((a.id * 2654435761) % 4096) / 16;
/** the shape of the day and week at one moment: 0.05 … 1.1, weekends at 40 % */
export function shapeAt(at: Date): number {
  const local = new Date(at.getTime() + 8 * 3_600_000);
  const weekend = local.getUTCDay() === 0 || local.getUTCDay() === 6;
  return (HOUR_SHAPE[local.getUTCHours()] ?? 0.5) * (weekend ? 0.4 : 1);
}

/** the account that stopped sending: of four or more, the newest goes quiet (for alarms and churn reports) */
export const silentAccount = (accounts: ConsumerAccountRef[]) =>
  accounts.length >= 4 ? [...accounts].sort((a, b) => a.id - b.id).at(-1)?.id : undefined;

/** the channel an account's message or call to a network goes by (0: none known) */
export type ChannelPick = (product: ChannelProduct, accountId: number, country: string, network: string) => number;

/**
 * Routing as the demo does it, from the srm room's live channels: SMS and WhatsApp by a channel
 * covering the network, else one covering its country (WhatsApp, a global service, else any); voice
 * and mail by any live channel of the product; one of several chosen by account, so an account's
 * traffic to a network keeps to one channel. 0 without the channels port or a fitting channel.
 */
export async function channelPicker(db: Db): Promise<ChannelPick> {
  const port = portOf(db, 'channels');
  const live = Object.fromEntries(
    await Promise.all(CHANNEL_PRODUCTS.map(async (k) => [k, (await port?.live(k)) ?? []] as const)),
  ) as Record<ChannelProduct, LiveChannelRef[]>;
  return (product, accountId, country, network) => {
    const all = live[product];
    const covered = product === 'sms' || product === 'whatsapp';
    let fit = covered ? all.filter((c) => c.networks.includes(network)) : all;
    if (!fit.length && covered) fit = all.filter((c) => c.countries.includes(country));
    if (!fit.length && product === 'whatsapp') fit = all;
    return fit.length ? fit[accountId % fit.length]!.id : 0;
  };
}
const CHANNEL_PRODUCTS = ['sms', 'voice', 'whatsapp', 'email'] as const satisfies readonly ChannelProduct[];

interface Planned {
  lines: IngestLine[];
  /** DLRs due later than the window's end */
  later: { due: number; line: IngestLine }[];
}

/**
 * The traffic of [from, to) for these accounts, as the messaging platform would send it: submits
 * (one line per part), their DLRs seconds to minutes later (a network's delivery rate decides the
 * state; a channel degradation hour now and then lowers it) and call records for voice accounts.
 */
export function planTraffic(
  rng: Rng,
  accounts: ConsumerAccountRef[],
  from: Date,
  to: Date,
  scale = 1,
  pick: ChannelPick = () => 0,
): Planned {
  const lines: IngestLine[] = [];
  const later: Planned['later'] = [];
  /** a line the platform sends at `due`: in this window, or held for a later one */
  const emit = (due: number, line: IngestLine) => {
    if (due < to.getTime()) lines.push(line);
    else later.push({ due, line });
  };
  /**
   * A WhatsApp message's or mail's state lines after its send (`sent`), through the ingestion API's
   * `state` line: read and opened are preceded by `delivered` (a fifth of the way); failed, bounced
   * and delivered come alone. Times derive from the final one: no extra draws, so the seeded
   * sequence (and every record planned after) stays as it was.
   */
  const updates = (
    kind: IngestState['kind'],
    id: string,
    sent: number,
    final: number,
    state: IngestState['state'],
    error?: string,
  ) => {
    if (state === 'read' || state === 'opened') {
      const delivered = sent + Math.max(1000, Math.floor((final - sent) / 5));
      if (delivered < final)
        emit(delivered, { type: 'state', kind, id, state: 'delivered', stateAt: new Date(delivered).toISOString() });
    }
    emit(final, {
      type: 'state',
      kind,
      id,
      state,
      stateAt: new Date(final).toISOString(),
      ...(error ? { error } : {}),
    });
  };
  const minutes = Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));
  const silent = silentAccount(accounts);
  for (const a of accounts) {
    if (a.id === silent) continue;
    const sms = a.products.includes('sms');
    const voice = a.products.includes('voice');
    for (let m = 0; m < minutes; m++) {
      const minuteStart = from.getTime() + m * 60_000;
      const shape = shapeAt(new Date(minuteStart));
      // degraded hour: one in ~40, delivery falls by a third
      const degraded = (Math.floor(minuteStart / 3_600_000) + a.id) % 40 === 0;
      if (sms) {
        const expected = (peakRate(a) / 60) * shape * scale;
        let n = Math.floor(expected) + (rng.next() < expected % 1 ? 1 : 0);
        while (n-- > 0) {
          const at = new Date(minuteStart + rng.int(0, 59_999));
          const net = pickNetwork(rng);
          const parts = rng.next() < 0.12 ? 2 : 1;
          const messageId = `S${at.getTime().toString(36)}${a.id.toString(36)}${digits(rng, 6)}`;
          const number = `${net.prefix}${digits(rng, 13 - net.prefix.length)}`;
          const rejected = rng.next() < 0.005;
          const channelId = pick('sms', a.id, net.country, net.network);
          for (let part = 1; part <= parts; part++) {
            lines.push({
              type: 'submit',
              messageId,
              part,
              parts,
              account: a.code,
              number,
              country: net.country,
              network: net.network,
              channelId,
              senderId: 'INFO',
              contentHash: digits(rng, 16),
              otp: simulatedOtp(a.id, at),
              submitAt: at.toISOString(),
              status: rejected ? 'rejected' : 'accepted',
              ...(rejected ? { error: '0x0000000B' } : {}),
            });
            if (rejected) continue;
            const rate = degraded ? net.rate * 0.66 : net.rate;
            const state = rng.next() < rate ? 'delivered' : rng.pick(FAILURES);
            const due = at.getTime() + (state === 'expired' ? rng.int(600, 3600) : rng.int(2, 180)) * 1000;
            // a report that takes over two minutes is preceded by an intermediate `enroute` one (a quarter of the way)
            if (due - at.getTime() > ENROUTE_AFTER_MS) {
              const enroute = at.getTime() + Math.floor((due - at.getTime()) / 4);
              emit(enroute, { type: 'dlr', messageId, part, state: 'enroute', dlrAt: new Date(enroute).toISOString() });
            }
            emit(due, {
              type: 'dlr',
              messageId,
              part,
              state,
              dlrAt: new Date(due).toISOString(),
              ...(state === 'delivered' ? {} : { error: String(rng.int(1, 99)).padStart(3, '0') }),
            });
            // now and then the handset answers the first part (a two-way MO, linked by our message id)
            if (part === 1 && state === 'delivered' && rng.next() < MO_SHARE) {
              const moAt = due + rng.int(20, 900) * 1000;
              const mo: IngestLine = {
                type: 'message',
                kind: 'mo',
                id: `O${moAt.toString(36)}${a.id.toString(36)}${digits(rng, 6)}`,
                account: a.code,
                from: number,
                to: 'INFO',
                country: net.country,
                // the answer comes back over the channel the message went by
                channelId,
                at: new Date(moAt).toISOString(),
                content: rng.pick(MO_WORDS),
                replyTo: messageId,
              };
              emit(moAt, mo);
            }
          }
        }
      }
      if (a.products.includes('whatsapp')) {
        const expected = (peakRate(a) / 480) * shape * scale;
        let n = Math.floor(expected) + (rng.next() < expected % 1 ? 1 : 0);
        while (n-- > 0) {
          const at = minuteStart + rng.int(0, 59_999);
          const net = pickNetwork(rng);
          const mix = pickCategory(rng.next());
          const failed = rng.next() > (degraded ? net.rate * 0.8 : net.rate);
          const state = failed ? 'failed' : rng.next() < 0.6 ? 'read' : 'delivered';
          // drawn in the order they always were (the seeded sequence stays as it was)
          const id = `W${at.toString(36)}${a.id.toString(36)}${digits(rng, 6)}`;
          // the account's own business numbers (two each, decision 0137): the draw is kept so the sequence stays
          const from = ourNumber('8620', a.id, digits(rng, 8), 2);
          const recipient = `${net.prefix}${digits(rng, 13 - net.prefix.length)}`;
          const final = at + rng.int(1, 600) * 1000;
          lines.push({
            type: 'message',
            kind: 'whatsapp',
            id,
            account: a.code,
            from,
            to: recipient,
            country: net.country,
            channelId: pick('whatsapp', a.id, net.country, net.network),
            at: new Date(at).toISOString(),
            state: 'sent',
            conversationId: `C${Math.floor(at / 86_400_000).toString(36)}${a.id.toString(36)}${digits(rng, 4)}`,
            category: mix.category,
            price: money(failed ? 0 : mix.price),
            cost: money(failed ? 0 : mix.price * 0.7),
            currency: a.currency,
            costCurrency: 'USD',
          });
          updates('whatsapp', id, at, final, state, failed ? '131026' : undefined);
        }
      }
      if (a.products.includes('email')) {
        const expected = (peakRate(a) / 300) * shape * scale;
        let n = Math.floor(expected) + (rng.next() < expected % 1 ? 1 : 0);
        while (n-- > 0) {
          const at = minuteStart + rng.int(0, 59_999);
          const r = rng.next();
          const state = r < 0.04 ? 'bounced' : r < 0.05 ? 'failed' : r < 0.35 ? 'opened' : 'delivered';
          const id = `E${at.toString(36)}${a.id.toString(36)}${digits(rng, 6)}`;
          const recipient = `user${digits(rng, 6)}@mail.example`;
          const final = at + rng.int(1, 3600) * 1000;
          lines.push({
            type: 'message',
            kind: 'mail',
            id,
            account: a.code,
            from: `noreply@${a.code.toLowerCase().replace(/[^a-z0-9]/g, '')}.example`,
            to: recipient,
            channelId: pick('email', a.id, '', ''),
            at: new Date(at).toISOString(),
            state: 'sent',
            subject: rng.pick(MAIL_SUBJECTS),
            price: money(state === 'failed' ? 0 : MAIL_PRICE),
            cost: money(state === 'failed' ? 0 : MAIL_PRICE * 0.4),
            currency: a.currency,
            costCurrency: 'USD',
          });
          updates('mail', id, at, final, state, state === 'bounced' ? '550 5.1.1' : undefined);
        }
      }
      if (voice) {
        const expected = (peakRate(a) / 600) * shape * scale;
        let n = Math.floor(expected) + (rng.next() < expected % 1 ? 1 : 0);
        while (n-- > 0) {
          const setup = minuteStart + rng.int(0, 59_999);
          const net = pickNetwork(rng);
          const answered = rng.next() < (degraded ? 0.3 : 0.55);
          const pdd = rng.int(1200, 5200);
          const talk = answered ? Math.max(3, Math.round(-Math.log(1 - rng.next()) * 90)) : 0;
          const answerAt = setup + pdd;
          const endAt = answered ? answerAt + talk * 1000 : setup + pdd + rng.int(0, 20_000);
          if (endAt >= to.getTime()) continue; // a CDR comes when the call ends: next window
          lines.push({
            type: 'cdr',
            callId: `V${setup.toString(36)}${a.id.toString(36)}${digits(rng, 5)}`,
            account: a.code,
            // one of the account's three caller numbers (decision 0137), drawn as before
            caller: ourNumber('8610', a.id, digits(rng, 9), 3),
            callee: `${net.prefix}${digits(rng, 13 - net.prefix.length)}`,
            country: net.country,
            network: net.network,
            channelId: pick('voice', a.id, net.country, net.network),
            ingressGateway: 'IN-GW-1',
            egressGateway: `OUT-GW-${rng.int(1, 4)}`,
            setupAt: new Date(setup).toISOString(),
            ...(answered ? { answerAt: new Date(answerAt).toISOString() } : {}),
            endAt: new Date(endAt).toISOString(),
            sipCode: answered ? 200 : rng.pick(FAIL_SIP),
            pddMs: pdd,
          });
        }
      }
    }
  }
  return { lines, later };
}

interface SimState {
  until: string;
  pending: { due: number; line: IngestLine }[];
  enabled?: boolean;
}
const MAX_CATCH_UP_MS = 15 * 60_000;
const BATCH = 5000;

/**
 * One step of the live simulator (a job every minute, on p.clock): the traffic since the last step
 * (at most 15 minutes of catch-up) and the DLRs that fell due, through the ingestion code path.
 * Does nothing without the accounts port or when switched off in its setting.
 */
export async function simulateStep(db: Db, now: Date): Promise<{ lines: number; skipped?: string }> {
  const accountsPort = portOf(db, 'accounts');
  if (!accountsPort) return { lines: 0, skipped: 'no accounts port' };
  const state = await readState<SimState>(db, 'simulator');
  if (!state) {
    // the first step marks where the simulator starts
    await writeState(db, 'simulator', { until: now.toISOString(), pending: [] } satisfies SimState);
    return { lines: 0 };
  }
  if (state.enabled === false) return { lines: 0, skipped: 'switched off' };
  const from = new Date(Math.max(Date.parse(state.until), now.getTime() - MAX_CATCH_UP_MS));
  const to = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  if (to <= from) return { lines: 0 };
  const accounts = (await accountsPort.active()).sort((a, b) => a.id - b.id);
  const rng = seededRng(from.getTime() % 2 ** 31);
  const plan = planTraffic(rng, accounts, from, to, 1, await channelPicker(db));
  const due = state.pending.filter((p) => p.due < to.getTime());
  const lines = [...plan.lines, ...due.map((d) => d.line)];
  for (let i = 0; i < lines.length; i += BATCH) await ingestBatch(db, now, lines.slice(i, i + BATCH));
  // the platform's other work: the scheduled sends that fell due go out, recalled messages are resent,
  // the auto replies approved in two-way-review are sent
  await sendDueAppointments(db, now);
  await resendRecalls(db, now);
  await sendMinxFallbacks(db, now);
  await sendApprovedReplies(db, now);
  // the call centres' calls and the voice campaigns' progress (decision 0130)
  await simulateVoice(db, now, from, to);
  await writeState(db, 'simulator', {
    until: to.toISOString(),
    pending: [...state.pending.filter((p) => p.due >= to.getTime()), ...plan.later].slice(-20_000),
    enabled: state.enabled,
  } satisfies SimState);
  return { lines: lines.length };
}

export async function setSimulator(db: Db, enabled: boolean) {
  const state = (await readState<SimState>(db, 'simulator')) ?? { until: new Date(0).toISOString(), pending: [] };
  await writeState(db, 'simulator', { ...state, enabled });
}

/**
 * The average delivery time of a history day's delivered parts on a network: 4 to 40 s by network and
 * day, derived (not drawn) so the seed's random sequence, and every record seeded after it, stays as it was.
 */
const historyLatencyMs = (network: string, daysAgo: number) =>
  4_000 + ((Number(network) * 7 + daysAgo * 13) % 37) * 1_000;

/**
 * The demo history: 90 days before today as daily and hourly rollups (the figures performance
 * screens and reports read), plus raw records of the last day through the ingestion path. Small
 * at `demo` scale so the first start stays quick; `bench`/`large` scale multiply it.
 * Idempotent (a marker in traffic_state); skipped without the accounts port.
 */
export async function seedTraffic(ctx: SeedContext, now: Date): Promise<void> {
  const accountsPort = portOf(ctx.db, 'accounts');
  if (!accountsPort) {
    ctx.log.info('traffic: no demo traffic, the accounts port (finance) is not mounted');
    return;
  }
  if (await readState(ctx.db, 'seeded')) return;
  const accounts = (await accountsPort.active()).sort((a, b) => a.id - b.id);
  if (accounts.length === 0) return;
  const rng = ctx.rng;
  const pick = await channelPicker(ctx.db);
  const today = dayStart(dayOf(now));
  // 1. rollup history, day by day: volumes from the same shape as live traffic, one row per account,
  //    product, country and status a day; prices are left to the rating service, so the history
  //    carries volumes and a nominal revenue per message of the account's currency. WhatsApp, mail
  //    and MO answers at the simulator's rates and state shares (decision 0078)
  const rows: string[] = [];
  const row = (
    day: string,
    product: string,
    a: ConsumerAccountRef,
    channelId: number,
    country: string,
    network: string,
    status: string,
    n: number,
    delivered: boolean,
    price: number,
    cost: number,
    /** submit → DLR time of each delivered SMS part (the rollups' average delivery time); 0 where none */
    latencyMs = 0,
  ) => {
    if (n <= 0) return;
    const timed = delivered && latencyMs > 0 ? n : 0;
    rows.push(
      `('${day}','${product}',${a.id},${a.customerId},${a.ownerId ?? 0},${channelId},'${country}','${network}','${status}','${a.currency}','USD',${n},${n},${delivered ? n : 0},${money(n * price)},${money(n * cost)},${timed * latencyMs},${timed})`,
    );
  };
  /** voice rows: calls, answered calls, billed seconds and post-dial delay instead of parts */
  const voice: string[] = [];
  /** the side rollups' history (decision 0094): WhatsApp by category, the SMS marked OTP */
  const wa: string[] = [];
  const otp: string[] = [];
  for (let d = 90; d >= 1; d--) {
    const day = new Date(today.getTime() - d * DAY_MS);
    const dayName = dayOf(day);
    let shape = 0;
    for (let h = 0; h < 24; h++) shape += shapeAt(new Date(day.getTime() + h * 3_600_000));
    for (const a of accounts) {
      if (a.id === silentAccount(accounts) && d < 7) continue;
      const sway = () => 0.85 + rng.next() * 0.3;
      if (a.products.includes('sms')) {
        const volume = Math.round(peakRate(a) * shape * sway());
        const net = pickNetwork(rng);
        const delivered = Math.round(volume * net.rate);
        const channelId = pick('sms', a.id, net.country, net.network);
        row(
          dayName,
          'sms',
          a,
          channelId,
          net.country,
          net.network,
          'delivered',
          delivered,
          true,
          0.012,
          0.007,
          historyLatencyMs(net.network, d),
        );
        row(
          dayName,
          'sms',
          a,
          channelId,
          net.country,
          net.network,
          'undeliverable',
          volume - delivered,
          false,
          0.012,
          0.007,
        );
        const share = otpShare(a.id);
        const otpCount = Math.round(volume * share);
        const otpDelivered = Math.min(otpCount, Math.round(delivered * share));
        // one-time passwords go faster than the account's other traffic: half its delivery time
        const otpLatency = Math.round(historyLatencyMs(net.network, d) / 2);
        if (otpCount > 0)
          otp.push(
            `('${dayName}',${a.id},${a.customerId},${a.ownerId ?? 0},${channelId},'${net.country}','${net.network}','${a.currency}',${otpCount},${otpDelivered},${otpDelivered * otpLatency},${otpDelivered},${money(otpCount * 0.012)},${money(otpCount * 0.007)})`,
          );
        const answers = Math.round(delivered * MO_SHARE);
        row(dayName, 'mo', a, channelId, net.country, '', 'received', answers, true, 0, 0);
      }
      if (a.products.includes('whatsapp')) {
        const volume = Math.round((peakRate(a) / 8) * shape * sway());
        const net = pickNetwork(rng);
        const mix = pickCategory(rng.next());
        const ok = Math.round(volume * net.rate);
        const read = Math.round(ok * 0.6);
        const channelId = pick('whatsapp', a.id, net.country, net.network);
        row(dayName, 'whatsapp', a, channelId, net.country, '', 'read', read, true, mix.price, mix.price * 0.7);
        row(
          dayName,
          'whatsapp',
          a,
          channelId,
          net.country,
          '',
          'delivered',
          ok - read,
          true,
          mix.price,
          mix.price * 0.7,
        );
        row(dayName, 'whatsapp', a, channelId, net.country, '', 'failed', volume - ok, false, 0, 0);
        if (volume > 0) {
          const sessions = Math.max(1, Math.round(volume / (WA_PER_SESSION[mix.category] ?? 1)));
          wa.push(
            `('${dayName}',${a.id},${a.customerId},${a.ownerId ?? 0},'${net.country}','${mix.category}','${a.currency}',${volume},${ok},${read},${sessions},${money(ok * mix.price)},${money(ok * mix.price * 0.7)})`,
          );
        }
      }
      if (a.products.includes('voice')) {
        // calls at the live rate (simulateTraffic), without drawing from the generator: the other
        // products' seeded figures stay what they were before voice had a history
        const calls = Math.max(1, Math.round((peakRate(a) / 600) * shape * (0.85 + ((a.id * 7 + d * 13) % 31) / 100)));
        const net = NETWORKS[(a.id + d) % NETWORKS.length]!;
        const answered = Math.round(calls * 0.55);
        const seconds = answered * (45 + ((a.id * 11 + d * 3) % 90));
        voice.push(
          `('${dayName}',${a.id},${a.customerId},${a.ownerId ?? 0},${pick('voice', a.id, net.country, net.network)},'${net.country}','${net.network}','answered','${a.currency}','USD',${answered},${answered},${seconds},${answered * 3200},${answered},${money((seconds / 60) * VOICE_MINUTE)},${money((seconds / 60) * VOICE_MINUTE * 0.65)})`,
          `('${dayName}',${a.id},${a.customerId},${a.ownerId ?? 0},${pick('voice', a.id, net.country, net.network)},'${net.country}','${net.network}','failed','${a.currency}','USD',${calls - answered},0,0,${(calls - answered) * 4100},${calls - answered},0,0)`,
        );
      }
      if (a.products.includes('email')) {
        const volume = Math.round((peakRate(a) / 5) * shape * sway());
        const bounced = Math.round(volume * 0.04);
        const failed = Math.round(volume * 0.01);
        const opened = Math.round(volume * 0.3);
        const channelId = pick('email', a.id, '', '');
        row(dayName, 'email', a, channelId, '', '', 'bounced', bounced, false, MAIL_PRICE, MAIL_PRICE * 0.4);
        row(dayName, 'email', a, channelId, '', '', 'failed', failed, false, 0, 0);
        row(dayName, 'email', a, channelId, '', '', 'opened', opened, true, MAIL_PRICE, MAIL_PRICE * 0.4);
        const rest = volume - bounced - failed - opened;
        row(dayName, 'email', a, channelId, '', '', 'delivered', rest, true, MAIL_PRICE, MAIL_PRICE * 0.4);
      }
    }
  }
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000).join(',');
    await ctx.db.execute(
      sql.raw(`insert into traffic_daily (day, product, account_id, customer_id, owner_id, channel_id, country, network,
        status, currency, cost_currency, count, segments, delivered, revenue, cost, dlr_ms, dlr_count) values ${chunk}
        on conflict do nothing`),
    );
    await ctx.db.execute(
      sql.raw(`insert into traffic_hourly (hour, product, account_id, customer_id, owner_id, channel_id, country, network,
        status, currency, cost_currency, count, segments, delivered, revenue, cost, dlr_ms, dlr_count)
        select (v.day::date + time '12:00') at time zone 'UTC', v.product, v.a, v.c, v.o, v.ch, v.country, v.network, v.status,
          v.currency, v.cc, v.n, v.s, v.d, v.r, v.k, v.lm, v.lc
        from (values ${chunk}) as v(day, product, a, c, o, ch, country, network, status, currency, cc, n, s, d, r, k, lm, lc)
        on conflict do nothing`),
    );
  }
  for (let i = 0; i < voice.length; i += 2000) {
    const chunk = voice.slice(i, i + 2000).join(',');
    const cols = `product, account_id, customer_id, owner_id, channel_id, country, network, status, currency, cost_currency,
      count, answered, seconds, pdd_ms, pdd_count, revenue, cost`;
    const values = `values ${chunk}) as v(day, a, c, o, ch, country, network, status, currency, cc, n, ans, sec, pdd, pc, r, k)`;
    const pick = `'voice', v.a, v.c, v.o, v.ch, v.country, v.network, v.status, v.currency, v.cc, v.n, v.ans, v.sec, v.pdd, v.pc, v.r::numeric, v.k::numeric`;
    await ctx.db.execute(
      sql.raw(
        `insert into traffic_daily (day, ${cols}) select v.day::date, ${pick} from (${values} on conflict do nothing`,
      ),
    );
    await ctx.db.execute(
      sql.raw(`insert into traffic_hourly (hour, ${cols})
        select (v.day::date + time '12:00') at time zone 'UTC', ${pick} from (${values} on conflict do nothing`),
    );
  }
  for (let i = 0; i < wa.length; i += 2000)
    await ctx.db.execute(
      // the demo's cost is in USD, as in its daily rows above
      sql.raw(`insert into traffic_wa_daily (day, product, account_id, customer_id, owner_id, country, category, currency,
        cost_currency, count, delivered, read, sessions, revenue, cost)
        select v.day::date, 'whatsapp', v.a, v.c, v.o, v.country, v.category, v.currency, 'USD', v.n, v.d, v.rd, v.s, v.r::numeric, v.k::numeric
        from (values ${wa.slice(i, i + 2000).join(',')}) as v(day, a, c, o, country, category, currency, n, d, rd, s, r, k)
        on conflict do nothing`),
    );
  for (let i = 0; i < otp.length; i += 2000)
    await ctx.db.execute(
      sql.raw(`insert into traffic_otp_daily (day, product, account_id, customer_id, owner_id, channel_id, country, network,
        currency, cost_currency, count, delivered, dlr_ms, dlr_count, revenue, cost)
        select v.day::date, 'sms', v.a, v.c, v.o, v.ch, v.country, v.network, v.currency, 'USD', v.n, v.d, v.lm, v.lc, v.r::numeric, v.k::numeric
        from (values ${otp.slice(i, i + 2000).join(',')}) as v(day, a, c, o, ch, country, network, currency, n, d, lm, lc, r, k)
        on conflict do nothing`),
    );
  // the sender rollup of the history (decision 0137): the demo's numbers as the raw traffic uses them — SMS
  // sender id INFO, the account's caller numbers and WhatsApp business numbers (picked by channel), its mail
  // sender address; the MO answers came back to INFO
  if (accounts.length > 0) {
    const codes = accounts
      .map((a) => `(${a.id}, 'noreply@${a.code.toLowerCase().replace(/[^a-z0-9]/g, '')}.example')`)
      .join(',');
    await ctx.db.execute(
      sql.raw(`insert into traffic_sender_daily (day, product, account_id, customer_id, owner_id, sender, currency,
        cost_currency, count, delivered, answered, revenue, cost, seconds)
        select d.day, d.product, d.account_id, d.customer_id, d.owner_id,
          case d.product when 'sms' then 'INFO' when 'mo' then 'INFO'
            when 'voice' then '8610' || lpad(d.account_id::text, 6, '0') || (d.channel_id % 3)::text
            when 'whatsapp' then '8620' || lpad(d.account_id::text, 6, '0') || (d.channel_id % 2)::text
            else coalesce(m.sender, '') end as sender,
          d.currency, d.cost_currency, sum(d.count), sum(d.delivered), sum(d.answered), sum(d.revenue), sum(d.cost),
          sum(d.seconds)
        from traffic_daily d left join (values ${codes}) as m(id, sender) on m.id = d.account_id
        where d.day < '${dayOf(today)}'
        group by 1, 2, 3, 4, 5, 6, 7, 8
        on conflict do nothing`),
    );
  }
  // 2. raw records of today so far (a modest number) through the ingestion path, DLRs included; the days
  //    before are whole in the rollup history, so no day is half-filled
  // the bench suites generate their own traffic at size (bench/traffic-run.ts): the bench seed stays near the demo's
  const scale = ctx.count({ demo: 1, bench: 2, large: 50 }) / 24;
  const from = today;
  await ensurePartitions(ctx.db, [dayOf(from), dayOf(now)]);
  const plan = planTraffic(rng, accounts, from, new Date(Math.floor(now.getTime() / 60_000) * 60_000), scale, pick);
  for (let i = 0; i < plan.lines.length; i += BATCH) await ingestBatch(ctx.db, now, plan.lines.slice(i, i + BATCH));
  await simulateVoice(ctx.db, now, from, new Date(Math.floor(now.getTime() / 60_000) * 60_000));
  await rollUp(ctx.db, now);
  await writeState(ctx.db, 'seeded', { at: now.toISOString(), historyRows: rows.length, rawLines: plan.lines.length });
  ctx.log.info(`traffic: ${rows.length} rollup rows of history, ${plan.lines.length} raw lines`);
}
