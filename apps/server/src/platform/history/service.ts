import type { Locale } from '@portal/contracts';
import type { FieldChange, RecordEvent, RecordEventKind } from '@portal/contracts/history';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { staffUsers } from '../access/schema.js';
import type { Clock } from '../clock.js';
import type { DbOrTx } from '../db/index.js';
import { AppError } from '../http/errors.js';
import { nameInSql } from '../i18n/names.js';
import { recordEvents } from './schema.js';

export interface NewRecordEvent {
  /** the resource's name, e.g. `crm.customer` */
  entity: string;
  recordId: string | number;
  /** null for the system (jobs, imports without a user) */
  actorId: number | null;
  kind: RecordEventKind;
  changes?: FieldChange[];
  body?: string;
  data?: Record<string, unknown>;
}

/**
 * Writes events into record history inside the caller's transaction, so an event exists exactly
 * when the change it describes was committed. Events of one call share one time: the platform's
 * clock (`p.clock`, moved in tests) or a moment the caller already read from it; without either,
 * the database's `now()` (older callers). Their ids keep their order. Answers the new events' ids
 * in the order given.
 */
export async function appendRecordEvents(
  tx: DbOrTx,
  events: readonly NewRecordEvent[],
  clock: Clock | Date,
): Promise<number[]> {
  if (!events.length) return [];
  const at = clock instanceof Date ? clock : clock.now();
  const rows = await tx
    .insert(recordEvents)
    .values(
      events.map((e) => ({
        entity: e.entity,
        recordId: String(e.recordId),
        actorId: e.actorId,
        kind: e.kind,
        changes: e.changes?.length ? e.changes : null,
        body: e.body ?? null,
        data: e.data ?? null,
        at,
      })),
    )
    .returning({ id: recordEvents.id });
  return rows.map((r) => r.id);
}

export interface TimelineRequest {
  entity: string;
  recordId: string | number;
  cursor?: string;
  limit: number;
  kinds?: readonly RecordEventKind[];
  /** the reader's language for the actors' names (default: the names as written) */
  locale?: Locale;
}

/** The position after a row: its exact timestamp (microseconds, UTC) and id; opaque to callers. */
const encodeCursor = (at: string, id: number) => Buffer.from(`${at}|${id}`).toString('base64url');
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,16})$/;
function decodeCursor(cursor: string): { at: string; id: number } {
  const m = CURSOR.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m || Number.isNaN(Date.parse(m[1]!))) throw new AppError('HISTORY_CURSOR_INVALID');
  return { at: m[1]!, id: Number(m[2]) };
}

/** The exact stored time as text: a JS Date would drop the microseconds and make the keyset skip rows. */
const atExact = sql<string>`to_char(${recordEvents.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of a record's history, newest first, by keyset on (at, id): pages neither repeat nor
 * skip events, however many share a timestamp, and new events do not shift later pages.
 */
export async function timelinePage(
  db: DbOrTx,
  q: TimelineRequest,
): Promise<{ records: RecordEvent[]; nextCursor: string | null }> {
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const rows = await db
    .select({
      id: recordEvents.id,
      at: recordEvents.at,
      atExact,
      actorId: recordEvents.actorId,
      actorName: q.locale ? nameInSql(q.locale, staffUsers.name, staffUsers.nameEn) : staffUsers.name,
      kind: recordEvents.kind,
      changes: recordEvents.changes,
      body: recordEvents.body,
      data: recordEvents.data,
    })
    .from(recordEvents)
    .leftJoin(staffUsers, eq(staffUsers.id, recordEvents.actorId))
    .where(
      and(
        eq(recordEvents.entity, q.entity),
        eq(recordEvents.recordId, String(q.recordId)),
        q.kinds?.length ? inArray(recordEvents.kind, [...q.kinds]) : undefined,
        after ? sql`(${recordEvents.at}, ${recordEvents.id}) < (${after.at}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(recordEvents.at), desc(recordEvents.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    records: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actorId: r.actorId,
      actorName: r.actorName,
      kind: r.kind as RecordEventKind,
      changes: r.changes as FieldChange[] | null,
      body: r.body,
      data: r.data as Record<string, unknown> | null,
    })),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last.atExact, last.id) : null,
  };
}
