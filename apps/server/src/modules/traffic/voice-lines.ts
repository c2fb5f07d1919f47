import type { IngestCc, IngestResult, IngestVoiceTask, VoiceTaskState } from '@portal/contracts/traffic';
import { VOICE_TASK_FINAL, VOICE_TASK_REQUEST_TO } from '@portal/contracts/traffic';
import { eq, inArray, sql } from 'drizzle-orm';
import { insertBulk } from '../../platform/db/bulk.js';
import type { DbOrTx } from '../../platform/db/index.js';
import type { ConsumerAccountRef } from '../../platform/ports.js';
import { trafficCc, trafficVoiceTasks as vt } from './schema.js';

type Line = IngestResult['lines'][number];
type Numbered<T> = { line: number; v: T };
type AccountOf = (line: number, code: string) => ConsumerAccountRef | undefined;
type ErrorLine = (line: number, detail: string) => Line;
type ClaimKeys = (tx: DbOrTx, keys: { id: string; part: number; at: Date }[]) => Promise<Set<string>>;

const isFinal = (s: VoiceTaskState) => (VOICE_TASK_FINAL as readonly string[]).includes(s);

/**
 * Call-centre records and voice campaigns as the platform reports them (decision 0130), in the
 * ingestion's transaction. A call is stored once by its call id (the key table, across partitions);
 * a campaign is one row by the platform's task id, moved on by each progress report.
 */
export async function ingestVoiceLines(
  tx: DbOrTx,
  now: Date,
  ccs: Numbered<IngestCc>[],
  tasks: Numbered<IngestVoiceTask>[],
  accountOf: AccountOf,
  invalid: ErrorLine,
  claimKeys: ClaimKeys,
): Promise<Line[]> {
  return [
    ...(await ingestCcs(tx, now, ccs, accountOf, claimKeys)),
    ...(await ingestTasks(tx, now, tasks, accountOf, invalid)),
  ];
}

async function ingestCcs(
  tx: DbOrTx,
  now: Date,
  input: Numbered<IngestCc>[],
  accountOf: AccountOf,
  claimKeys: ClaimKeys,
): Promise<Line[]> {
  if (input.length === 0) return [];
  const out: Line[] = [];
  const rows: { line: number; row: typeof trafficCc.$inferInsert & { callId: string; startAt: Date } }[] = [];
  const seen = new Set<string>();
  for (const { line, v } of input) {
    const account = accountOf(line, v.account);
    if (!account) continue;
    if (seen.has(v.callId)) {
      out.push({ line, result: 'duplicate' });
      continue;
    }
    seen.add(v.callId);
    rows.push({
      line,
      row: {
        startAt: new Date(v.startAt),
        callId: v.callId,
        accountId: account.id,
        customerId: account.customerId,
        ownerId: account.ownerId ?? 0,
        direction: v.direction,
        queue: v.queue,
        seat: v.seat ?? null,
        agent: v.agent ?? null,
        number: v.number,
        line: v.line ?? null,
        answerAt: v.answerAt ? new Date(v.answerAt) : null,
        endAt: new Date(v.endAt),
        waitSeconds: v.waitSeconds,
        talkSeconds: v.talkSeconds,
        result: v.result,
        recording: v.recording ?? null,
        receivedAt: now,
      },
    });
  }
  const fresh = await claimKeys(
    tx,
    rows.map((r) => ({ id: r.row.callId, part: 0, at: r.row.startAt })),
  );
  const newRows = rows.filter((r) => fresh.has(`${r.row.callId}\u00000`));
  for (const r of rows)
    out.push({ line: r.line, result: fresh.has(`${r.row.callId}\u00000`) ? 'stored' : 'duplicate' });
  if (newRows.length > 0)
    await insertBulk(
      tx,
      trafficCc,
      newRows.map((r) => r.row),
    );
  return out;
}

/**
 * A campaign report: new → stored. Known: another account's → refused; the counts never go back
 * (the larger of stored and reported is kept) and a finished or cancelled campaign stays so; a report
 * that changes nothing is a duplicate. A reported state that carries out staff's request answers it
 * (the request stays on the row, no longer pending).
 */
async function ingestTasks(
  tx: DbOrTx,
  now: Date,
  input: Numbered<IngestVoiceTask>[],
  accountOf: AccountOf,
  invalid: ErrorLine,
): Promise<Line[]> {
  if (input.length === 0) return [];
  const out: Line[] = [];
  const known = new Map(
    (
      await tx
        .select()
        .from(vt)
        .where(
          inArray(
            vt.platformId,
            input.map((g) => g.v.taskId),
          ),
        )
        .for('update')
    ).map((r) => [r.platformId, r]),
  );
  for (const { line, v } of input) {
    const account = accountOf(line, v.account);
    if (!account) continue;
    const stateAt = v.stateAt ? new Date(v.stateAt) : now;
    const def = {
      name: v.name,
      caller: v.caller,
      numbers: v.numbers,
      startAt: new Date(v.startAt),
      endAt: new Date(v.endAt),
    };
    let was = known.get(v.taskId);
    if (!was) {
      const [row] = await tx
        .insert(vt)
        .values({
          platformId: v.taskId,
          accountId: account.id,
          customerId: account.customerId,
          ownerId: account.ownerId ?? 0,
          ...def,
          attempted: v.attempted,
          answered: v.answered,
          state: v.state,
          stateAt,
          reportedAt: now,
        })
        .onConflictDoNothing({ target: vt.platformId })
        .returning();
      if (row) {
        known.set(v.taskId, row);
        out.push({ line, result: 'stored' });
        continue;
      }
      // another batch stored it just now (the insert waited for it): go on as with a known one
      [was] = await tx.select().from(vt).where(eq(vt.platformId, v.taskId)).for('update');
      if (!was) throw new Error(`traffic: voice task ${v.taskId} neither stored nor found`);
    }
    if (was.accountId !== account.id) {
      out.push(invalid(line, `account: voice task ${v.taskId} is another account's`));
      continue;
    }
    const state = isFinal(was.state) ? was.state : v.state;
    const next = {
      ...def,
      attempted: Math.max(was.attempted, v.attempted),
      answered: Math.max(was.answered, v.answered),
      state,
    };
    const same =
      next.name === was.name &&
      next.caller === was.caller &&
      next.numbers === was.numbers &&
      next.startAt.getTime() === was.startAt.getTime() &&
      next.endAt.getTime() === was.endAt.getTime() &&
      next.attempted === was.attempted &&
      next.answered === was.answered &&
      next.state === was.state;
    if (same) {
      out.push({ line, result: 'duplicate' });
      continue;
    }
    const [row] = await tx
      .update(vt)
      .set({ ...next, stateAt: state === was.state ? was.stateAt : stateAt, reportedAt: now })
      .where(sql`${vt.id} = ${was.id}`)
      .returning();
    known.set(v.taskId, row!);
    out.push({ line, result: 'stored' });
  }
  return out;
}

/** whether the platform has yet to carry out the row's last request */
export const requestPending = (r: {
  request: keyof typeof VOICE_TASK_REQUEST_TO | null;
  requestedAt: Date | null;
  state: VoiceTaskState;
  stateAt: Date;
}) =>
  r.request !== null &&
  r.requestedAt !== null &&
  !isFinal(r.state) &&
  r.state !== VOICE_TASK_REQUEST_TO[r.request] &&
  r.stateAt.getTime() <= r.requestedAt.getTime();
