import type { OperatorPageQuery, OperatorRow, OperatorSaveBody, OperatorUpdateBody } from '@portal/contracts/reference';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../../platform/db/index.js';
import { containsPattern } from '../../../platform/db/like.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { AppError } from '../../../platform/http/errors.js';
import { refCountries, refOperators } from './schema.js';
import { changed, iso, pageOf, unique, updateVersioned } from './store.js';

const target = alias(refOperators, 'target');

const where = (q: OperatorPageQuery) =>
  and(
    q.country ? eq(refOperators.countryCode, q.country) : undefined,
    q.status ? eq(refOperators.status, q.status) : undefined,
    q.keyword
      ? or(
          ilike(refOperators.mccmnc, containsPattern(q.keyword)),
          ilike(refOperators.name, containsPattern(q.keyword)),
          ilike(refOperators.nameEn, containsPattern(q.keyword)),
          ilike(refOperators.brand, containsPattern(q.keyword)),
        )
      : undefined,
  );

export function pageOperators(db: Db, q: OperatorPageQuery) {
  const w = where(q);
  return pageOf(db, refOperators, w, q, async (limit, offset) => {
    const rows = await db
      .select({
        op: refOperators,
        target: { id: target.id, mccmnc: target.mccmnc, name: target.name, nameEn: target.nameEn },
      })
      .from(refOperators)
      .leftJoin(target, eq(target.id, refOperators.mergedInto))
      .where(w)
      .orderBy(asc(refOperators.mccmnc))
      .limit(limit)
      .offset(offset);
    return rows.map(
      ({ op, target: t }): OperatorRow => ({
        ...op,
        status: op.status as OperatorRow['status'],
        source: op.source as OperatorRow['source'],
        mergedInto: t?.id ? { id: t.id, mccmnc: t.mccmnc, name: t.name, nameEn: t.nameEn } : null,
        updatedAt: iso(op.updatedAt),
      }),
    );
  });
}

async function assertCountry(tx: DbOrTx, code: string | null) {
  if (!code) return;
  const [c] = await tx.select({ code: refCountries.code }).from(refCountries).where(eq(refCountries.code, code));
  if (!c) throw new AppError('REF_COUNTRY_UNKNOWN', { vars: { value: code } });
}

/** A network the data package does not know yet (a new licence, an MVNO). */
export async function saveOperator(db: Db, bus: EventBus, body: OperatorSaveBody): Promise<{ id: number }> {
  const mccmnc = body.mcc + body.mnc;
  const saved = await db.transaction(async (tx) => {
    await assertCountry(tx, body.countryCode);
    const [row] = await unique(mccmnc, () =>
      tx
        .insert(refOperators)
        .values({ ...body, mccmnc, source: 'manual' })
        .returning({ id: refOperators.id }),
    );
    return { id: row!.id };
  });
  await changed(bus, 'operators');
  return saved;
}

/** Rename, re-link the country, or retire a network (a merged one stays merged). */
export async function updateOperator(db: Db, bus: EventBus, body: OperatorUpdateBody): Promise<void> {
  await db.transaction(async (tx) => {
    await assertCountry(tx, body.countryCode);
    const [row] = await tx.select().from(refOperators).where(eq(refOperators.id, body.id));
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status === 'merged') throw new AppError('REF_OPERATOR_MERGED', { vars: { value: row.mccmnc } });
    const { id, version, ...set } = body;
    await updateVersioned(tx, refOperators, refOperators.id, id, version, set);
  });
  await changed(bus, 'operators');
}

/**
 * Folds network `id` into `intoId`: its codes report under the surviving operator from now on
 * (operatorOf follows), and networks merged into it before move along, so no chain is left.
 */
export async function mergeOperator(db: Db, bus: EventBus, body: { id: number; intoId: number }): Promise<void> {
  if (body.id === body.intoId) throw new AppError('REF_OPERATOR_MERGE_SELF');
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(refOperators)
      .where(or(eq(refOperators.id, body.id), eq(refOperators.id, body.intoId)))
      .orderBy(asc(refOperators.id))
      .for('update');
    const from = rows.find((r) => r.id === body.id);
    const into = rows.find((r) => r.id === body.intoId);
    if (!from || !into) throw new AppError('NOT_FOUND');
    for (const r of [from, into])
      if (r.status === 'merged') throw new AppError('REF_OPERATOR_MERGED', { vars: { value: r.mccmnc } });
    const now = new Date();
    await tx
      .update(refOperators)
      .set({ mergedInto: into.id, updatedAt: now })
      .where(eq(refOperators.mergedInto, from.id));
    await tx
      .update(refOperators)
      .set({ status: 'merged', mergedInto: into.id, version: from.version + 1, updatedAt: now })
      .where(eq(refOperators.id, from.id));
  });
  await changed(bus, 'operators');
}
