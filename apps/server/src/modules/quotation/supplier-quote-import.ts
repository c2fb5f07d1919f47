import type { AffectedAccount, PreviewRow } from '@portal/contracts/quotation';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import { rowsOf, type Tx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import type { Outbox } from '../approval/index.js';
import type { ChannelRef } from '../srm/index.js';
import { channelRefs } from '../srm/index.js';
import { reference } from '../system/reference/index.js';
import { checkHeldInstants } from './held-instants.js';
import { channelCostRow, lockBook } from './prices.js';
import { Q } from './rating.js';
import { type CostRow, costContext, openRequest, warnOwners } from './supplier-quote.js';

/** A row of a supplier price list as a cost, with the accounts routed to its destination. */
export interface ImportLine {
  row: number;
  label: string;
  cost: CostRow;
  from: Date;
  affected: AffectedAccount[];
}
/** A line judged under the book's lock: its cost in force then, and whether it needs approval. */
export interface JudgedLine extends ImportLine {
  oldCost: string | null;
  raise: boolean;
  overPrice: boolean;
}

/**
 * Before the import's transaction (ports read through the platform's handle): the channel, and for
 * every row that changes the book its country (an SMS network's, from the reference data; a voice
 * prefix names none) and the accounts routed there with their prices (`costContext`, as for one save).
 */
export async function importContext(
  p: Pick<Platform, 'db' | 'bus'>,
  channelId: number,
  product: 'sms' | 'voice',
  rows: PreviewRow[],
  userId: number | null,
  category = '',
): Promise<{ channel: ChannelRef; lines: ImportLine[] }> {
  const [channel] = await channelRefs(p.db, [channelId]);
  if (!channel) throw new AppError('QM_BOOK_UNKNOWN', { vars: { value: `#${channelId}` } });
  const lines: ImportLine[] = [];
  for (const r of rows) {
    if (r.change === 'same') continue;
    const country = product === 'sms' ? ((await reference(p).operatorOf(r.dest))?.countryCode ?? null) : null;
    const cost = channelCostRow(channelId, product, { ...r, country, category }, 'import', userId);
    const from = new Date(r.effectiveFrom);
    const { affected } = country ? await costContext(p.db, cost, from, channel) : { affected: [] };
    lines.push({ row: r.row, label: r.label, cost, from, affected });
  }
  return { channel, lines };
}

/**
 * In the import's transaction, under the book's lock: each line against the cost in force at its
 * effective time (one statement), converted at that day's rate when the currency differs — a raise on
 * a live channel, or a cost above a routed account's price, needs approval.
 */
export async function judgeLines(
  p: Pick<Platform, 'db' | 'bus'>,
  tx: Tx,
  channel: ChannelRef,
  product: 'sms' | 'voice',
  lines: ImportLine[],
  category = '',
): Promise<JudgedLine[]> {
  await lockBook(tx, 'channel', channel.id, product);
  if (!lines.length) return [];
  // an instant a pending request holds is reserved, for a held line and a written one alike (0113)
  await checkHeldInstants(
    tx,
    channel.id,
    product,
    category,
    lines.map((l) => ({ dest: l.cost.dest, from: l.from })),
  );
  const list = JSON.stringify(lines.map((l) => ({ dest: l.cost.dest, f: l.from.toISOString() })));
  const current = rowsOf<{ dest: string; f: string; unit_price: string; currency: string }>(
    await tx.execute(sql`select v.dest, v.f, p.unit_price::text as unit_price, p.currency
      from jsonb_to_recordset(${list}::jsonb) as v(dest text, f timestamptz)
      join qm_prices p on p.book_kind = 'channel' and p.book_id = ${channel.id} and p.product = ${product}
        and p.category = ${category} and p.dest = v.dest and p.effective_from <= v.f
        and (p.effective_until is null or p.effective_until > v.f)`),
  );
  const inForce = new Map(current.map((c) => [`${c.dest}@${new Date(c.f).getTime()}`, c]));
  const rates = new Map<string, string>();
  const rate = async (from: string, to: string, day: string) => {
    const key = `${from}:${to}:${day}`;
    if (!rates.has(key)) rates.set(key, (await reference(p).rateAt(from, to, day)).rate);
    return rates.get(key)!;
  };
  const judged: JudgedLine[] = [];
  for (const l of lines) {
    const c = inForce.get(`${l.cost.dest}@${l.from.getTime()}`);
    let old: InstanceType<typeof Q> | null = null;
    if (c) {
      old = new Q(c.unit_price);
      if (c.currency !== l.cost.currency)
        old = old.mul(await rate(c.currency, l.cost.currency, l.from.toISOString().slice(0, 10)));
    }
    judged.push({
      ...l,
      oldCost: old ? old.toFixed(6) : null,
      raise: channel.state === 'live' && !!old && new Q(l.cost.unitPrice).gt(old),
      overPrice: l.affected.some((a) => a.over),
    });
  }
  return judged;
}

/**
 * ONE supplier-quote request for the lines of an import that need approval: the request's own row is
 * the first line (its destination and cost), the lines hold them all; the accounts are every line's,
 * once each (over when over on any line). The owners hear of it after the commit.
 */
export async function startImportQuote(
  p: Platform,
  tx: Tx,
  out: Outbox,
  auth: AuthContext,
  channel: ChannelRef,
  held: JudgedLine[],
) {
  const first = held[0]!;
  const accounts = new Map<number, AffectedAccount>();
  for (const l of held)
    for (const a of l.affected) {
      const seen = accounts.get(a.accountId);
      accounts.set(a.accountId, seen ? { ...seen, over: seen.over || a.over } : a);
    }
  const ctx = { channel, affected: [...accounts.values()].sort((x, y) => x.code.localeCompare(y.code)) };
  const verdict = {
    raise: held.some((l) => l.raise),
    overPrice: held.some((l) => l.overPrice),
    oldCost: first.oldCost,
  };
  const from = new Date(Math.min(...held.map((l) => l.from.getTime())));
  const opened = await openRequest(tx, out, auth.userId, first.cost, from, ctx, verdict, held);
  out.after?.push(() => warnOwners(p, auth.userId, opened.id, first.cost, from, ctx, verdict, held));
  return opened;
}
