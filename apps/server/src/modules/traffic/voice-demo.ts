import type { IngestLine, VoiceTaskState } from '@portal/contracts/traffic';
import { VOICE_TASK_REQUEST_TO } from '@portal/contracts/traffic';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import type { ConsumerAccountRef } from '../../platform/ports.js';
import { portOf } from '../../platform/ports.js';
import { type Rng, seededRng } from '../../platform/seed/rng.js';
import { ingestBatch } from './ingest.js';
import { DAY_MS, dayOf, dayStart } from './partitions.js';
import { trafficVoiceTasks as vt } from './schema.js';
import { shapeAt } from './simulator.js';
import { requestPending } from './voice-lines.js';

/**
 * The platform's voice side as the demo plays it (decision 0130): the call centres of a few voice
 * customers take and make calls, and voice customers run outbound campaigns that progress, finish, and
 * obey the pause / resume / cancel requests staff make. Everything goes through the ingestion path.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** call-centre customers: the first voice accounts, with their queues and seats */
const CC_ACCOUNTS = 3;
const QUEUES = ['sales', 'support', 'billing'] as const;
const AGENTS = ['Chan', 'Wong', 'Lee', 'Ng', 'Lam', 'Ho', 'Tan', 'Lim'] as const;
/** calls a minute a call centre takes at the day's peak */
const PEAK_CALLS = 1.5;

const voiceAccounts = async (db: Db): Promise<ConsumerAccountRef[]> =>
  ((await portOf(db, 'accounts')?.active()) ?? [])
    .filter((a) => a.products.includes('voice'))
    .sort((a, b) => a.id - b.id);

/** one call of a call centre starting at `at`: queue, seat, wait and talk drawn, the ending by the draw */
function ccCall(rng: Rng, a: ConsumerAccountRef, at: Date): IngestLine {
  const outbound = rng.next() < 0.25;
  const queue = rng.pick(QUEUES);
  const seatNo = rng.int(1, 8);
  const r = rng.next();
  const result = outbound
    ? r < 0.62
      ? 'answered'
      : r < 0.85
        ? 'no_answer'
        : r < 0.95
          ? 'busy'
          : 'failed'
    : r < 0.82
      ? 'answered'
      : r < 0.94
        ? 'abandoned'
        : r < 0.98
          ? 'transferred'
          : 'failed';
  const wait = outbound ? rng.int(3, 25) : result === 'abandoned' ? rng.int(20, 240) : rng.int(2, 90);
  const talked = result === 'answered' || result === 'transferred';
  const talk = talked ? rng.int(25, 600) : 0;
  const seated = talked || outbound;
  const callId = `CC${at.getTime().toString(36)}${a.id.toString(36)}${rng.int(0, 46655).toString(36)}`;
  return {
    type: 'cc',
    callId,
    account: a.code,
    direction: outbound ? 'outbound' : 'inbound',
    queue,
    ...(seated ? { seat: `${queue.slice(0, 2).toUpperCase()}-${String(seatNo).padStart(2, '0')}` } : {}),
    ...(seated ? { agent: AGENTS[(seatNo + queue.length) % AGENTS.length] } : {}),
    number: `852${rng.int(5, 9)}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`,
    line: `8523${String(1000 + a.id).slice(-4)}000`,
    startAt: at.toISOString(),
    ...(talked ? { answerAt: new Date(at.getTime() + wait * 1000).toISOString() } : {}),
    endAt: new Date(at.getTime() + (wait + talk) * 1000).toISOString(),
    waitSeconds: wait,
    talkSeconds: talk,
    result,
    ...(talked && rng.next() < 0.9 ? { recording: `rec/${dayOf(at)}/${callId}.wav` } : {}),
  } as IngestLine;
}

/** the call-centre calls of [from, to), shaped by the hour like the other traffic */
export function planCallCentre(accounts: ConsumerAccountRef[], from: Date, to: Date): IngestLine[] {
  const rng = seededRng((from.getTime() / MINUTE) % 2 ** 31);
  const lines: IngestLine[] = [];
  for (const a of accounts.slice(0, CC_ACCOUNTS))
    for (let m = Math.floor(from.getTime() / MINUTE) * MINUTE; m < to.getTime(); m += MINUTE) {
      const expected = PEAK_CALLS * shapeAt(new Date(m));
      const n = Math.floor(expected) + (rng.next() < expected % 1 ? 1 : 0);
      for (let i = 0; i < n; i++) lines.push(ccCall(rng, a, new Date(m + rng.int(0, MINUTE - 1))));
    }
  return lines;
}

/** a campaign of the demo: yesterday's (finished), today's (running through the day), tomorrow's (scheduled) */
type Plan = { taskId: string; a: ConsumerAccountRef; name: string; numbers: number; startAt: Date; endAt: Date };
const NAMES = ['Renewal reminder', 'Delivery notice', 'Payment reminder', 'Appointment confirmation'] as const;

function campaigns(accounts: ConsumerAccountRef[], now: Date): Plan[] {
  const today = dayStart(dayOf(now)).getTime();
  return accounts.slice(0, 4).flatMap((a, i) =>
    [-1, 0, 1].map((d) => {
      const day = today + d * DAY_MS;
      return {
        taskId: `VT-${a.code}-${dayOf(new Date(day)).replaceAll('-', '')}`,
        a,
        name: NAMES[(i + d + 3) % NAMES.length]!,
        numbers: 2_000 + ((a.id * 7919 + day / DAY_MS) % 8) * 1_000,
        startAt: new Date(day + (1 + i) * HOUR),
        endAt: new Date(day + (22 + (i % 2)) * HOUR),
      };
    }),
  );
}

/** a campaign's share of answered calls, fixed by its id */
const answerShare = (taskId: string) => 0.5 + ([...taskId].reduce((s, c) => s + c.charCodeAt(0), 0) % 25) / 100;

/**
 * The campaigns' reports at `now`: each one's state by its window, moved on from what we hold (calls
 * made since the last report at its even pace), and the requests staff made carried out.
 */
export async function reportCampaigns(db: Db, now: Date, accounts?: ConsumerAccountRef[]): Promise<number> {
  const plans = campaigns(accounts ?? (await voiceAccounts(db)), now);
  if (plans.length === 0) return 0;
  const held = new Map(
    (
      await db
        .select()
        .from(vt)
        .where(
          inArray(
            vt.platformId,
            plans.map((p) => p.taskId),
          ),
        )
    ).map((r) => [r.platformId, r]),
  );
  const lines: IngestLine[] = plans.map((p) => {
    const row = held.get(p.taskId);
    const span = p.endAt.getTime() - p.startAt.getTime();
    const byTime: VoiceTaskState = now < p.startAt ? 'scheduled' : now < p.endAt ? 'running' : 'finished';
    let state: VoiceTaskState = byTime;
    let attempted: number;
    if (!row) {
      attempted = Math.floor(p.numbers * Math.min(1, Math.max(0, (now.getTime() - p.startAt.getTime()) / span)));
    } else {
      const pending = requestPending(row) ? row.request : null;
      if (row.state === 'cancelled' || row.state === 'finished') state = row.state;
      else if (pending) state = VOICE_TASK_REQUEST_TO[pending];
      else if (row.state === 'paused' && byTime === 'running') state = 'paused';
      const since = Math.max(0, now.getTime() - Math.max(row.reportedAt.getTime(), p.startAt.getTime()));
      attempted =
        row.state === 'running' && state !== 'cancelled'
          ? Math.min(p.numbers, row.attempted + Math.ceil((p.numbers * since) / span))
          : row.attempted;
      if (state === 'finished') attempted = Math.max(attempted, row.state === 'paused' ? row.attempted : p.numbers);
    }
    if (byTime === 'finished' && !row) attempted = p.numbers;
    return {
      type: 'voicetask',
      taskId: p.taskId,
      account: p.a.code,
      name: p.name,
      caller: `8523${String(1000 + p.a.id).slice(-4)}000`,
      numbers: p.numbers,
      attempted,
      answered: Math.floor(attempted * answerShare(p.taskId)),
      startAt: p.startAt.toISOString(),
      endAt: p.endAt.toISOString(),
      state,
      stateAt: (state === byTime && !row
        ? state === 'finished'
          ? p.endAt
          : state === 'running'
            ? p.startAt
            : now
        : now
      ).toISOString(),
    } as IngestLine;
  });
  return (await ingestBatch(db, now, lines)).stored;
}

/** one simulator step of the voice side: the call centres' calls of [from, to) and the campaigns' reports */
export async function simulateVoice(db: Db, now: Date, from: Date, to: Date): Promise<void> {
  const accounts = await voiceAccounts(db);
  if (accounts.length === 0) return;
  const lines = planCallCentre(accounts, from, to);
  for (let i = 0; i < lines.length; i += 5000) await ingestBatch(db, now, lines.slice(i, i + 5000));
  await reportCampaigns(db, now, accounts);
}
