import type { IngestState, MessageKind } from '@portal/contracts/traffic';
import { sql } from 'drizzle-orm';
import { insertBulk } from '../../platform/db/bulk.js';
import { type Db, type DbOrTx, rowsOf } from '../../platform/db/index.js';
import { DeltaBook } from './deltas.js';
import { trafficMessageStates } from './schema.js';

type UpdatableKind = IngestState['kind'];
type Line = { line: number; result: 'stored' | 'duplicate' | 'unmatched' };
const BULK_ROWS = 5000;
const keyOf = (kind: string, id: string) => `${kind}\u0000${id}`;

/**
 * State updates of WhatsApp messages and mails, as DLRs are for SMS (decision 0078): every update is
 * kept once (the same kind, id, state and time again is a duplicate); the message takes the latest
 * by state time, whatever order they arrive in, and moves in the rollups (-1 old state, +1 new). An
 * update whose message is not here yet is `unmatched`, kept and applied when the message comes.
 * Runs inside the ingesting transaction after the batch's messages were inserted; `fresh` are those
 * new messages (they take up the updates that came before them).
 */
export async function ingestStates(
  tx: DbOrTx,
  book: DeltaBook,
  now: Date,
  updates: { line: number; v: IngestState }[],
  fresh: { kind: UpdatableKind; id: string }[],
): Promise<Line[]> {
  const linesOf = new Map<string, number[]>();
  const rows = updates.map(({ line, v }) => {
    const k = `${keyOf(v.kind, v.id)}\u0000${v.state}\u0000${new Date(v.stateAt).toISOString()}`;
    linesOf.set(k, [...(linesOf.get(k) ?? []), line]);
    return {
      kind: v.kind,
      recordId: v.id,
      state: v.state,
      error: v.error ?? null,
      stateAt: new Date(v.stateAt),
      receivedAt: now,
    };
  });
  const stored: { kind: UpdatableKind; record_id: string; state: string; state_at: string | Date }[] = [];
  for (let i = 0; i < rows.length; i += BULK_ROWS)
    stored.push(
      ...(await insertBulk<typeof trafficMessageStates, (typeof stored)[number]>(
        tx,
        trafficMessageStates,
        rows.slice(i, i + BULK_ROWS),
        sql`on conflict do nothing returning kind, record_id, state, state_at`,
      )),
    );
  const storedKeys = new Set(
    stored.map((s) => `${keyOf(s.kind, s.record_id)}\u0000${s.state}\u0000${new Date(s.state_at).toISOString()}`),
  );
  const matched = await applyStates(tx, book, [...stored.map((s) => ({ kind: s.kind, id: s.record_id })), ...fresh]);
  const lines: Line[] = [];
  for (const [k, ls] of linesOf) {
    const [kind, id] = k.split('\u0000');
    ls.forEach((line, i) => {
      const isNew = storedKeys.has(k) && i === 0;
      lines.push({
        line,
        result: !isNew ? 'duplicate' : matched.has(keyOf(kind!, id!)) ? 'stored' : 'unmatched',
      });
    });
  }
  return lines;
}

/**
 * Bring these messages up to their latest state update (by state time, not arrival; one not newer
 * than the state the message holds is kept, not applied), move them in the rollups and mark their
 * updates matched. Answers the messages that are stored (`kind \0 id`).
 */
export async function applyStates(
  tx: DbOrTx,
  book: DeltaBook,
  messages: { kind: UpdatableKind; id: string }[],
): Promise<Set<string>> {
  const matched = new Set<string>();
  const uniq = [...new Map(messages.map((m) => [keyOf(m.kind, m.id), m])).values()];
  for (let i = 0; i < uniq.length; i += BULK_ROWS) {
    const wanted = sql`json_to_recordset(${JSON.stringify(
      uniq.slice(i, i + BULK_ROWS).map((m) => ({ kind: m.kind, record_id: m.id })),
    )}::json) as w(kind text, record_id text)`;
    const keys = rowsOf<{ kind: UpdatableKind; record_id: string }>(
      await tx.execute(sql`select w.kind, w.record_id from ${wanted}
        cross join lateral (select 1 from traffic_keys k
          where k.kind = w.kind and k.record_id = w.record_id and k.part = 0 limit 1) k`),
    );
    if (keys.length === 0) continue;
    for (const k of keys) matched.add(keyOf(k.kind, k.record_id));
    // lock the messages a newer update moves, update them, answer their old state (like applyDlrs)
    const moved = rowsOf<{
      at: string | Date;
      kind: MessageKind;
      account_id: number;
      customer_id: number;
      owner_id: number;
      channel_id: number;
      country: string;
      state: string;
      category: string | null;
      price: string;
      cost: string;
      currency: string;
      cost_currency: string;
      sender: string;
      recipient: string;
      new_state: string;
    }>(
      await tx.execute(sql`with latest as (
          select w.kind, w.record_id, s.state, s.error, s.state_at, k.at
          from ${wanted}
          cross join lateral (select k.at from traffic_keys k
            where k.kind = w.kind and k.record_id = w.record_id and k.part = 0 limit 1) k
          cross join lateral (select s.state, s.error, s.state_at from traffic_message_states s
            where s.kind = w.kind and s.record_id = w.record_id order by s.state_at desc, s.id desc limit 1) s
        ), old as (
          select m.at, m.kind, m.record_id, m.account_id, m.customer_id, m.owner_id, m.channel_id, m.country, m.state,
            m.category, m.price, m.cost, m.currency, m.cost_currency, m.sender, m.recipient,
            l.state as new_state, l.error as new_error, l.state_at as new_state_at
          from traffic_messages m join latest l on m.at = l.at and m.kind = l.kind and m.record_id = l.record_id
          where m.state_at is null or m.state_at < l.state_at or (m.state_at = l.state_at and m.state <> l.state)
          for update of m
        )
        update traffic_messages m set state = o.new_state, state_at = o.new_state_at, error = o.new_error
        from old o
        where m.at = o.at and m.kind = o.kind and m.record_id = o.record_id
        returning o.at, o.kind, o.account_id, o.customer_id, o.owner_id, o.channel_id, o.country, o.state, o.category,
          o.price::text as price, o.cost::text as cost, o.currency, o.cost_currency, o.sender, o.recipient, o.new_state`),
    );
    for (const m of moved) {
      const rec = {
        at: new Date(m.at),
        kind: m.kind,
        accountId: Number(m.account_id),
        customerId: Number(m.customer_id),
        ownerId: Number(m.owner_id),
        channelId: Number(m.channel_id),
        country: m.country,
        state: m.state,
        price: m.price,
        cost: m.cost,
        currency: m.currency,
        costCurrency: m.cost_currency,
        category: m.category,
        sender: m.sender,
        recipient: m.recipient,
      };
      book.message(rec, -1);
      book.message({ ...rec, state: m.new_state }, 1);
    }
    const found = JSON.stringify(keys.map((k) => ({ kind: k.kind, record_id: k.record_id })));
    await tx.execute(sql`update traffic_message_states s set matched = true
      from json_to_recordset(${found}::json) as w(kind text, record_id text)
      where s.kind = w.kind and s.record_id = w.record_id and not s.matched`);
  }
  return matched;
}

/**
 * Updates kept unmatched whose message has come since (an update and its message in two batches
 * committed side by side never see each other): apply them now. Run by the rollup job.
 */
export async function rematchStates(db: Db, limit = 5000): Promise<number> {
  const pending = rowsOf<{ kind: UpdatableKind; record_id: string }>(
    await db.execute(sql`select distinct s.kind, s.record_id from traffic_message_states s
      join traffic_keys k on k.kind = s.kind and k.record_id = s.record_id and k.part = 0
      where not s.matched limit ${limit}`),
  );
  if (pending.length === 0) return 0;
  await db.transaction(async (tx) => {
    const book = new DeltaBook();
    await applyStates(
      tx,
      book,
      pending.map((p) => ({ kind: p.kind, id: p.record_id })),
    );
    await book.write(tx);
  });
  return pending.length;
}
