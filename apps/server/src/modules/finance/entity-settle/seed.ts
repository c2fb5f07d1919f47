import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/index.js';
import type { SeedContext } from '../../../platform/seed/context.js';
import { spreadDemoSupplierEntities } from '../../srm/index.js';
import { ensureDemoEntities } from '../../system/reference/index.js';
import { userIdOf } from '../process.js';
import { generateEntitySettlement } from './generate.js';
import { entityAccountCodeSeq, finEntityAccounts } from './schema.js';

const MARKUPS = ['3', '5', '2.5', '4', '6', '3.5'] as const;

/**
 * Demo entity settlement (decision 0119), once: three demo entities when there are none; the demo
 * suppliers and accounts signed by no entity spread over the first three (by id, so the same every run), a USD settlement account for
 * each ordered pair of them, the two months before this one generated from the seeded traffic, and
 * the older month's first settlements confirmed by both sides.
 */
export async function seedEntitySettlement(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const [have] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from fin_entity_accounts`));
  if ((have?.n ?? 0) > 0) return;
  // the demo's entities (the reference module's), and its suppliers signed by them (SRM's)
  const entities = (await ensureDemoEntities(db)).slice(0, 3);
  if (entities.length < 2) return;
  await spreadDemoSupplierEntities(db, entities);
  const list = sql.join(
    entities.map((e) => sql`${e}`),
    sql`, `,
  );
  await db.execute(sql`update fin_accounts set entity_id = (array[${list}]::int[])[1 + id % ${entities.length}]
    where entity_id is null`);
  const by = (await userIdOf(db, 'finance01')) ?? (await userIdOf(db, 'admin'));
  const pairs = entities.flatMap((s) => entities.filter((b) => b !== s).map((b) => [s, b] as const));
  const now = new Date();
  for (const [i, [seller, buyer]] of pairs.entries()) {
    const [code] = rowsOf<{ n: string }>(
      await db.execute(sql`select nextval(${entityAccountCodeSeq.seqName})::text as n`),
    );
    await db
      .insert(finEntityAccounts)
      .values({
        code: `ES${code!.n}`,
        sellerEntityId: seller,
        buyerEntityId: buyer,
        currency: 'USD',
        markupPct: MARKUPS[i % MARKUPS.length]!,
        remark: i === 0 ? '集团内部转移定价：成本加成' : null,
        createdBy: by,
        updatedAt: new Date(now.getTime() - (40 + i) * 86_400_000),
      })
      .onConflictDoNothing();
  }
  const month = (back: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
  const older = month(2);
  for (const period of [older, month(1)]) await generateEntitySettlement(db, period, now);
  // the older month: the first two settlements agreed by both sides
  await db.execute(sql`update fin_entity_settlements
    set seller_amount = amount, buyer_amount = amount, state = 'confirmed', confirmed_at = generated_at
    where id in (select id from fin_entity_settlements where period = ${older} order by account_id limit 2)`);
  ctx.log.info(`finance: entity settlement accounts ${pairs.length}, periods ${older} and ${month(1)}`);
}
