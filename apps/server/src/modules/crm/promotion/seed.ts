import { and, asc, eq, or, sql } from 'drizzle-orm';
import { staffUsers } from '../../../platform/access/schema.js';
import type { SeedContext } from '../../../platform/seed/context.js';
import { crmCustomers } from '../schema.js';
import { NAME_FORMS, NAME_HEADS, PERSON_FIRST, PERSON_LAST } from '../seed-data.js';
import { crmPromotionSignUps, crmPromotionVisits } from './schema.js';

const DAY = 86_400_000;
const NEEDS = [
  'OTP 验证码短信，每月约 50 万条 / OTP SMS, about 500k a month',
  '东南亚营销短信 / marketing SMS to South-East Asia',
  'WhatsApp 通知 / WhatsApp notifications',
  '语音验证码 / voice OTP',
  null,
] as const;

/**
 * Sign-ups and visits of the sales' promotion links over the last 30 days (each sales a few new
 * leads; the overview's "visits / sign-ups" and the sign-ups list show them). Keyed by the sales
 * and e-mail: a second run adds nothing.
 */
export async function seedPromotion(root: SeedContext): Promise<void> {
  const ctx = root.part('crm.promotion');
  const { db, rng } = ctx;
  const sales = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(or(sql`${staffUsers.username} ~ '^sales[0-9]+$'`, sql`${staffUsers.username} = 'salesmgr'`))
    .orderBy(asc(staffUsers.username));
  const now = Date.now();
  const perSales = ctx.count({ demo: 5, bench: 5, large: 5 });
  let n = 0;
  for (const s of sales) {
    const rows = Array.from({ length: perSales }, () => {
      n++;
      const head = NAME_HEADS[(n * 7) % NAME_HEADS.length]!;
      const first = rng.pick(PERSON_FIRST);
      const last = rng.pick(PERSON_LAST);
      const domain = `${head.toLowerCase()}${n}.io`;
      return {
        userId: s.id,
        company: `${head} Digital ${n} ${rng.pick(NAME_FORMS)}`,
        name: `${first} ${last}`,
        email: `${first.toLowerCase()}@${domain}`,
        phone: null,
        message: rng.pick(NEEDS),
        createdAt: new Date(now - rng.int(0, 30) * DAY - rng.int(0, 86_000) * 1000),
      };
    });
    const fresh = await db.insert(crmPromotionSignUps).values(rows).onConflictDoNothing().returning({
      id: crmPromotionSignUps.id,
      at: crmPromotionSignUps.createdAt,
    });
    await convertSome(db, s.id, fresh);
    // each sign-up came after a visit or two; some visits left nothing
    const visits = fresh.flatMap((f) => [f.at, new Date(f.at.getTime() - rng.int(60, 3600) * 1000)]);
    if (fresh.length) visits.push(...Array.from({ length: 3 }, () => new Date(now - rng.int(0, 30) * DAY)));
    if (visits.length) await db.insert(crmPromotionVisits).values(visits.map((at) => ({ userId: s.id, at })));
  }
}

/**
 * Every other fresh sign-up of a sales became one of its customers (the star-promoter performance's
 * demo, decision 0136): the sales' first customers by id — those finance opens the demo accounts for, so
 * they have traffic. No random draw: the stream of the sign-ups above is unchanged.
 */
async function convertSome(db: SeedContext['db'], userId: number, fresh: { id: number; at: Date }[]) {
  const half = fresh.filter((_, i) => i % 2 === 0);
  if (!half.length) return;
  const own = await db
    .select({ id: crmCustomers.id })
    .from(crmCustomers)
    .where(eq(crmCustomers.ownerId, userId))
    .orderBy(asc(crmCustomers.id))
    .limit(half.length);
  for (const [i, c] of own.entries()) {
    const f = half[i]!;
    await db
      .update(crmPromotionSignUps)
      .set({
        state: 'converted',
        customerId: c.id,
        convertedAt: new Date(f.at.getTime() + 3_600_000),
        convertedBy: userId,
      })
      .where(and(eq(crmPromotionSignUps.id, f.id), eq(crmPromotionSignUps.state, 'new')));
  }
}
