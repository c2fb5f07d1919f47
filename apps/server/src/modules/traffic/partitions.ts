import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../platform/db/index.js';

export const DAY_MS = 86_400_000;
/** the partitioned record tables and the column each is partitioned by */
export const PARTITIONED = {
  traffic_sms: 'submit_at',
  traffic_voice: 'setup_at',
  traffic_messages: 'at',
  traffic_cc: 'start_at',
} as const;
export type PartitionedTable = keyof typeof PARTITIONED;
/**
 * Room left on each page of a day partition whose rows are updated after they are written (an SMS part by its
 * report): the update stays on the page and writes no index entry (a HOT update, decision 0161).
 */
const FILL: Partial<Record<PartitionedTable, number>> = { traffic_sms: 85 };

/** UTC day of a time, YYYY-MM-DD */
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
/** the UTC days these times fall on, each formatted once (a batch's thousands of records fall on a day or two) */
export function daysOf(times: Iterable<Date>): Set<string> {
  const days = new Set<number>();
  for (const t of times) days.add(Math.floor(t.getTime() / DAY_MS));
  return new Set([...days].map((d) => dayOf(new Date(d * DAY_MS))));
}
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const partitionName = (table: PartitionedTable, day: string) => `${table}_p${day.replaceAll('-', '')}`;

/** days already known to have their partitions in this process (a miss only costs an IF NOT EXISTS) */
const known = new Set<string>();

/** Create the day partitions of the record tables for these days (idempotent; safe side by side). */
export async function ensurePartitions(db: DbOrTx, days: Iterable<string>): Promise<void> {
  for (const day of days) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
    for (const table of Object.keys(PARTITIONED) as PartitionedTable[]) {
      const key = `${table}:${day}`;
      if (known.has(key)) continue;
      const name = partitionName(table, day);
      const next = dayOf(new Date(dayStart(day).getTime() + DAY_MS));
      try {
        await db.execute(
          sql.raw(
            `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF "${table}" FOR VALUES FROM ('${day} 00:00:00+00') TO ('${next} 00:00:00+00')${FILL[table] ? ` WITH (fillfactor = ${FILL[table]})` : ''}`,
          ),
        );
      } catch (err) {
        // two batches (or processes) creating the same partition at once: IF NOT EXISTS is no lock,
        // the loser sees "already exists" (or the catalogue's unique key), wrapped by the driver
        if (!lostCreateRace(err)) throw err;
      }
      known.add(key);
    }
  }
}

/** a CREATE that lost to a concurrent one, whether the driver wraps the database's error or not */
function lostCreateRace(err: unknown): boolean {
  for (let e = err as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (/already exists|pg_type_typname_nsp_index/.test(String(e.message))) return true;
  return false;
}

/** the day partitions that exist, per table, oldest first */
export async function listPartitions(db: DbOrTx, table: PartitionedTable): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname = ${table} order by c.relname`),
  );
  return rows.map((r) => r.name);
}

const dayOfPartition = (name: string) => {
  const m = /_p(\d{4})(\d{2})(\d{2})$/.exec(name);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
};

/**
 * The partition job: partitions for today and `ahead` days after it exist; whole days older than
 * `retentionDays` are dropped (DROP TABLE of a partition: no row-by-row delete), with their keys, DLRs
 * and message state updates.
 */
export async function maintainPartitions(
  db: Db,
  now: Date,
  opts: { ahead: number; retentionDays: number },
): Promise<{ created: string[]; dropped: string[] }> {
  const today = dayOf(now);
  const days = Array.from({ length: opts.ahead + 1 }, (_, i) =>
    dayOf(new Date(dayStart(today).getTime() + i * DAY_MS)),
  );
  await ensurePartitions(db, days);
  const cutoff = dayOf(new Date(dayStart(today).getTime() - opts.retentionDays * DAY_MS));
  const dropped: string[] = [];
  for (const table of Object.keys(PARTITIONED) as PartitionedTable[]) {
    for (const name of await listPartitions(db, table)) {
      const day = dayOfPartition(name);
      if (!day || day >= cutoff) continue;
      await db.execute(sql.raw(`DROP TABLE IF EXISTS "${name}"`));
      known.delete(`${table}:${day}`);
      dropped.push(name);
    }
  }
  const cutoffAt = dayStart(cutoff);
  // the BRIN indexes the deletes read summarize new pages on vacuum; where autovacuum is off (or PGlite, which
  // has none) unsummarized pages are all read, so summarize them first (only pages since the last time)
  await db.execute(
    sql`select brin_summarize_new_values('traffic_keys_at_brin'), brin_summarize_new_values('traffic_dlrs_received_brin')`,
  );
  await db.execute(sql`delete from traffic_keys where at < ${cutoffAt}`);
  await db.execute(sql`delete from traffic_dlrs where received_at < ${cutoffAt}`);
  await db.execute(sql`delete from traffic_message_states where received_at < ${cutoffAt}`);
  return { created: days, dropped };
}

/** forget the partitions this process knows (a test that dropped them behind its back) */
export function forgetPartitions() {
  known.clear();
}
