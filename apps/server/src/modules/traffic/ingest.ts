import { type ErrorName, Errors, errorMessage, smsSegments } from '@portal/contracts';
import {
  type IngestCc,
  type IngestCdr,
  type IngestDlr,
  type IngestMessage,
  type IngestResult,
  type IngestSchedule,
  type IngestState,
  type IngestSubmit,
  type IngestTask,
  type IngestVoiceTask,
  ingestLine,
  isOtpText,
  MAX_BATCH_LINES,
  UPDATE_STATES,
} from '@portal/contracts/traffic';
import { sql } from 'drizzle-orm';
import { sha256 } from '../../platform/auth/crypto.js';
import { insertBulk } from '../../platform/db/bulk.js';
import { type Db, type DbOrTx, rowsOf } from '../../platform/db/index.js';
import { fail } from '../../platform/http/errors.js';
import { type ConsumerAccountRef, portOf } from '../../platform/ports.js';
import { DeltaBook, type SmsFacts } from './deltas.js';
import { ingestPlans } from './ingest-plans.js';
import { ingestStates } from './message-states.js';
import { countryOf } from './numbering.js';
import { bookOpeners } from './openers.js';
import { DAY_MS, daysOf, ensurePartitions } from './partitions.js';
import { trafficDlrs, trafficKeys, trafficMessages, trafficSms, trafficVoice } from './schema.js';
import { readSettings } from './settings.js';
import { applyTwoWayRules } from './twoway-apply.js';
import { ingestVoiceLines } from './voice-lines.js';

type Line = IngestResult['lines'][number];
/** a phone number is kept as E.164 digits without "+" (addresses and sender ids as given) */
export const bareNumber = (v: string) => (/^\+?\d{3,15}$/.test(v.trim()) ? v.trim().replace(/^\+/, '') : v.trim());
const DEFAULT_COST_CURRENCY = 'USD';
/** a record may be stamped at most this far after the server's time (clock skew) */
const AHEAD_MS = DAY_MS;

export const errorLine = (line: number, name: ErrorName, vars: Record<string, string | number>): Line => ({
  line,
  result: 'error',
  code: Errors[name].code,
  msg: errorMessage(Errors[name], 'en', vars),
});

type SmsRow = typeof trafficSms.$inferInsert & SmsFacts;
type VoiceRow = typeof trafficVoice.$inferInsert;
type MessageRow = typeof trafficMessages.$inferInsert & { at: Date; replyTo: string | null; replyToAt: Date | null };

/**
 * One NDJSON batch from the messaging platform (or the simulator, which uses this same path).
 * Each line is answered: `stored`, `duplicate` (same message id + part, same call id, same DLR
 * again: nothing changes), `unmatched` (a DLR whose message is not here yet: kept, matched when
 * the message comes) or `error` with its TRF_ code; the good lines of a batch are kept in one
 * transaction. DLRs are matched by OUR message id + part, never the supplier's id; of several
 * reports for one part the latest by DLR time wins, whatever order they arrive in.
 */
/**
 * Rows per statement: records, reports and keys go in as one JSON parameter (`insertBulk`), and the
 * parts whose reports are matched as one JSON list joined to the keys and reports by their indexes
 * (a row-IN list was planned as a filter over every key, so each statement read the whole key
 * table; PGlite's WebAssembly stack aborted on a 1,000-pair row-IN list, which one parameter avoids).
 */
const BULK_ROWS = 5000;

export async function ingestBatch(db: Db, now: Date, input: (string | object)[]): Promise<IngestResult> {
  if (input.length > MAX_BATCH_LINES) return fail('TRF_BATCH_TOO_LARGE', { vars: { value: MAX_BATCH_LINES } });
  const lines: Line[] = [];
  const submits: { line: number; v: IngestSubmit }[] = [];
  const dlrs: { line: number; v: IngestDlr }[] = [];
  const cdrs: { line: number; v: IngestCdr }[] = [];
  const messages: { line: number; v: IngestMessage }[] = [];
  const states: { line: number; v: IngestState }[] = [];
  const schedules: { line: number; v: IngestSchedule }[] = [];
  const tasks: { line: number; v: IngestTask }[] = [];
  let ccs: { line: number; v: IngestCc }[] = [];
  const voiceTasks: { line: number; v: IngestVoiceTask }[] = [];
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
    else if (v.type === 'cdr') cdrs.push({ line, v });
    else if (v.type === 'message') messages.push({ line, v });
    else if (v.type === 'schedule') schedules.push({ line, v });
    else if (v.type === 'task') tasks.push({ line, v });
    else if (v.type === 'cc') ccs.push({ line, v });
    else if (v.type === 'voicetask') voiceTasks.push({ line, v });
    else if ((UPDATE_STATES[v.kind] as readonly string[]).includes(v.state)) states.push({ line, v });
    else lines.push(errorLine(line, 'TRF_LINE_INVALID', { value: line, detail: `state: not one of a ${v.kind}` }));
  });
  const planned = schedules.length + tasks.length + ccs.length + voiceTasks.length;
  if (
    submits.length + dlrs.length + cdrs.length + messages.length + states.length + planned === 0 &&
    lines.length === 0
  )
    return fail('TRF_BATCH_EMPTY');

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
  if (submits.length + cdrs.length + messages.length + planned > 0) {
    const port = portOf(db, 'accounts');
    if (!port) return fail('TRF_ACCOUNTS_UNAVAILABLE');
    accounts = await port.byCodes([
      ...new Set(
        [...submits, ...cdrs, ...messages, ...schedules, ...tasks, ...ccs, ...voiceTasks].map((s) => s.v.account),
      ),
    ]);
  }
  const accountOf = (line: number, code: string) => {
    const a = accounts.get(code);
    if (!a) lines.push(errorLine(line, 'TRF_ACCOUNT_UNKNOWN', { value: code }));
    return a;
  };
  const rating = portOf(db, 'rating');

  // SMS parts: first of a message id + part in the batch wins; later copies are duplicates
  /** `key`: the part's message id and part, as the key table answers it and the batch's maps hold it */
  const smsRows: { line: number; key: string; row: SmsRow }[] = [];
  const seen = new Set<string>();
  for (const { line, v } of submits) {
    if (v.part > v.parts) {
      lines.push(errorLine(line, 'TRF_LINE_INVALID', { value: line, detail: 'part: greater than parts' }));
      continue;
    }
    if (!inWindow(line, v.submitAt)) continue;
    const account = accountOf(line, v.account);
    if (!account) continue;
    const key = partKey(v);
    if (seen.has(key)) {
      lines.push({ line, result: 'duplicate' });
      continue;
    }
    seen.add(key);
    const at = new Date(v.submitAt);
    const seg = v.content ? smsSegments(v.content) : { encoding: 'GSM-7' as const, length: 0, segments: v.parts };
    const country = v.country ?? countryOf(v.number);
    const destination = { country, network: v.network, number: v.number };
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
      key,
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
        country: country ?? '',
        network: v.network ?? '',
        contentHash: v.contentHash ?? (v.content ? sha256(v.content) : null),
        encoding: seg.encoding,
        length: seg.length,
        segments: seg.segments,
        channelId,
        supplierMessageId: v.supplierMessageId ?? null,
        batchId: v.batchId ?? null,
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
        otp: v.otp ?? isOtpText(v.content),
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
    const country = v.country ?? countryOf(v.callee);
    const destination = { country, network: v.network, number: v.callee };
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
        country: country ?? '',
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

  // WhatsApp messages, mail sends, MO messages: first of a kind + id in the batch wins
  const messageRows: { line: number; row: MessageRow }[] = [];
  const seenMessages = new Set<string>();
  /** an MO's text by its line: the record keeps a hash, the two-way rules read the text */
  const moText = new Map<number, string | undefined>();
  for (const { line, v } of messages) {
    if (!inWindow(line, v.at)) continue;
    const account = accountOf(line, v.account);
    if (!account) continue;
    const key = `${v.kind}\u0000${v.id}`;
    if (seenMessages.has(key)) {
      lines.push({ line, result: 'duplicate' });
      continue;
    }
    seenMessages.add(key);
    if (v.kind === 'mo') moText.set(line, v.content);
    messageRows.push({
      line,
      row: {
        at: new Date(v.at),
        kind: v.kind,
        recordId: v.id,
        accountId: account.id,
        customerId: account.customerId,
        ownerId: account.ownerId ?? 0,
        sender: bareNumber(v.from),
        recipient: bareNumber(v.to),
        country: v.country ?? '',
        channelId: v.channelId ?? 0,
        state: v.state ?? (v.kind === 'mo' ? 'received' : 'sent'),
        stateAt: v.stateAt ? new Date(v.stateAt) : null,
        error: v.error ?? null,
        conversationId: v.conversationId ?? null,
        category: v.category ?? null,
        subject: v.subject ?? null,
        contentHash: v.content ? sha256(v.content) : null,
        length: v.content ? [...v.content].length : 0,
        replyTo: v.replyTo ?? null,
        replyToAt: null,
        price: v.price ?? '0',
        cost: v.cost ?? '0',
        currency: v.currency ?? account.currency,
        costCurrency: v.costCurrency ?? DEFAULT_COST_CURRENCY,
        receivedAt: now,
      },
    });
  }

  const notAhead = (line: number, at: string): boolean => {
    if (Date.parse(at) <= now.getTime() + AHEAD_MS) return true;
    lines.push(errorLine(line, 'TRF_TIME_OUT_OF_WINDOW', { value: at }));
    return false;
  };
  const goodDlrs = dlrs.filter(({ line, v }) => notAhead(line, v.dlrAt));
  const goodStates = states.filter(({ line, v }) => notAhead(line, v.stateAt));

  ccs = ccs.filter(({ line, v }) => inWindow(line, v.startAt));
  await ensurePartitions(
    db,
    daysOf([
      ...ccs.map((c) => new Date(c.v.startAt)),
      ...smsRows.map((r) => r.row.submitAt),
      ...voiceRows.map((r) => r.row.setupAt),
      ...messageRows.map((r) => r.row.at),
    ]),
  );

  await db.transaction(async (tx) => {
    const book = new DeltaBook();

    // 1. SMS submits: the key table decides what is new (idempotent across partitions and processes)
    const fresh = await claimKeys(
      tx,
      'sms',
      smsRows.map((r) => ({ id: r.row.messageId, part: r.row.part, at: r.row.submitAt })),
    );
    const newSms = smsRows.filter((r) => fresh.has(r.key));
    for (const r of smsRows) lines.push({ line: r.line, result: fresh.has(r.key) ? 'stored' : 'duplicate' });
    // reports stored before this batch for its new parts (they came before their message): those
    // parts are matched in the database below, with every report they have
    const earlier = await partsWithReports(
      tx,
      newSms.map((r) => ({ messageId: r.row.messageId, part: r.row.part })),
    );
    const earlierKeys = new Set(earlier.map(partKey));
    // the other new parts take the latest of this batch's own reports before they are written: no
    // update of rows just inserted, no probe (decision 0097; the same state as the match below gives)
    const inBatch = latestReports(
      goodDlrs.map((d) => d.v),
      new Set(newSms.map((r) => r.key).filter((k) => !earlierKeys.has(k))),
    );
    for (const r of newSms) {
      const d = inBatch.get(r.key);
      if (!d) continue;
      r.row.dlrState = d.state;
      r.row.dlrError = d.error ?? null;
      r.row.dlrAt = new Date(d.dlrAt);
      r.row.supplierMessageId ??= d.supplierMessageId ?? null;
    }
    for (let i = 0; i < newSms.length; i += BULK_ROWS)
      await insertBulk(
        tx,
        trafficSms,
        newSms.slice(i, i + BULK_ROWS).map((r) => r.row),
      );
    for (const r of newSms) book.sms(r.row, 1);

    // 2. DLRs: every report is kept once (a repeat is a duplicate); matched ones move their record.
    // The parts that have a record are looked up first, so their reports are stored matched (no
    // second row version of each; decision 0156)
    const keyed = await keyedParts(
      tx,
      goodDlrs.map(({ v }) => ({ messageId: v.messageId, part: v.part })).filter((p) => !inBatch.has(partKey(p))),
    );
    const keyedKeys = new Set(keyed.map(partKey));
    const dlrLines = new Map<string, { part: string; lines: number[] }>();
    const dlrValues = goodDlrs.map(({ line, v }) => {
      const part = partKey(v);
      const dlrAt = new Date(v.dlrAt);
      const k = eventKey(part, v.state, dlrAt.getTime());
      const same = dlrLines.get(k);
      if (same) same.lines.push(line);
      else dlrLines.set(k, { part, lines: [line] });
      return {
        messageId: v.messageId,
        part: v.part,
        state: v.state,
        error: v.error ?? null,
        dlrAt,
        supplierMessageId: v.supplierMessageId ?? null,
        receivedAt: now,
        matched: inBatch.has(part) || keyedKeys.has(part),
      };
    });
    const stored: { message_id: string; part: number; state: string; dlr_at: string | Date }[] = [];
    for (let i = 0; i < dlrValues.length; i += BULK_ROWS)
      stored.push(
        ...(await insertBulk<typeof trafficDlrs, (typeof stored)[number]>(
          tx,
          trafficDlrs,
          dlrValues.slice(i, i + BULK_ROWS),
          sql`on conflict do nothing returning message_id, part, state, dlr_at`,
        )),
      );
    const storedKeys = new Set(
      stored.map((d) =>
        eventKey(partKey({ messageId: d.message_id, part: d.part }), d.state, new Date(d.dlr_at).getTime()),
      ),
    );
    // the records of earlier batches' parts this batch reports on, and the new parts whose reports came
    // before them, move to their latest report; those earlier reports are marked matched now (a report
    // left unmatched by a concurrent batch is the rollup job's `rematchDlrs`)
    const storedParts = new Set(stored.map((d) => partKey({ messageId: d.message_id, part: Number(d.part) })));
    const submitted =
      earlier.length === 0 ? new Map<string, Date>() : new Map(newSms.map((r) => [r.key, r.row.submitAt]));
    const earlierKeyed = earlier.map((p) => ({ ...p, at: submitted.get(partKey(p))!.toISOString() }));
    await moveToLatest(tx, book, [...keyed.filter((k) => storedParts.has(partKey(k))), ...earlierKeyed]);
    await markMatched(tx, earlier);
    const matchedParts = new Set([...keyedKeys, ...earlierKeys]);
    for (const k of inBatch.keys()) matchedParts.add(k);
    for (const [k, { part, lines: same }] of dlrLines) {
      const isNew = storedKeys.has(k);
      same.forEach((line, i) => {
        lines.push({
          line,
          result: !isNew || i > 0 ? 'duplicate' : matchedParts.has(part) ? 'stored' : 'unmatched',
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
    for (let i = 0; i < newCalls.length; i += BULK_ROWS)
      await insertBulk(
        tx,
        trafficVoice,
        newCalls.slice(i, i + BULK_ROWS).map((r) => r.row),
      );
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

    // 4. WhatsApp, mail and MO messages, rolled up as products whatsapp / email / mo (decision 0071)
    const freshUpdatable: { kind: 'whatsapp' | 'mail'; id: string }[] = [];
    for (const kind of ['whatsapp', 'mail', 'mo'] as const) {
      const rows = messageRows.filter((r) => r.row.kind === kind);
      if (rows.length === 0) continue;
      const freshMessages = await claimKeys(
        tx,
        kind,
        rows.map((r) => ({ id: r.row.recordId, part: 0, at: r.row.at })),
      );
      const newRows = rows.filter((r) => freshMessages.has(`${r.row.recordId}\u00000`));
      if (kind !== 'mo') freshUpdatable.push(...newRows.map((r) => ({ kind, id: r.row.recordId })));
      for (const r of rows)
        lines.push({ line: r.line, result: freshMessages.has(`${r.row.recordId}\u00000`) ? 'stored' : 'duplicate' });
      if (kind === 'mo') {
        await linkReplies(
          tx,
          newRows.map((r) => r.row),
        );
        // the account's two-way rules act on the new MOs only (decision 0115)
        await applyTwoWayRules(
          tx,
          newRows.map(({ line, row }) => ({
            recordId: row.recordId,
            at: row.at,
            accountId: row.accountId,
            customerId: row.customerId,
            ownerId: row.ownerId ?? 0,
            sender: row.sender,
            recipient: row.recipient,
            channelId: row.channelId ?? 0,
            country: row.country ?? '',
            content: moText.get(line),
          })),
          now,
        );
      }
      const facts = newRows.map((r) => ({
        ...r.row,
        ownerId: r.row.ownerId ?? 0,
        channelId: r.row.channelId ?? 0,
        country: r.row.country ?? '',
        price: r.row.price ?? '0',
        cost: r.row.cost ?? '0',
        conversationId: r.row.conversationId ?? null,
        category: r.row.category ?? null,
      }));
      // before the insert: a conversation's first message is decided against the ones already stored
      const opens = kind === 'whatsapp' ? await bookOpeners(tx, book, facts) : new Set<string>();
      for (const f of facts) book.message(f, 1, opens.has(f.recordId) ? 1 : 0);
      for (let i = 0; i < newRows.length; i += BULK_ROWS)
        await insertBulk(
          tx,
          trafficMessages,
          newRows.slice(i, i + BULK_ROWS).map((r) => r.row),
        );
    }

    // 5. state updates of WhatsApp messages and mails (the new messages take up earlier updates)
    lines.push(...(await ingestStates(tx, book, now, goodStates, freshUpdatable)));

    // 6. scheduled sends and two-way tasks (decision 0124)
    lines.push(
      ...(await ingestPlans(tx, now, schedules, tasks, accountOf, (line, detail) =>
        errorLine(line, 'TRF_LINE_INVALID', { value: line, detail }),
      )),
    );

    // 7. call-centre records and voice campaigns (decision 0130)
    lines.push(
      ...(await ingestVoiceLines(
        tx,
        now,
        ccs,
        voiceTasks,
        accountOf,
        (line, detail) => errorLine(line, 'TRF_LINE_INVALID', { value: line, detail }),
        (t, keys) => claimKeys(t, 'cc', keys),
      )),
    );

    await book.write(tx);
  });

  lines.sort((a, b) => a.line - b.line);
  const tally: Record<Line['result'], number> = { stored: 0, duplicate: 0, unmatched: 0, error: 0 };
  for (const l of lines) tally[l.result]++;
  return { stored: tally.stored, duplicate: tally.duplicate, unmatched: tally.unmatched, errors: tally.error, lines };
}

/** a message part as the batch's maps and sets hold it */
const partKey = (p: { messageId: string; part: number }) => `${p.messageId}\u0000${p.part}`;
/** a report's event: its part, state and time (to the millisecond, as the column gives it back) */
const eventKey = (part: string, state: string, ms: number) => `${part}\u0000${state}\u0000${ms}`;

/** how far back an MO without `replyTo` looks for the message it answers */
export const REPLY_WINDOW_MS = 3 * DAY_MS;

/**
 * The message each MO answers: the one named (`replyTo`, its submit time looked up by our id), else
 * the latest message part 1 the same account sent to that handset in the 3 days before the MO.
 * One indexed look-up per MO (number + time; message id): MOs are a small share of the traffic.
 */
async function linkReplies(tx: DbOrTx, rows: MessageRow[]): Promise<void> {
  for (const r of rows) {
    const found = rowsOf<{ message_id: string; submit_at: Date | string }>(
      r.replyTo
        ? await tx.execute(sql`select k.record_id as message_id, k.at as submit_at from traffic_keys k
            where k.kind = 'sms' and k.record_id = ${r.replyTo} and k.part = 1 limit 1`)
        : await tx.execute(sql`select message_id, submit_at from ${trafficSms}
            where number = ${r.sender} and account_id = ${r.accountId} and part = 1
              and submit_at >= ${new Date(r.at.getTime() - REPLY_WINDOW_MS)} and submit_at <= ${r.at}
            order by submit_at desc limit 1`),
    );
    const hit = found[0];
    if (hit) {
      r.replyTo = hit.message_id;
      r.replyToAt = new Date(hit.submit_at);
    }
  }
}

/** Insert the keys; answers the ones that were new (`id \0 part`). */
async function claimKeys(
  tx: DbOrTx,
  kind: 'sms' | 'voice' | 'whatsapp' | 'mail' | 'mo' | 'cc',
  keys: { id: string; part: number; at: Date }[],
): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < keys.length; i += BULK_ROWS) {
    const rows = await insertBulk<typeof trafficKeys, { id: string; part: number }>(
      tx,
      trafficKeys,
      keys.slice(i, i + BULK_ROWS).map((k) => ({ kind, recordId: k.id, part: k.part, at: k.at })),
      sql`on conflict do nothing returning record_id as id, part`,
    );
    for (const r of rows) out.add(`${r.id}\u0000${r.part}`);
  }
  return out;
}

/** a message part that has a record, and the record's submit time (its partition) as PostgreSQL's text (exact to the µs) */
type Keyed = { messageId: string; part: number; at: string };

/** The parts of these that have a record, with its submit time (the key table: one probe each). */
async function keyedParts(tx: DbOrTx, parts: { messageId: string; part: number }[]): Promise<Keyed[]> {
  const out: Keyed[] = [];
  const uniq = [...new Map(parts.map((p) => [partKey(p), p])).values()];
  for (let i = 0; i < uniq.length; i += BULK_ROWS) {
    // each part probes the index (a lateral subquery with a limit is never flattened into a join
    // the planner may hash: with the fresh tables' statistics it read every key per statement)
    const rows = rowsOf<{ message_id: string; part: number; at: string }>(
      await tx.execute(sql`select w.message_id, w.part, k.at::text as at from ${partsJson(uniq.slice(i, i + BULK_ROWS))}
        cross join lateral (select k.at from traffic_keys k
          where k.kind = 'sms' and k.record_id = w.message_id and k.part = w.part limit 1) k`),
    );
    for (const r of rows) out.push({ messageId: r.message_id, part: Number(r.part), at: r.at });
  }
  return out;
}

/**
 * Bring these parts' records up to their latest DLR (by DLR time, not arrival): the newest report is
 * applied when it is not older than the record's, and the record's status moves in the rollups
 * (-1 old, +1 new).
 */
async function moveToLatest(tx: DbOrTx, book: DeltaBook, parts: Keyed[]) {
  const uniq = [...new Map(parts.map((p) => [partKey(p), p])).values()];
  for (let i = 0; i < uniq.length; i += BULK_ROWS) {
    const wanted = sql`json_to_recordset(${JSON.stringify(
      uniq.slice(i, i + BULK_ROWS).map((p) => ({ message_id: p.messageId, part: p.part, at: p.at })),
    )}::json) as w(message_id text, part smallint, at timestamptz)`;
    // one statement: lock the records a newer report moves, update them, answer their old state.
    // The update joins `old` only (it carries the new state): joining both CTEs was planned as a
    // nested loop rescanning one of them per row, n² at 5,000 parts (1.4 s a statement).
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
      dlr_at: string | Date | null;
      price: string;
      cost: string;
      currency: string;
      cost_currency: string;
      otp: boolean | string;
      sender_id: string | null;
      new_state: string;
      new_dlr_at: string | Date;
    }>(
      await tx.execute(sql`with latest as (
          select w.message_id, w.part, d.state, d.error, d.dlr_at, d.supplier_message_id, w.at
          from ${wanted}
          cross join lateral (select d.state, d.error, d.dlr_at, d.supplier_message_id from traffic_dlrs d
            where d.message_id = w.message_id and d.part = w.part order by d.dlr_at desc, d.id desc limit 1) d
        ), old as (
          select s.submit_at, s.message_id, s.part, s.account_id, s.customer_id, s.owner_id, s.channel_id, s.country,
            s.network, s.submit_status, s.dlr_state, s.dlr_at, s.price, s.cost, s.currency, s.cost_currency, s.otp,
            s.sender_id, l.state as new_state, l.error as new_error, l.dlr_at as new_dlr_at, l.supplier_message_id as new_supplier_id
          from traffic_sms s join latest l on s.submit_at = l.at and s.message_id = l.message_id and s.part = l.part
          where s.dlr_at is null or s.dlr_at < l.dlr_at or (s.dlr_at = l.dlr_at and s.dlr_state is distinct from l.state)
          for update of s
        )
        update traffic_sms s set dlr_state = o.new_state, dlr_error = o.new_error, dlr_at = o.new_dlr_at,
          supplier_message_id = coalesce(s.supplier_message_id, o.new_supplier_id)
        from old o
        where s.submit_at = o.submit_at and s.message_id = o.message_id and s.part = o.part
        returning o.submit_at, o.part, o.account_id, o.customer_id, o.owner_id, o.channel_id, o.country, o.network,
          o.submit_status, o.dlr_state, o.dlr_at, o.price::text as price, o.cost::text as cost, o.currency, o.cost_currency,
          o.otp, o.sender_id, o.new_state, o.new_dlr_at`),
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
        dlrAt: m.dlr_at ? new Date(m.dlr_at) : null,
        price: m.price,
        cost: m.cost,
        currency: m.currency,
        costCurrency: m.cost_currency,
        otp: m.otp === true || m.otp === 't',
        senderId: m.sender_id,
      };
      book.sms(rec, -1);
      book.sms({ ...rec, dlrState: m.new_state, dlrAt: new Date(m.new_dlr_at) }, 1);
    }
  }
}

/** Mark every report of these parts matched. */
async function markMatched(tx: DbOrTx, parts: { messageId: string; part: number }[]) {
  for (let i = 0; i < parts.length; i += BULK_ROWS)
    await tx.execute(
      sql`update traffic_dlrs d set matched = true where d.id in (select r.id from ${partsJson(parts.slice(i, i + BULK_ROWS))}
        cross join lateral (select r.id from traffic_dlrs r
          where r.message_id = w.message_id and r.part = w.part and not r.matched offset 0) r)`,
    );
}

/**
 * Bring these message parts up to their latest DLR (`moveToLatest`) and mark their reports matched.
 * Answers the parts that have a record.
 */
export async function applyDlrs(
  tx: DbOrTx,
  book: DeltaBook,
  parts: { messageId: string; part: number }[],
): Promise<Set<string>> {
  const keyed = await keyedParts(tx, parts);
  await moveToLatest(tx, book, keyed);
  await markMatched(tx, keyed);
  return new Set(keyed.map(partKey));
}

/**
 * The report each of these parts takes from one batch: the latest by DLR time, of equal times the
 * one later in the batch (the database's order: DLR time, then id), a repeat of a report counting
 * as its first copy (the one stored).
 */
function latestReports(dlrs: IngestDlr[], parts: Set<string>): Map<string, IngestDlr> {
  const out = new Map<string, IngestDlr>();
  const seen = new Set<string>();
  for (const d of dlrs) {
    const part = partKey(d);
    if (!parts.has(part)) continue;
    const at = Date.parse(d.dlrAt);
    const event = eventKey(part, d.state, at);
    if (seen.has(event)) continue;
    seen.add(event);
    const best = out.get(part);
    if (!best || at >= Date.parse(best.dlrAt)) out.set(part, d);
  }
  return out;
}

/**
 * The parts of these that have a report stored (one index probe each, one statement): the new
 * submits of a batch whose reports came first. Most have none, so the match (three statements and
 * four probes a part) runs for few.
 */
async function partsWithReports(tx: DbOrTx, parts: { messageId: string; part: number }[]) {
  const out: { messageId: string; part: number }[] = [];
  for (let i = 0; i < parts.length; i += BULK_ROWS) {
    const rows = rowsOf<{ message_id: string; part: number }>(
      await tx.execute(sql`select w.message_id, w.part from ${partsJson(parts.slice(i, i + BULK_ROWS))}
        where exists (select 1 from traffic_dlrs d where d.message_id = w.message_id and d.part = w.part)`),
    );
    out.push(...rows.map((r) => ({ messageId: r.message_id, part: Number(r.part) })));
  }
  return out;
}

/** Message parts as one JSON parameter, a relation `w(message_id, part)` to join. */
const partsJson = (parts: { messageId: string; part: number }[]) =>
  sql`json_to_recordset(${JSON.stringify(parts.map((p) => ({ message_id: p.messageId, part: p.part })))}::json) as w(message_id text, part smallint)`;

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
