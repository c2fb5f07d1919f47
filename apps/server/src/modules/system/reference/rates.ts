import {
  type RATE_IMPORT_COLUMNS,
  type RateImportResult,
  type RatePageQuery,
  type RateRow,
  type RateSaveBody,
  type RateUpdateBody,
  rateSaveBody,
} from '@portal/contracts/reference';
import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { staffUsers } from '../../../platform/access/schema.js';
import type { Db } from '../../../platform/db/index.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { assertCurrency } from './currencies.js';
import { D, rateString } from './money.js';
import { refRates } from './schema.js';
import { changed, iso, pageOf, unique, updateVersioned } from './store.js';

export const rateWhere = (q: RatePageQuery): SQL | undefined =>
  and(
    q.from ? eq(refRates.fromCode, q.from) : undefined,
    q.to ? eq(refRates.toCode, q.to) : undefined,
    q.dayFrom ? gte(refRates.day, q.dayFrom) : undefined,
    q.dayTo ? lte(refRates.day, q.dayTo) : undefined,
  );
/** newest day first: the screen reads as a history */
export const rateOrder = [desc(refRates.day), desc(refRates.id)];

export const rateColumns = {
  id: refRates.id,
  from: refRates.fromCode,
  to: refRates.toCode,
  rate: refRates.rate,
  day: refRates.day,
  source: refRates.source,
  note: refRates.note,
  updatedBy: staffUsers.name,
  version: refRates.version,
  updatedAt: refRates.updatedAt,
};

export function pageRates(db: Db, q: RatePageQuery) {
  const w = rateWhere(q);
  return pageOf(db, refRates, w, q, async (limit, offset) => {
    const rows = await db
      .select(rateColumns)
      .from(refRates)
      .leftJoin(staffUsers, eq(staffUsers.id, refRates.updatedBy))
      .where(w)
      .orderBy(...rateOrder)
      .limit(limit)
      .offset(offset);
    return rows.map(
      (r): RateRow => ({
        ...r,
        rate: rateString(new D(r.rate)),
        source: r.source as RateRow['source'],
        updatedAt: iso(r.updatedAt),
      }),
    );
  });
}

/** A new day's rate for a pair; a day already entered is corrected with update, never entered twice. */
export async function saveRate(db: Db, bus: EventBus, userId: number, body: RateSaveBody): Promise<{ id: number }> {
  const saved = await db.transaction(async (tx) => {
    await assertCurrency(tx, body.from);
    await assertCurrency(tx, body.to);
    const [row] = await unique(`${body.from}/${body.to} ${body.day}`, () =>
      tx
        .insert(refRates)
        .values({
          fromCode: body.from,
          toCode: body.to,
          rate: body.rate,
          day: body.day,
          note: body.note,
          updatedBy: userId,
        })
        .returning({ id: refRates.id }),
    );
    return { id: row!.id };
  });
  await changed(bus, 'rates');
  return saved;
}

/** Corrects a day's rate (the audit log keeps who changed it and the request). */
export async function updateRate(db: Db, bus: EventBus, userId: number, body: RateUpdateBody): Promise<void> {
  const { id, version, rate, note } = body;
  await db.transaction((tx) =>
    updateVersioned(tx, refRates, refRates.id, id, version, { rate, note, updatedBy: userId }),
  );
  await changed(bus, 'rates');
}

export type ImportRow = Record<(typeof RATE_IMPORT_COLUMNS)[number], string>;

/**
 * Imports parsed file rows: every row is checked (shape, currencies, a pair and day not entered
 * before nor twice in the file); when any row is bad nothing is written and the answer lists each bad
 * row with its reason. A dry run only checks.
 */
export async function importRates(
  db: Db,
  bus: EventBus,
  userId: number,
  rows: { row: number; values: ImportRow }[],
  dryRun: boolean,
): Promise<RateImportResult> {
  const errors: RateImportResult['errors'] = [];
  const good: (RateSaveBody & { row: number })[] = [];
  const seen = new Set<string>();
  for (const { row, values } of rows) {
    const parsed = rateSaveBody.safeParse(values);
    if (!parsed.success) {
      errors.push({ row, message: parsed.error.issues.map((e) => `${e.path.join('.')}: ${e.message}`).join('; ') });
      continue;
    }
    const key = `${parsed.data.from}/${parsed.data.to} ${parsed.data.day}`;
    if (seen.has(key)) {
      errors.push({ row, message: `${key} appears twice in the file` });
      continue;
    }
    seen.add(key);
    good.push({ ...parsed.data, row });
  }
  return db
    .transaction(async (tx) => {
      for (const r of good) {
        for (const code of [r.from, r.to])
          try {
            await assertCurrency(tx, code);
          } catch {
            errors.push({ row: r.row, message: `unknown or disabled currency ${code}` });
          }
        const [exists] = await tx
          .select({ id: refRates.id })
          .from(refRates)
          .where(and(eq(refRates.fromCode, r.from), eq(refRates.toCode, r.to), eq(refRates.day, r.day)));
        if (exists) errors.push({ row: r.row, message: `${r.from}/${r.to} ${r.day} is already entered` });
      }
      errors.sort((a, b) => a.row - b.row);
      const goodCount =
        good.length - new Set(errors.map((e) => e.row).filter((n) => good.some((g) => g.row === n))).size;
      if (errors.length || dryRun || !good.length) return { imported: 0, good: goodCount, errors };
      await tx.insert(refRates).values(
        good.map((r) => ({
          fromCode: r.from,
          toCode: r.to,
          rate: r.rate,
          day: r.day,
          note: r.note,
          source: 'import',
          updatedBy: userId,
        })),
      );
      return { imported: good.length, good: good.length, errors };
    })
    .then(async (result) => {
      if (result.imported) await changed(bus, 'rates');
      return result;
    });
}
