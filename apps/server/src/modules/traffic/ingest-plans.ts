import type { IngestResult, IngestSchedule, IngestTask } from '@portal/contracts/traffic';
import { MAX_SCHEDULE_AHEAD_DAYS } from '@portal/contracts/traffic';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.js';
import type { ConsumerAccountRef } from '../../platform/ports.js';
import { DAY_MS } from './partitions.js';
import { trafficAppointments as ap, trafficTwoWayTasks as tk } from './schema.js';

type Line = IngestResult['lines'][number];
type Numbered<T> = { line: number; v: T };
type AccountOf = (line: number, code: string) => ConsumerAccountRef | undefined;
type ErrorLine = (line: number, detail: string) => Line;

/**
 * Scheduled sends and two-way tasks as the platform reports them (decision 0124), in the ingestion's
 * transaction. A batch's state moves on from `waiting` only: to `sent` or `cancelled`; a `sent` report
 * also overrides a cancellation staff made that the platform had not read yet (it went anyway). Every
 * other report of a known batch is a duplicate. A task is its definition: a changed name or window
 * changes it, the same again is a duplicate. Of several lines of one key in a batch the last wins.
 */
export async function ingestPlans(
  tx: DbOrTx,
  now: Date,
  schedules: Numbered<IngestSchedule>[],
  tasks: Numbered<IngestTask>[],
  accountOf: AccountOf,
  invalid: ErrorLine,
): Promise<Line[]> {
  return [
    ...(await ingestSchedules(tx, now, schedules, accountOf, invalid)),
    ...(await ingestTasks(tx, tasks, accountOf, invalid)),
  ];
}

async function ingestSchedules(
  tx: DbOrTx,
  now: Date,
  input: Numbered<IngestSchedule>[],
  accountOf: AccountOf,
  invalid: ErrorLine,
): Promise<Line[]> {
  if (input.length === 0) return [];
  const out: Line[] = [];
  const latest = now.getTime() + MAX_SCHEDULE_AHEAD_DAYS * DAY_MS;
  const good = input.filter(({ line, v }) => {
    if (Date.parse(v.scheduledAt) > latest) {
      out.push(invalid(line, `scheduledAt: more than ${MAX_SCHEDULE_AHEAD_DAYS} days ahead`));
      return false;
    }
    return true;
  });
  const known = new Map(
    (
      await tx
        .select()
        .from(ap)
        .where(
          inArray(
            ap.batchId,
            good.map((g) => g.v.batchId),
          ),
        )
        .for('update')
    ).map((r) => [r.batchId, r]),
  );
  for (const { line, v } of good) {
    const account = accountOf(line, v.account);
    if (!account) continue;
    const stateAt = v.stateAt ? new Date(v.stateAt) : v.state === 'sent' ? new Date(v.scheduledAt) : now;
    let was = known.get(v.batchId);
    if (!was) {
      const [row] = await tx
        .insert(ap)
        .values({
          batchId: v.batchId,
          accountId: account.id,
          customerId: account.customerId,
          ownerId: account.ownerId ?? 0,
          senderId: v.senderId,
          numbers: v.numbers,
          segments: v.segments,
          scheduledAt: new Date(v.scheduledAt),
          state: v.state,
          createdAt: now,
          sentAt: v.state === 'sent' ? stateAt : null,
          cancelledAt: v.state === 'cancelled' ? stateAt : null,
        })
        .onConflictDoNothing({ target: ap.batchId })
        .returning();
      if (row) {
        known.set(v.batchId, row);
        out.push({ line, result: 'stored' });
        continue;
      }
      // another batch stored it just now (the insert waited for it): go on as with a known one
      [was] = await tx.select().from(ap).where(eq(ap.batchId, v.batchId)).for('update');
      if (!was) throw new Error(`traffic: scheduled batch ${v.batchId} neither stored nor found`);
    }
    if (was.accountId !== account.id) {
      out.push(invalid(line, `account: batch ${v.batchId} is another account's`));
      continue;
    }
    const lateCancel = was.state === 'cancelled' && was.cancelledBy !== null && v.state === 'sent';
    if (v.state === was.state || (was.state !== 'waiting' && !lateCancel)) {
      out.push({ line, result: 'duplicate' });
      continue;
    }
    const [row] = await tx
      .update(ap)
      .set(
        v.state === 'sent'
          ? { state: 'sent', sentAt: stateAt }
          : v.state === 'cancelled'
            ? { state: 'cancelled', cancelledAt: stateAt }
            : {},
      )
      .where(sql`${ap.id} = ${was.id}`)
      .returning();
    known.set(v.batchId, row!);
    out.push({ line, result: 'stored' });
  }
  return out;
}

async function ingestTasks(
  tx: DbOrTx,
  input: Numbered<IngestTask>[],
  accountOf: AccountOf,
  invalid: ErrorLine,
): Promise<Line[]> {
  if (input.length === 0) return [];
  const out: Line[] = [];
  const known = new Map(
    (
      await tx
        .select()
        .from(tk)
        .where(
          inArray(
            tk.platformId,
            input.map((g) => g.v.taskId),
          ),
        )
        .for('update')
    ).map((r) => [r.platformId!, r]),
  );
  for (const { line, v } of input) {
    const account = accountOf(line, v.account);
    if (!account) continue;
    const def = { name: v.name, senderId: v.senderId, startAt: new Date(v.startAt), endAt: new Date(v.endAt) };
    let was = known.get(v.taskId);
    if (!was) {
      const [row] = await tx
        .insert(tk)
        .values({
          platformId: v.taskId,
          accountId: account.id,
          customerId: account.customerId,
          ownerId: account.ownerId ?? 0,
          ...def,
        })
        .onConflictDoNothing({ target: tk.platformId })
        .returning();
      if (row) {
        known.set(v.taskId, row);
        out.push({ line, result: 'stored' });
        continue;
      }
      [was] = await tx.select().from(tk).where(eq(tk.platformId, v.taskId)).for('update');
      if (!was) throw new Error(`traffic: two-way task ${v.taskId} neither stored nor found`);
    }
    if (was.accountId !== account.id) {
      out.push(invalid(line, `account: task ${v.taskId} is another account's`));
      continue;
    }
    const same =
      was.name === def.name &&
      was.senderId === def.senderId &&
      was.startAt.getTime() === def.startAt.getTime() &&
      was.endAt.getTime() === def.endAt.getTime();
    if (same) {
      out.push({ line, result: 'duplicate' });
      continue;
    }
    const [row] = await tx.update(tk).set(def).where(sql`${tk.id} = ${was.id}`).returning();
    known.set(v.taskId, row!);
    out.push({ line, result: 'stored' });
  }
  return out;
}
