import { entityAccountResource } from '@portal/contracts/finance';
import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import { bindResource, type Values } from '../../../platform/resource/index.js';
import { entityNameSql, reference } from '../../system/reference/index.js';
import { entityAccountCodeSeq, finEntityAccounts } from './schema.js';

const col = (name: string) => sql.raw(`"fin_entity_accounts"."${name}"`);

/** `ES` and the next number of the sequence. */
async function nextCode(tx: DbOrTx) {
  const [row] = rowsOf<{ n: string }>(
    await tx.execute(sql`select nextval(${entityAccountCodeSeq.seqName})::text as n`),
  );
  return `ES${row!.n}`;
}

/** Both entities enabled ones of the reference data, the currency a known one: read outside the write's transaction. */
async function checkReference(p: Platform, input: Values) {
  const ref = reference(p);
  const enabled = new Set((await ref.entities()).map((e) => e.id));
  for (const id of [input.sellerEntityId, input.buyerEntityId])
    if (typeof id === 'number' && !enabled.has(id))
      throw new AppError('FIN_ENTITY_SETTLE_ENTITY', { vars: { value: String(id) } });
  if (typeof input.currency === 'string' && !(await ref.currencyOf(input.currency)))
    throw new AppError('FIN_ENTITY_SETTLE_CURRENCY', { vars: { value: input.currency } });
  if (input.sellerEntityId === input.buyerEntityId) throw new AppError('FIN_ENTITY_SETTLE_SAME');
  return {};
}

/**
 * `entitySettle/account` (decision 0119): one settlement account per seller, buyer and currency; the
 * markup is the transfer-price rule the next generation applies. Finance data: no data scope.
 */
export const entityAccounts = bindResource(entityAccountResource, {
  table: finEntityAccounts,
  columns: {
    code: finEntityAccounts.code,
    sellerEntityId: finEntityAccounts.sellerEntityId,
    sellerName: entityNameSql(col('seller_entity_id')),
    buyerEntityId: finEntityAccounts.buyerEntityId,
    buyerName: entityNameSql(col('buyer_entity_id')),
    currency: finEntityAccounts.currency,
    markupPct: finEntityAccounts.markupPct,
    enabled: finEntityAccounts.enabled,
    remark: finEntityAccounts.remark,
    // what the confirmed periods settled for, in the account's currency
    settled: sql`(select coalesce(sum(s.amount), 0) from fin_entity_settlements s
      where s.account_id = "fin_entity_accounts"."id" and s.state = 'confirmed')`,
    createdBy: finEntityAccounts.createdBy,
    updatedAt: finEntityAccounts.updatedAt,
  },
  hooks: {
    prepareCreate: (input, _auth, p) => checkReference(p, input),
    // one account per pair and currency; a concurrent second open meets the unique index (DUPLICATE)
    async beforeCreate(ctx, input) {
      const [taken] = await ctx.tx
        .select({ id: finEntityAccounts.id })
        .from(finEntityAccounts)
        .where(
          and(
            eq(finEntityAccounts.sellerEntityId, Number(input.sellerEntityId)),
            eq(finEntityAccounts.buyerEntityId, Number(input.buyerEntityId)),
            eq(finEntityAccounts.currency, String(input.currency)),
          ),
        );
      if (taken) throw new AppError('FIN_ENTITY_SETTLE_TAKEN', { vars: { value: String(input.currency) } });
      return { code: await nextCode(ctx.tx), createdBy: ctx.auth.userId, updatedAt: ctx.p.clock.now() };
    },
    beforeUpdate: async (ctx) => ({ updatedAt: ctx.p.clock.now() }),
  },
});
