import { type ErrorName, Errors, errorMessage, smsSegments } from '@portal/contracts';
import {
  type IngestCdr,
  type IngestDlr,
  type IngestResult,
  type IngestSubmit,
  ingestLine,
  MAX_BATCH_LINES,
} from '@portal/contracts/traffic';
import { sql } from 'drizzle-orm';
import { sha256 } from '../../platform/auth/crypto.js';
import { type Db, type DbOrTx, rowsOf } from '../../platform/db/index.js';
import { fail } from '../../platform/http/errors.js';
import { type ConsumerAccountRef, portOf } from '../../platform/ports.js';
import { DeltaBook, type SmsFacts } from './deltas.js';
import { DAY_MS, dayOf, ensurePartitions } from './partitions.js';
import { trafficDlrs, trafficKeys, trafficSms, trafficVoice } from './schema.js';
import { readSettings } from './settings.js';

type Line = IngestResult['lines'][number];
const DEFAULT_COST_CURRENCY = 'USD';
/** a record may be stamped at most this far after the server's time (clock skew) */
const AHEAD_MS = DAY_MS;

const errorLine = (line: number, name: ErrorName, vars: Record<string, string | number>): Line => ({
  line,
  result: 'error',
  code: Errors[name].code,
  msg: errorMessage(Errors[name], 'en', vars),
});

type SmsRow = typeof trafficSms.$inferInsert & SmsFacts;
type VoiceRow = typeof trafficVoice.$inferInsert;

/**
 * One NDJSON batch from the messaging platform (or the simulator, which uses this same path).
 * Each line is answered: `stored`, `duplicate` (same message id + part, same call id, same DLR
 * again: nothing changes), `unmatched` (a DLR whose message is not here yet: kept, matched when
 * the message comes) or `error` with its TRF_ code; the good lines of a batch are kept in one
 * transaction. DLRs are matched by OUR message id + part, never the supplier's id; of several
 * reports for one part the latest by DLR time wins, whatever order they arrive in.
 */
/**
 * Parts per statement when DLRs are matched: a VALUES list joined to the keys and reports by their
 * indexes (a row-IN list was planned as a filter over every key, so each statement read the whole key
 * table). PGlite's WebAssembly stack aborted the process on a 1,000-pair row-IN list; 200 run on both.
 */
const DLR_CHUNK = 200;

export async function ingestBatch(db: Db, now: Date, input: (string | object)[]): Promise<IngestResult> {
  if (input.length > MAX_BATCH_LINES) return fail('TRF_BATCH_TOO_LARGE', { vars: { value: MAX_BATCH_LINES } });
  const lines: Line[] = [];
  const submits: { line: number; v: IngestSubmit }[] = [];
  const dlrs: { line: number; v: IngestDlr }[] = [];
  const cdrs: { line: number; v: IngestCdr }[] = [];
  input.forEach((raw, i) => {
    const line = i + 1;
    if (typeof raw === 'string' && raw.trim() === '') return;
    let value: unknown = raw;
    if (typeof raw === 'string') {
      try {
        value = JSON.parse(raw);
      } catch {
        lines.push(errorLine(line, 'TRF_LINE_MALFORMED', { value: line }));
        return;
      }
    }
    const parsed = ingestLine.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const detail = `${issue?.path.join('.') || 'type'}: ${issue?.message ?? 'invalid'}`;
      lines.push(errorLine(line, 'TRF_LINE_INVALID', { value: line, detail }));
      return;
    }
    const v = parsed.data;
    if (v.type === 'submit') submits.push({ line, v });
    else if (v.type === 'dlr') dlrs.push({ line, v });
    else cdrs.push({ line, v });
  });
  if (submits.length + dlrs.length + cdrs.length === 0 && lines.length === 0) return fail('TRF_BATCH_EMPTY');

  const settings = await readSettings(db);
  const oldest = now.getTime() - settings.retentionDays * DAY_MS;
  const inWindow = (line: number, at: string): boolean => {
    const t = Date.parse(at);
    if (t >= oldest && t <= now.getTime() + AHEAD_MS) return true;
    lines.push(errorLine(line, 'TRF_TIME_OUT_OF_WINDOW', { value: at }));
    return false;
  };

  // accounts by code (finance's port); without it records cannot be attributed
  let accounts = new Map<string, ConsumerAccountRef>();
  if (submits.length + cdrs.length > 0) {
    const port = portOf(db, 'accounts');
    if (!port) return fail('TRF_ACCOUNTS_UNAVAILABLE');
    accounts = await port.byCodes([...new Set([...submits, ...cdrs].map((s) => s.v.account))]);
  }
  const accountOf = (line: number, code: string) => {
    const a = accounts.get(code);
    if (!a) lines.push(errorLine(line, 'TRF_ACCOUNT_UNKNOWN', { value: code }));
    return a;
  };
  const rating = portOf(db, 'rating');

  // SMS parts: first of a message id + part in the batch wins; later copies are duplicates
  const smsRows: { line: number; row: SmsRow }[] = [];
  const seen = new Set<string>();
  for (const { line, v } of submits) {
    if (v.part > v.parts) {
      lines.push(errorLine(line, 'TRF_LINE_INVALID', { value: line, detail: 'part: greater than parts' }));
      continue;
    }
    if (!inWindow(line, v.submitAt)) continue;
    const account = accountOf(line, v.account);
    if (!account) continue;
    const key = `${v.messageId}\u0000${v.part}`;
    if (seen.has(key)) {
      lines.push({ line, result: 'duplicate' });
      continue;
    }
    seen.add(key);
    const at = new Date(v.submitAt);
    const seg = v.content ? smsSegments(v.content) : { encoding: 'GSM-7' as const, length: 0, segments: v.parts };
    const destination = { country: v.country, network: v.network, number: v.number };
    const channelId = v.channelId ?? 0;
    let price = v.price;
    let currency = v.currency ?? account.currency;
    let cost = v.cost;
    let costCurrency = v.costCurrency ?? DEFAULT_COST_CURRENCY;
    let rated = price !== undefined;
    if (price === undefined && rating) {
      const q = await rating.priceFor({ accountId: account.id, product: 'sms', destination, at, units: 1 });
      if (q) {
        price = q.amount;
        currency = q.currency;
        rated = true;
      }
    }
    if (cost === undefined && rating && channelId) {
      const q = await rating.costFor({ channelId, product: 'sms', destination, at, units: 1 });
      if (q) {
        cost = q.amount;
        costCurrency = q.currency;
      }
    }
    smsRows.push({
      line,
      row: {
        submitAt: at,
        messageId: v.messageId,
        part: v.part,
        parts: v.parts,
        accountId: account.id,
        customerId: account.customerId,
        ownerId: account.ownerId ?? 0,
        subAccount: v.subAccount ?? null,
        senderId: v.senderId ?? null,
        number: v.number,
        country: v.country ?? '',
        network: v.network ?? '',
        contentHash: v.contentHash ?? (v.content ? sha256(v.content) : null),
        encoding: seg.encoding,
        length: seg.length,
        segments: seg.segments,
        channelId,
        supplierMessageId: v.supplierMessageId ?? null,
        submitStatus: v.status,
        submitError: v.error ?? null,
        dlrState: null,
        dlrError: null,
        dlrAt: null,
        price: price ?? '0',
        cost: cost ?? '0',
        currency,
        costCurrency,
        rated,
        receivedAt: now,
      },
    });
  }

  const voiceRows: { line: number; row: VoiceRow }[] = [];
  const seenCalls = new Set<string>();
  for (const { line, v } of cdrs) {
    if (!inWindow(line, v.setupAt)) continue;
    const account = accountOf(line, v.account);
    if (!account) continue;
    if (seenCalls.has(v.callId)) {
      lines.push({ line, result: 'duplicate' });
      continue;
    }
    seenCalls.add(v.callId);
    const setupAt = new Date(v.setupAt);
    const answerAt = v.answerAt ? new Date(v.answerAt) : null;
    const endAt = v.endAt ? new Date(v.endAt) : null;
    const duration = answerAt && endAt ? Math.max(0, Math.ceil((endAt.getTime() - answerAt.getTime()) / 1000)) : 0;
    const destination = { country: v.country, network: v.network, number: v.callee };
    const channelId = v.channelId ?? 0;
    let billed = v.billedDuration;
    let price = v.price;
    let currency = v.currency ?? account.currency;
    let cost = v.cost;
    let costCurrency = v.costCurrency ?? DEFAULT_COST_CURRENCY;
    let rated = price !== undefined;
    if (price === undefined && rating && duration > 0) {
      const q = await rating.priceFor({
        accountId: account.id,
        product: 'voice',
        destination,
        at: setupAt,
        units: duration,
      });
      if (q) {
        price = q.amount;
        currency = q.currency;
        billed ??= q.billedUnits;
        rated = true;
      }
    }
    if (cost === undefined && rating && channelId && duration > 0) {
      const q = await rating.costFor({ channelId, product: 'voice', destination, at: setupAt, units: duration });
      if (q) {
        cost = q.amount;
        costCurrency = q.currency;
      }
    }
    voiceRows.push({
      line,
      row: {
        setupAt,
        callId: v.callId,
        accountId: account.id,
        customerId: account.customerId,
        ownerId: account.ownerId ?? 0,
        caller: v.caller,
        callee: v.callee,
        country: v.country ?? '',
        network: v.network ?? '',
        ingressGateway: v.ingressGateway ?? null,
        egressGateway: v.egressGateway ?? null,
        channelId,
        answerAt,
        endAt,
        duration,
        billedDuration: billed ?? duration,
        sipCode: v.sipCode,
        pddMs: v.pddMs ?? null,
        price: price ?? '0',
        cost: cost ?? '0',
        currency,
        costCurrency,
        rated: rated || (duration === 0 && price === undefined && !answerAt),
        receivedAt: now,
      },
    });
  }

  const goodDlrs = dlrs.filter(({ line, v }) => {
    const t = Date.parse(v.dlrAt);
    if (t <= now.getTime() + AHEAD_MS) return true;
    lines.push(errorLine(line, 'TRF_TIME_OUT_OF_WINDOW', { value: v.dlrAt }));
    return false;
  });

  await ensurePartitions(
    db,
    new Set([...smsRows.map((r) => dayOf(r.row.submitAt)), ...voiceRows.map((r) => dayOf(r.row.setupAt))]),
  );

  await db.transaction(async (tx) => {
    const book = new DeltaBook();

    // 1. SMS submits: the key table decides what is new (idempotent across partitions and processes)
    const fresh = await claimKeys(
      tx,
      'sms',
      smsRows.map((r) => ({ id: r.row.messageId, part: r.row.part, at: r.row.submitAt })),
    );
    const newSms = smsRows.filter((r) => fresh.has(`${r.row.messageId}\u0000${r.row.part}`));
    for (const r of smsRows)
      lines.push({ line: r.line, result: fresh.has(`${r.row.messageId}\u0000${r.row.part}`) ? 'stored' : 'duplicate' });
    for (let i = 0; i < newSms.length; i += 500)
      await tx.insert(trafficSms).values(newSms.slice(i, i + 500).map((r) => r.row));
    for (const r of newSms) book.sms(r.row, 1);

    // 2. DLRs: every report is kept once (a repeat is a duplicate); matched ones move their record
    const dlrLines = new Map<string, number[]>();
    const dlrValues = goodDlrs.map(({ line, v }) => {
      const k = `${v.messageId}\u0000${v.part}\u0000${v.state}\u0000${new Date(v.dlrAt).toISOString()}`;
      dlrLines.set(k, [...(dlrLines.get(k) ?? []), line]);
      return {
        messageId: v.messageId,
        part: v.part,
        state: v.state,
        error: v.error ?? null,
        dlrAt: new Date(v.dlrAt),
        supplierMessageId: v.supplierMessageId ?? null,
        receivedAt: now,
      };
    });
    const stored: (typeof trafficDlrs.$inferSelect)[] = [];
    for (let i = 0; i < dlrValues.length; i += 1000)
      stored.push(
        ...(await tx
          .insert(trafficDlrs)
          .values(dlrValues.slice(i, i + 1000))
          .onConflictDoNothing()
          .returning()),
      );
    const storedKeys = new Set(
      stored.map((d) => `${d.messageId}\u0000${d.part}\u0000${d.state}\u0000${d.dlrAt.toISOString()}`),
    );
    const matchedParts = await applyDlrs(
      tx,
      book,
      stored.map((d) => ({ messageId: d.messageId, part: d.part })),
    );
    // the new messages of this batch take up the reports that came before them
    await applyDlrs(
      tx,
      book,
      newSms.map((r) => ({ messageId: r.row.messageId, part: r.row.part })),
    );
    for (const [k, ls] of dlrLines) {
      const [mid, part] = k.split('\u0000');
      ls.forEach((line, i) => {
        const isNew = storedKeys.has(k) && i === 0;
        lines.push({
          line,
          result: !isNew ? 'duplicate' : matchedParts.has(`${mid}\u0000${part}`) ? 'stored' : 'unmatched',
        });
      });
    }

    // 3. call records
    const freshCalls = await claimKeys(
      tx,
      'voice',
      voiceRows.map((r) => ({ id: r.row.callId, part: 0, at: r.row.setupAt })),
    );
    const newCalls = voiceRows.filter((r) => freshCalls.has(`${r.row.callId}\u00000`));
    for (const r of voiceRows)
      lines.push({ line: r.line, result: freshCalls.has(`${r.row.callId}\u00000`) ? 'stored' : 'duplicate' });
    for (let i = 0; i < newCalls.length; i += 500)
      await tx.insert(trafficVoice).values(newCalls.slice(i, i + 500).map((r) => r.row));
    for (const r of newCalls)
      book.voice({
        ...r.row,
        ownerId: r.row.ownerId ?? 0,
        channelId: r.row.channelId ?? 0,
        country: r.row.country ?? '',
        network: r.row.network ?? '',
        answerAt: r.row.answerAt ?? null,
        billedDuration: r.row.billedDuration ?? 0,
        pddMs: r.row.pddMs ?? null,
        price: r.row.price ?? '0',
        cost: r.row.cost ?? '0',
      });

    await book.write(tx);
  });

  lines.sort((a, b) => a.line - b.line);
  const count = (r: Line['result']) => lines.filter((l) => l.result === r).length;
  return {
    stored: count('stored'),
    duplicate: count('duplicate'),
    unmatched: count('unmatched'),
    errors: count('error'),
    lines,
  };
}

/** Insert the keys; answers the ones that were new (`id \0 part`). */
async function claimKeys(
  tx: DbOrTx,
  kind: 'sms' | 'voice',
  keys: { id: string; part: number; at: Date }[],
): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await tx
      .insert(trafficKeys)
      .values(keys.slice(i, i + 1000).map((k) => ({ kind, recordId: k.id, part: k.part, at: k.at })))
      .onConflictDoNothing()
      .returning({ id: trafficKeys.recordId, part: trafficKeys.part });
    for (const r of rows) out.add(`${r.id}\u0000${r.part}`);
  }
  return out;
}

/**
 * Bring these message parts up to their latest DLR (by DLR time, not arrival): for each part with
 * a record, the newest report is applied when it is not older than the record's, the record's
 * status moves in the rollups (-1 old, +1 new), and its reports are marked matched.
 * Answers the parts that have a record.
 */
export async function applyDlrs(
  tx: DbOrTx,
  book: DeltaBook,
  parts: { messageId: string; part: number }[],
): Promise<Set<string>> {
  const matched = new Set<string>();
  if (parts.length === 0) return matched;
  const uniq = [...new Map(parts.map((p) => [`${p.messageId}\u0000${p.part}`, p])).values()];
  for (let i = 0; i < uniq.length; i += DLR_CHUNK) {
    const chunk = uniq.slice(i, i + DLR_CHUNK);
    const wanted = sql.join(
      chunk.map((c) => sql`(${c.messageId}::text, ${c.part}::smallint)`),
      sql`, `,
    );
    // the parts that have a record (their key), and the newest report of each
    const keys = rowsOf<{ message_id: string; part: number }>(
      await tx.execute(sql`select k.record_id as message_id, k.part from (values ${wanted}) as w(message_id, part)
        join traffic_keys k on k.kind = 'sms' and k.record_id = w.message_id and k.part = w.part`),
    );
    if (keys.length === 0) continue;
    for (const k of keys) matched.add(`${k.message_id}\u0000${k.part}`);
    // one statement: lock the records a newer report moves, update them, answer their old state
    const moved = rowsOf<{
      submit_at: string | Date;
      part: number;
      account_id: number;
      customer_id: number;
      owner_id: number;
      channel_id: number;
      country: string;
      network: string;
      submit_status: string;
      dlr_state: string | null;
      price: string;
      cost: string;
      currency: string;
      cost_currency: string;
      new_state: string;
    }>(
      await tx.execute(sql`with latest as (
          select distinct on (d.message_id, d.part) d.message_id, d.part, d.state, d.error, d.dlr_at,
            d.supplier_message_id, k.at
          from (values ${wanted}) as w(message_id, part)
          join traffic_keys k on k.kind = 'sms' and k.record_id = w.message_id and k.part = w.part
          join traffic_dlrs d on d.message_id = w.message_id and d.part = w.part
          order by d.message_id, d.part, d.dlr_at desc, d.id desc
        ), old as (
          select s.submit_at, s.message_id, s.part, s.account_id, s.customer_id, s.owner_id, s.channel_id, s.country,
            s.network, s.submit_status, s.dlr_state, s.price, s.cost, s.currency, s.cost_currency
          from traffic_sms s join latest l on s.submit_at = l.at and s.message_id = l.message_id and s.part = l.part
          where s.dlr_at is null or s.dlr_at < l.dlr_at or (s.dlr_at = l.dlr_at and s.dlr_state is distinct from l.state)
          for update of s
        )
        update traffic_sms s set dlr_state = l.state, dlr_error = l.error, dlr_at = l.dlr_at,
          supplier_message_id = coalesce(s.supplier_message_id, l.supplier_message_id)
        from old o join latest l on l.message_id = o.message_id and l.part = o.part
        where s.submit_at = o.submit_at and s.message_id = o.message_id and s.part = o.part
        returning o.submit_at, o.part, o.account_id, o.customer_id, o.owner_id, o.channel_id, o.country, o.network,
          o.submit_status, o.dlr_state, o.price::text as price, o.cost::text as cost, o.currency, o.cost_currency,
          l.state as new_state`),
    );
    for (const m of moved) {
      const rec = {
        submitAt: new Date(m.submit_at),
        part: Number(m.part),
        accountId: Number(m.account_id),
        customerId: Number(m.customer_id),
        ownerId: Number(m.owner_id),
        channelId: Number(m.channel_id),
        country: m.country,
        network: m.network,
        submitStatus: m.submit_status,
        dlrState: m.dlr_state,
        price: m.price,
        cost: m.cost,
        currency: m.currency,
        costCurrency: m.cost_currency,
      };
      book.sms(rec, -1);
      book.sms({ ...rec, dlrState: m.new_state }, 1);
    }
    const found = sql.join(
      keys.map((k) => sql`(${k.message_id}::text, ${Number(k.part)}::smallint)`),
      sql`, `,
    );
    await tx.execute(
      sql`update traffic_dlrs d set matched = true from (values ${found}) as w(message_id, part)
        where not d.matched and d.message_id = w.message_id and d.part = w.part`,
    );
  }
  return matched;
}

/**
 * Reports kept unmatched whose message has come since (a DLR and its submit in two batches
 * committed side by side never see each other): match them now. Run by the rollup job.
 */
export async function rematchDlrs(db: Db, limit = 5000): Promise<number> {
  const pending = rowsOf<{ message_id: string; part: number }>(
    await db.execute(sql`select distinct d.message_id, d.part from traffic_dlrs d
      join traffic_keys k on k.kind = 'sms' and k.record_id = d.message_id and k.part = d.part
      where not d.matched limit ${limit}`),
  );
  if (pending.length === 0) return 0;
  await db.transaction(async (tx) => {
    const book = new DeltaBook();
    await applyDlrs(
      tx,
      book,
      pending.map((p) => ({ messageId: p.message_id, part: Number(p.part) })),
    );
    await book.write(tx);
  });
  return pending.length;
}
