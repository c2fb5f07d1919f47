import { type ErrorName, Errors, errorMessage, smsSegments } from '@portal/contracts';
import {
  type IngestCdr,
  type IngestDlr,
  type IngestResult,
  type IngestSubmit,
  ingestLine,
  MAX_BATCH_LINES,
} from '@portal/contracts/traffic';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
    const stored =
      goodDlrs.length === 0
        ? []
        : await tx
            .insert(trafficDlrs)
            .values(
              goodDlrs.map(({ line, v }) => {
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
              }),
            )
            .onConflictDoNothing()
            .returning();
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
  for (let i = 0; i < uniq.length; i += 500) {
    const chunk = uniq.slice(i, i + 500);
    const ids = [...new Set(chunk.map((c) => c.messageId))];
    const keys = await tx
      .select()
      .from(trafficKeys)
      .where(and(eq(trafficKeys.kind, 'sms'), inArray(trafficKeys.recordId, ids)));
    const keyOf = new Map(keys.map((k) => [`${k.recordId}\u0000${k.part}`, k.at]));
    const wanted = chunk.filter((c) => keyOf.has(`${c.messageId}\u0000${c.part}`));
    if (wanted.length === 0) continue;
    // the newest report of each wanted part
    const reports = rowsOf<{
      message_id: string;
      part: number;
      state: string;
      error: string | null;
      dlr_at: string | Date;
      supplier_message_id: string | null;
    }>(
      await tx.execute(sql`select distinct on (message_id, part) message_id, part, state, error, dlr_at, supplier_message_id
        from traffic_dlrs where message_id in (${sql.join(
          [...new Set(wanted.map((w) => w.messageId))].map((m) => sql`${m}`),
          sql`, `,
        )})
        order by message_id, part, dlr_at desc, id desc`),
    );
    for (const rep of reports) {
      const k = `${rep.message_id}\u0000${rep.part}`;
      const at = keyOf.get(k);
      if (!at || !wanted.some((w) => w.messageId === rep.message_id && w.part === rep.part)) continue;
      matched.add(k);
      const dlrAt = new Date(rep.dlr_at);
      const [rec] = await tx
        .select()
        .from(trafficSms)
        .where(
          and(eq(trafficSms.submitAt, at), eq(trafficSms.messageId, rep.message_id), eq(trafficSms.part, rep.part)),
        )
        .for('update');
      if (!rec) continue;
      if (rec.dlrAt && rec.dlrAt.getTime() > dlrAt.getTime()) continue;
      if (rec.dlrAt && rec.dlrAt.getTime() === dlrAt.getTime() && rec.dlrState === rep.state) continue;
      await tx
        .update(trafficSms)
        .set({
          dlrState: rep.state,
          dlrError: rep.error,
          dlrAt,
          supplierMessageId: rec.supplierMessageId ?? rep.supplier_message_id,
        })
        .where(
          and(eq(trafficSms.submitAt, at), eq(trafficSms.messageId, rep.message_id), eq(trafficSms.part, rep.part)),
        );
      book.sms(rec, -1);
      book.sms({ ...rec, dlrState: rep.state }, 1);
    }
    await tx.execute(
      sql`update traffic_dlrs set matched = true where not matched and (message_id, part) in (${sql.join(
        wanted.map((w) => sql`(${w.messageId}, ${w.part})`),
        sql`, `,
      )})`,
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
