import { operatorResource } from '@portal/contracts/reference/resources';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { nameInSql } from '../../../platform/i18n/names.js';
import { bindResource, localized, type WriteContext } from '../../../platform/resource/index.js';
import { refCountries, refOperators } from './schema.js';
import { changed } from './store.js';

export async function assertCountry(tx: DbOrTx, code: unknown) {
  if (typeof code !== 'string' || !code) return;
  const [c] = await tx.select({ code: refCountries.code }).from(refCountries).where(eq(refCountries.code, code));
  if (!c) throw new AppError('REF_COUNTRY_UNKNOWN', { vars: { value: code } });
}

/** Every process drops its cached networks once the write committed. */
const dropCache = (ctx: WriteContext) => ctx.afterCommit(() => changed(ctx.p.bus, 'operators'));

const col = (c: string) => sql.raw(`"ref_operators"."${c}"`);

/**
 * Mobile networks on the resource kernel: add one the data package does not know, rename,
 * re-link the country or retire one (a merged one stays merged), and merge one into another
 * operator (its codes report under the survivor; networks merged into it before move along, so
 * there is never a chain).
 */
export const operators = bindResource(operatorResource, {
  table: refOperators,
  search: { keyword: refOperators.search },
  columns: {
    mccmnc: refOperators.mccmnc,
    mcc: refOperators.mcc,
    mnc: refOperators.mnc,
    countryCode: refOperators.countryCode,
    name: refOperators.name,
    nameEn: refOperators.nameEn,
    displayName: localized((l) => nameInSql(l, col('name'), col('name_en'))),
    brand: refOperators.brand,
    status: refOperators.status,
    mergedIntoId: refOperators.mergedInto,
    mergedIntoName: localized(
      (l) =>
        sql`(select m.mccmnc || ' ' || ${nameInSql(l, sql.raw('m.name'), sql.raw('m.name_en'))} from ref_operators m where m.id = ${col('merged_into')})`,
    ),
    source: refOperators.source,
    updatedAt: refOperators.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      if (input.status === 'merged') throw new AppError('REF_OPERATOR_MERGE_BY_COMMAND');
      await assertCountry(ctx.tx, input.countryCode);
      dropCache(ctx);
      return {
        mccmnc: `${input.mcc}${input.mnc}`,
        source: 'manual',
        status: input.status ?? 'active',
      };
    },
    async beforeUpdate(ctx, before, patch) {
      if (before.status === 'merged')
        throw new AppError('REF_OPERATOR_MERGED', { vars: { value: String(before.mccmnc) } });
      if (patch.status === 'merged') throw new AppError('REF_OPERATOR_MERGE_BY_COMMAND');
      await assertCountry(ctx.tx, patch.countryCode);
      dropCache(ctx);
      return {
        updatedAt: new Date(),
        ...(patch.status === null ? { status: before.status } : {}),
      };
    },
  },
  commands: {
    async merge(ctx, from, input) {
      const intoId = input.intoId as number;
      if (from.id === intoId) throw new AppError('REF_OPERATOR_MERGE_SELF');
      const [into] = await ctx.tx
        .select()
        .from(refOperators)
        .where(eq(refOperators.id, intoId))
        .orderBy(asc(refOperators.id))
        .for('update');
      if (!into) throw new AppError('NOT_FOUND');
      for (const r of [from, into])
        if (r.status === 'merged') throw new AppError('REF_OPERATOR_MERGED', { vars: { value: String(r.mccmnc) } });
      const now = new Date();
      await ctx.tx
        .update(refOperators)
        .set({ mergedInto: into.id, updatedAt: now })
        .where(eq(refOperators.mergedInto, from.id as number));
      dropCache(ctx);
      return { set: { status: 'merged', mergedIntoId: into.id, updatedAt: now } };
    },
  },
});
