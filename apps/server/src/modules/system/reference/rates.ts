import {
  type RATE_IMPORT_COLUMNS,
  type RateImportResult,
  type RateSaveBody,
  rateSaveBody,
} from '@portal/contracts/reference';
import { rateResource } from '@portal/contracts/reference/resources';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { AppError } from '../../../platform/http/errors.js';
import { bindResource, type WriteContext } from '../../../platform/resource/index.js';
import { assertCurrency } from './currencies.js';
import { refRates } from './schema.js';
import { changed } from './store.js';

const userId = (ctx: WriteContext) => ctx.auth.userId;
const ratesChanged = (ctx: WriteContext) => ctx.afterCommit(() => changed(ctx.p.bus, 'rates'));

/**
 * Effective-dated exchange rates, newest day first (the screen reads as a history): a new day's
 * rate for a pair is saved, a day already entered is corrected with update, never entered twice.
 */
export const rates = bindResource(rateResource, {
  table: refRates,
  columns: {
    day: refRates.day,
    from: refRates.fromCode,
    to: refRates.toCode,
    pair: sql`"ref_rates"."from_code" || '/' || "ref_rates"."to_code"`,
    // stored with 10 decimals: read without the trailing zeros (7.1, not 7.1000000000)
    rate: sql`trim_scale("ref_rates"."rate")::text`,
    source: refRates.source,
    note: refRates.note,
    updatedBy: refRates.updatedBy,
    updatedAt: refRates.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      if (input.from === input.to)
        throw new AppError('VALIDATION_FAILED', { data: [{ field: 'body.to', message: 'from and to must differ' }] });
      await assertCurrency(ctx.tx, String(input.from));
      await assertCurrency(ctx.tx, String(input.to));
      ratesChanged(ctx);
      return { rate: input.rate, note: input.note ?? '', source: 'manual', updatedBy: userId(ctx) };
    },
    async beforeUpdate(ctx, _before, patch) {
      ratesChanged(ctx);
      return {
        ...(patch.rate === undefined ? {} : { rate: patch.rate }),
        ...(patch.note === null ? { note: '' } : {}),
        updatedBy: userId(ctx),
        updatedAt: new Date(),
      };
    },
  },
});

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
