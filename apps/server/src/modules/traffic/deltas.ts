import {
  MESSAGE_DELIVERED_STATES,
  type MessageKind,
  productOfKind,
  type TrafficProduct,
} from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { insertBulk } from '../../platform/db/bulk.js';
import type { DbOrTx } from '../../platform/db/index.js';
import { trafficDeltas } from './schema.js';

/** the dimensions a record is rolled up under */
export interface Dims {
  hour: Date;
  product: TrafficProduct;
  accountId: number;
  customerId: number;
  ownerId: number;
  channelId: number;
  country: string;
  network: string;
  status: string;
  currency: string;
  costCurrency: string;
  /** WhatsApp: the conversation category ('' none); SMS: the OTP mark (decision 0094) */
  category: string;
  otp: boolean;
  /** our number / sender id (decision 0137): SMS sender id ('' none), voice caller, WhatsApp / mail sender, MO recipient */
  sender: string;
}
interface Measures {
  count: number;
  segments: number;
  delivered: number;
  /** money in millionths (the records' numeric scale, 6): exact integer sums, no decimal objects */
  revenue: bigint;
  cost: bigint;
  answered: number;
  seconds: number;
  pddMs: number;
  pddCount: number;
  dlrMs: number;
  dlrCount: number;
  sessions: number;
  read: number;
}

/** An SMS part record as rollups see it. */
export interface SmsFacts {
  submitAt: Date;
  part: number;
  accountId: number;
  customerId: number;
  ownerId: number;
  channelId: number;
  country: string;
  network: string;
  submitStatus: string;
  dlrState: string | null;
  /** the time of the report that set `dlrState` */
  dlrAt: Date | null;
  price: string;
  cost: string;
  currency: string;
  costCurrency: string;
  otp: boolean;
  senderId?: string | null;
}
export const smsStatus = (r: { submitStatus: string; dlrState: string | null }) =>
  r.submitStatus === 'rejected' ? 'submit_rejected' : (r.dlrState ?? 'pending');

/** A record's amount (at most 6 decimals, as the contracts take and the columns keep) in millionths. */
const micros = new Map<string, bigint>();
export function toMicros(v: string): bigint {
  let m = micros.get(v);
  if (m === undefined) {
    const exact = /^(-?)(\d+)(?:\.(\d{0,6}))?$/.exec(v);
    m = exact
      ? BigInt(`${exact[1]}${exact[2]}${(exact[3] ?? '').padEnd(6, '0')}`)
      : BigInt(new Decimal(v).times(1_000_000).toFixed(0));
    if (micros.size > 10_000) micros.clear();
    micros.set(v, m);
  }
  return m;
}
const signed = (v: string, sign: number) => (sign === 0 ? 0n : sign > 0 ? toMicros(v) : -toMicros(v));
/** millionths as a decimal string with 6 places */
export function fromMicros(m: bigint): string {
  const neg = m < 0n;
  const digits = (neg ? -m : m).toString().padStart(7, '0');
  return `${neg ? '-' : ''}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

/**
 * A text dimension as it goes into a group's key: itself, or JSON-quoted when it holds the separator or starts
 * with a quote. A bare value never starts with `"` and a quoted one always does and holds no raw separator, so
 * two different values never give the same key. Quoting only those is a third cheaper than quoting every one
 * (three keys a record on ingestion).
 */
export const textKey = (s: string) => (s.charCodeAt(0) === 34 || s.includes('\u0001') ? JSON.stringify(s) : s);

/** Changes of one transaction, summed per group, written as few delta rows as there are groups. */
export class DeltaBook {
  private readonly groups = new Map<string, { dims: Dims; m: Measures }>();

  /** `at`: the record's time, whose hour the group is (the hour's Date is made for a new group only) */
  private add(at: Date, dims: Omit<Dims, 'hour'>, m: Partial<Measures>) {
    const hour = Math.floor(at.getTime() / 3_600_000) * 3_600_000;
    // the group's key: every dimension in one order, free text as `textKey` gives it (no value holds the separator)
    const key = `${hour}\u0001${dims.product}\u0001${dims.accountId}\u0001${dims.customerId}\u0001${dims.ownerId}\u0001${dims.channelId}\u0001${textKey(dims.country)}\u0001${textKey(dims.network)}\u0001${textKey(dims.status)}\u0001${textKey(dims.currency)}\u0001${textKey(dims.costCurrency)}\u0001${textKey(dims.category)}\u0001${dims.otp}\u0001${textKey(dims.sender)}`;
    let g = this.groups.get(key);
    if (!g) {
      g = {
        dims: { hour: new Date(hour), ...dims },
        m: {
          count: 0,
          segments: 0,
          delivered: 0,
          revenue: 0n,
          cost: 0n,
          answered: 0,
          seconds: 0,
          pddMs: 0,
          pddCount: 0,
          dlrMs: 0,
          dlrCount: 0,
          sessions: 0,
          read: 0,
        },
      };
      this.groups.set(key, g);
    }
    const t = g.m;
    t.count += m.count ?? 0;
    t.segments += m.segments ?? 0;
    t.delivered += m.delivered ?? 0;
    t.revenue += m.revenue ?? 0n;
    t.cost += m.cost ?? 0n;
    t.answered += m.answered ?? 0;
    t.seconds += m.seconds ?? 0;
    t.pddMs += m.pddMs ?? 0;
    t.pddCount += m.pddCount ?? 0;
    t.dlrMs += m.dlrMs ?? 0;
    t.dlrCount += m.dlrCount ?? 0;
    t.sessions += m.sessions ?? 0;
    t.read += m.read ?? 0;
  }

  /**
   * One SMS part counted (+1) or taken back (-1) under its status: count = messages (part 1),
   * segments = parts, delivered = delivered parts, revenue and cost of the part; a delivered part
   * also its delivery time (submit to report, never below 0: a supplier's clock may run behind).
   */
  sms(r: SmsFacts, sign: 1 | -1) {
    const status = smsStatus(r);
    const latency = status === 'delivered' && r.dlrAt ? Math.max(0, r.dlrAt.getTime() - r.submitAt.getTime()) : null;
    this.add(
      r.submitAt,
      {
        product: 'sms',
        accountId: r.accountId,
        customerId: r.customerId,
        ownerId: r.ownerId,
        channelId: r.channelId,
        country: r.country,
        network: r.network,
        status,
        currency: r.currency,
        costCurrency: r.costCurrency,
        category: '',
        otp: r.otp,
        sender: r.senderId ?? '',
      },
      {
        count: r.part === 1 ? sign : 0,
        segments: sign,
        delivered: status === 'delivered' ? sign : 0,
        dlrMs: latency === null ? 0 : latency * sign,
        dlrCount: latency === null ? 0 : sign,
        revenue: signed(r.price, sign),
        cost: signed(r.cost, sign),
      },
    );
  }

  voice(r: {
    setupAt: Date;
    caller: string;
    accountId: number;
    customerId: number;
    ownerId: number;
    channelId: number;
    country: string;
    network: string;
    answerAt: Date | null;
    billedDuration: number;
    pddMs: number | null;
    price: string;
    cost: string;
    currency: string;
    costCurrency: string;
  }) {
    this.add(
      r.setupAt,
      {
        product: 'voice',
        accountId: r.accountId,
        customerId: r.customerId,
        ownerId: r.ownerId,
        channelId: r.channelId,
        country: r.country,
        network: r.network,
        status: r.answerAt ? 'answered' : 'failed',
        currency: r.currency,
        costCurrency: r.costCurrency,
        category: '',
        otp: false,
        sender: r.caller,
      },
      {
        count: 1,
        answered: r.answerAt ? 1 : 0,
        seconds: r.billedDuration,
        pddMs: r.pddMs ?? 0,
        pddCount: r.pddMs == null ? 0 : 1,
        revenue: toMicros(r.price),
        cost: toMicros(r.cost),
      },
    );
  }

  /**
   * A WhatsApp message, mail send or MO counted (+1) or taken back (-1) under its state: count =
   * segments = 1, delivered when its state is one of MESSAGE_DELIVERED_STATES (a state update moves
   * it: -1 under the old state, +1 under the new). No network: the platform does not send one for these.
   * WhatsApp carries its category; `opens` +1 / -1: the message became / stopped being its
   * conversation's first (a session, decision 0094).
   */
  message(
    r: {
      at: Date;
      kind: MessageKind;
      accountId: number;
      customerId: number;
      ownerId: number;
      channelId: number;
      country: string;
      state: string;
      price: string;
      cost: string;
      currency: string;
      costCurrency: string;
      category?: string | null;
      sender: string;
      recipient: string;
    },
    sign: 1 | -1 | 0 = 1,
    opens: 1 | -1 | 0 = 0,
  ) {
    this.add(
      r.at,
      {
        product: productOfKind(r.kind),
        accountId: r.accountId,
        customerId: r.customerId,
        ownerId: r.ownerId,
        channelId: r.channelId,
        country: r.country,
        network: '',
        status: r.state,
        currency: r.currency,
        costCurrency: r.costCurrency,
        category: r.kind === 'whatsapp' ? (r.category ?? '') : '',
        otp: false,
        sender: r.kind === 'mo' ? r.recipient : r.sender,
      },
      {
        count: sign,
        segments: sign,
        delivered: (MESSAGE_DELIVERED_STATES as readonly string[]).includes(r.state) ? sign : 0,
        read: r.kind === 'whatsapp' && r.state === 'read' ? sign : 0,
        sessions: opens,
        revenue: signed(r.price, sign),
        cost: signed(r.cost, sign),
      },
    );
  }

  async write(tx: DbOrTx) {
    const rows = [...this.groups.values()]
      .filter(
        ({ m }) =>
          m.count ||
          m.segments ||
          m.delivered ||
          m.answered ||
          m.seconds ||
          m.dlrCount ||
          m.sessions ||
          m.read ||
          m.revenue !== 0n,
      )
      .map(({ dims, m }) => ({
        ...dims,
        count: m.count,
        segments: m.segments,
        delivered: m.delivered,
        revenue: fromMicros(m.revenue),
        cost: fromMicros(m.cost),
        answered: m.answered,
        seconds: m.seconds,
        pddMs: m.pddMs,
        pddCount: m.pddCount,
        dlrMs: m.dlrMs,
        dlrCount: m.dlrCount,
        sessions: m.sessions,
        read: m.read,
      }));
    for (let i = 0; i < rows.length; i += 5000) await insertBulk(tx, trafficDeltas, rows.slice(i, i + 5000));
    this.groups.clear();
  }
}
