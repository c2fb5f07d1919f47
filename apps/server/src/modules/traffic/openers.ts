import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.js';
import type { DeltaBook } from './deltas.js';

/** a WhatsApp message as the session count sees it */
export interface WaFacts {
  at: Date;
  kind: 'whatsapp' | 'mail' | 'mo';
  recordId: string;
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
  conversationId: string | null;
  category: string | null;
}

/** the order that picks a conversation's first message: time, then record id by code point (SQL `collate "C"`) */
const before = (a: { at: Date; recordId: string }, b: { at: Date; recordId: string }) =>
  a.at.getTime() < b.at.getTime() || (a.at.getTime() === b.at.getTime() && a.recordId < b.recordId);

/**
 * A session is a conversation, counted on the day and in the group of its first message (decision 0094).
 * Of the new WhatsApp messages (not stored yet), answers the ids that become their conversation's first;
 * a stored first message that a new, earlier one displaces gets its session taken back (-1) in the book.
 * Each conversation is locked for the transaction (advisory), so two batches of one conversation cannot
 * both count it.
 */
export async function bookOpeners(tx: DbOrTx, book: DeltaBook, rows: WaFacts[]): Promise<Set<string>> {
  const first = new Map<string, WaFacts>();
  for (const r of rows) {
    if (!r.conversationId) continue;
    const cur = first.get(r.conversationId);
    if (!cur || before(r, cur)) first.set(r.conversationId, r);
  }
  const opens = new Set<string>();
  if (first.size === 0) return opens;
  const ids = `{${[...first.keys()].map((c) => `"${c.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
  await tx.execute(sql`select pg_advisory_xact_lock(h) from
    (select hashtextextended('traffic_wa:' || c, 0) as h from unnest(${ids}::text[]) c order by 1) x`);
  const stored = rowsOf<{
    conversation_id: string;
    at: string | Date;
    record_id: string;
    account_id: number;
    customer_id: number;
    owner_id: number;
    channel_id: number;
    country: string;
    state: string;
    category: string | null;
    currency: string;
    cost_currency: string;
    sender: string;
    recipient: string;
  }>(
    await tx.execute(sql`select distinct on (conversation_id) conversation_id, at, record_id, account_id, customer_id,
        owner_id, channel_id, country, state, category, currency, cost_currency, sender, recipient
      from traffic_messages where kind = 'whatsapp' and conversation_id = any(${ids}::text[])
      order by conversation_id, at, record_id collate "C"`),
  );
  const old = new Map(stored.map((s) => [s.conversation_id, s]));
  for (const [conversation, r] of first) {
    const s = old.get(conversation);
    if (!s) {
      opens.add(r.recordId);
      continue;
    }
    const at = new Date(s.at);
    if (!before(r, { at, recordId: s.record_id })) continue;
    opens.add(r.recordId);
    book.message(
      {
        at,
        kind: 'whatsapp',
        accountId: Number(s.account_id),
        customerId: Number(s.customer_id),
        ownerId: Number(s.owner_id),
        channelId: Number(s.channel_id),
        country: s.country,
        state: s.state,
        price: '0',
        cost: '0',
        currency: s.currency,
        costCurrency: s.cost_currency,
        category: s.category,
        sender: s.sender,
        recipient: s.recipient,
      },
      0,
      -1,
    );
  }
  return opens;
}
