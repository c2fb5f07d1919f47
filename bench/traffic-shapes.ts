// The traffic bench's submit + DLR lines in batches (decisions 0155, 0156), in one of two shapes:
// - live (the default): what the messaging platform posts: submits stamped at the moment their batch
//   is made (wall clock), accounts weighted like real traffic (Zipf: a few big senders), each part's
//   report in a later batch — 90 % 2–20 s later, 8 % 1–10 min later, 2 % never;
// - spread (BENCH_SHAPE=spread): submits spread uniformly over `days` days and 200 accounts, each
//   report in the same batch (or, with `dlrLate`, the next one).
// 12 % of the messages have two parts in both.
import { seededRng } from '../apps/server/src/platform/seed/rng.js';

export const ACCOUNTS = 200;
const BATCH = 5000;
const DAY = 86_400_000;

export interface Lines {
  /** the next batch, or none when every message and every report that will come has been made */
  next(): object[] | undefined;
  /** part records and lines made so far; numbers seen (for the by-number query) */
  readonly made: { records: number; lines: number; numbers: string[] };
}

type Rng = ReturnType<typeof seededRng>;

function submitLines(rng: Rng, i: number, account: string, at: number, made: Lines['made']) {
  const messageId = `B${i.toString(36)}x${rng.int(0, 1e6)}`;
  const parts = rng.next() < 0.12 ? 2 : 1;
  const number = `86138${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
  if (made.numbers.length < 200 && rng.next() < 0.01) made.numbers.push(number);
  const submits: object[] = [];
  for (let part = 1; part <= parts; part++) {
    submits.push({
      type: 'submit',
      messageId,
      part,
      parts,
      account,
      number,
      country: 'CN',
      network: '46000',
      contentHash: 'h',
      submitAt: new Date(at).toISOString(),
      price: '0.012',
      cost: '0.007',
    });
    made.records++;
  }
  return { messageId, parts, submits };
}

const report = (rng: Rng, messageId: string, part: number, at: number) => ({
  type: 'dlr',
  messageId,
  part,
  state: rng.next() < 0.93 ? 'delivered' : 'undeliverable',
  dlrAt: new Date(at).toISOString(),
});

export function spreadLines(messages: number, days: number, start: number, dlrLate: boolean): Lines {
  const rng = seededRng(42);
  const made = { records: 0, lines: 0, numbers: [] as string[] };
  const held: object[] = [];
  let i = 0;
  return {
    made,
    next() {
      if (i >= messages && !held.length) return undefined;
      const batch: object[] = held.splice(0);
      while (batch.length < BATCH && i < messages) {
        const at = start + Math.floor(rng.next() * (days * DAY - 3_600_000));
        const m = submitLines(rng, i++, `BA${rng.int(1, ACCOUNTS)}`, at, made);
        for (const [k, s] of m.submits.entries()) {
          batch.push(s);
          (dlrLate ? held : batch).push(report(rng, m.messageId, k + 1, at + rng.int(2, 120) * 1000));
        }
      }
      made.lines += batch.length;
      return batch;
    },
  };
}

export function liveLines(messages: number): Lines {
  const rng = seededRng(42);
  const made = { records: 0, lines: 0, numbers: [] as string[] };
  // Zipf weights over the accounts: BA1 sends about a sixth of everything, the top ten half
  const cumulative: number[] = [];
  let sum = 0;
  for (let r = 1; r <= ACCOUNTS; r++) {
    sum += 1 / r;
    cumulative.push(sum);
  }
  const total = cumulative[ACCOUNTS - 1]!;
  const account = () => {
    const x = rng.next() * total;
    let lo = 0;
    let hi = ACCOUNTS - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return `BA${lo + 1}`;
  };
  // reports waiting for their moment, by the second they are due
  const due = new Map<number, object[]>();
  const hold = (at: number, line: object) => {
    const s = Math.floor(at / 1000);
    const list = due.get(s);
    if (list) list.push(line);
    else due.set(s, [line]);
  };
  const take = (batch: object[], upTo: number, now: number) => {
    for (const s of [...due.keys()].sort((a, b) => a - b)) {
      if (s > upTo || batch.length >= BATCH) break;
      const list = due.get(s)!;
      const n = Math.min(list.length, BATCH - batch.length);
      const taken = list.splice(0, n);
      // a report posted before its moment (the run's end) is stamped with the moment it is posted
      if (s > now / 1000) for (const r of taken) (r as { dlrAt: string }).dlrAt = new Date(now).toISOString();
      batch.push(...taken);
      if (!list.length) due.delete(s);
    }
  };
  let i = 0;
  return {
    made,
    next() {
      const now = Date.now();
      const batch: object[] = [];
      // once every message is made, the reports still to come are posted now rather than waited for
      take(batch, i >= messages ? Number.POSITIVE_INFINITY : Math.floor(now / 1000), now);
      if (i >= messages && !batch.length) return undefined;
      while (batch.length < BATCH && i < messages) {
        const m = submitLines(rng, i++, account(), now, made);
        batch.push(...m.submits);
        for (let part = 1; part <= m.parts; part++) {
          const u = rng.next();
          if (u >= 0.98) continue;
          const later = u < 0.9 ? rng.int(2_000, 20_000) : rng.int(60_000, 600_000);
          hold(now + later, report(rng, m.messageId, part, now + later));
        }
      }
      made.lines += batch.length;
      return batch;
    },
  };
}
