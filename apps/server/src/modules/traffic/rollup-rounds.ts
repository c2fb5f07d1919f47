import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../platform/db/index.js';
import { rollUp } from './rollups.js';

/** one round as it ran: real-time start and end (ms since the epoch) and the deltas it took */
export interface RollupRound {
  startedAt: number;
  endedAt: number;
  deltas: number;
}

// PostgreSQL's two-key advisory locks are a key space apart from the one-key ones ingestion takes
const LOCK = `hashtext('traffic'), hashtext('rollup')`;
let localTurn: Promise<unknown> = Promise.resolve();

/**
 * One rollup round (`rollUp`) while no other process runs one: on PostgreSQL under a session advisory
 * lock on a connection of its own, released at the round's end (and by the server when a process
 * dies); on PGlite (one process) rounds queue behind each other. Undefined when another holds it.
 */
export async function rollUpAlone(database: Database, now: Date, owners?: Set<number>): Promise<number | undefined> {
  if (database.kind === 'pglite') {
    const turn = localTurn.then(() => rollUp(database.db, now, owners));
    localTurn = turn.catch(() => undefined);
    return turn;
  }
  const client = await database.pool.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(${LOCK}) as ok`);
    if (!rows[0]?.ok) return undefined;
    try {
      return await rollUp(database.db, now, owners);
    } finally {
      await client.query(`select pg_advisory_unlock(${LOCK})`);
    }
  } finally {
    client.release();
  }
}

/**
 * Rollup rounds every `intervalMs` (real time, from one round's end to the next's start) until
 * `until` (ms since the epoch) would be passed by the next wait or `signal` aborts (the job queue
 * stopping: the wait ends at once, a running round finishes). The minute job runs this within its
 * minute, so records wait about the interval plus a round, not a whole minute.
 */
export async function rollupRounds(
  database: Database,
  now: () => Date,
  opts: {
    intervalMs: number;
    until: number;
    signal: AbortSignal;
    onRound?: (r: RollupRound, owners: Set<number>) => Promise<void> | void;
  },
): Promise<RollupRound[]> {
  const rounds: RollupRound[] = [];
  while (!opts.signal.aborted) {
    const owners = new Set<number>();
    const startedAt = Date.now();
    const deltas = await rollUpAlone(database, now(), owners);
    if (deltas !== undefined) {
      const round = { startedAt, endedAt: Date.now(), deltas };
      rounds.push(round);
      await opts.onRound?.(round, owners);
    }
    if (Date.now() + opts.intervalMs > opts.until) break;
    const waited = await sleep(opts.intervalMs, true, { signal: opts.signal }).catch(() => false);
    if (!waited) break;
  }
  return rounds;
}
