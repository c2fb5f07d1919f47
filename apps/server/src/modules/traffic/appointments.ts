import type { AppointmentQuery, appointmentPage, appointmentRow } from '@portal/contracts/traffic';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db } from '../../platform/db/index.js';
import { fail } from '../../platform/http/errors.js';
import { requireRange } from './queries.js';
import { trafficAppointments as t } from './schema.js';

type Row = z.infer<typeof appointmentRow>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toRow = (r: typeof t.$inferSelect): Row => ({
  id: r.id,
  batchId: r.batchId,
  accountId: r.accountId,
  customerId: r.customerId,
  ownerId: r.ownerId,
  senderId: r.senderId,
  numbers: r.numbers,
  segments: r.segments,
  scheduledAt: r.scheduledAt.toISOString(),
  state: r.state,
  createdAt: r.createdAt.toISOString(),
  sentAt: iso(r.sentAt),
  cancelledAt: iso(r.cancelledAt),
  cancelledBy: r.cancelledBy,
});

/** the screen's range (on the scheduled time), filters and data scope; its export reads the same */
export function appointmentWhere(auth: AuthContext, q: AppointmentQuery) {
  const r = requireRange(q);
  return and(
    gte(t.scheduledAt, r.from),
    lt(t.scheduledAt, r.to),
    dataScopeWhere(auth, t.ownerId),
    q.accountId !== undefined ? eq(t.accountId, q.accountId) : undefined,
    q.customerId !== undefined ? eq(t.customerId, q.customerId) : undefined,
    q.state ? eq(t.state, q.state) : undefined,
    q.senderId ? eq(t.senderId, q.senderId) : undefined,
  );
}

/**
 * sms-appointment-record: the scheduled sends whose time falls in the range (required, at most 93
 * days, past or future), soonest last like the record screens (newest first), in my data scope.
 */
export async function appointments(
  db: Db,
  auth: AuthContext,
  q: AppointmentQuery,
): Promise<z.infer<typeof appointmentPage>> {
  const where = appointmentWhere(auth, q);
  const [rows, [tot]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(desc(t.scheduledAt), desc(t.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { records: rows.map(toRow), total: Number(tot?.n ?? 0), page: q.page, size: q.size };
}

/**
 * Cancel a scheduled send that still waits (its time not come). One in my scope only; one sent,
 * cancelled or due already is refused and nothing changes. The platform reads the state before it sends.
 */
export async function cancelAppointment(db: Db, auth: AuthContext, id: number, now: Date): Promise<Row> {
  const mine = and(eq(t.id, id), dataScopeWhere(auth, t.ownerId)) as SQL;
  const [done] = await db
    .update(t)
    .set({ state: 'cancelled', cancelledAt: now, cancelledBy: auth.userId })
    .where(and(mine, eq(t.state, 'waiting'), gte(t.scheduledAt, now)))
    .returning();
  if (done) return toRow(done);
  const [seen] = await db.select({ id: t.id }).from(t).where(mine);
  return seen ? fail('TRF_APPOINTMENT_NOT_WAITING', { vars: { value: id } }) : fail('NOT_FOUND');
}
