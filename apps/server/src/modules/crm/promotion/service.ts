import { PROMOTION_PAGE, type PromotionSignUp, type PromotionStats } from '@portal/contracts/crm';
import { and, desc, eq, sql } from 'drizzle-orm';
import { staffUsers } from '../../../platform/access/schema.js';
import type { Clock } from '../../../platform/clock.js';
import type { DbOrTx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { crmPromotionSignUps, crmPromotionVisits } from './schema.js';

/** How many recent sign-ups "my promotion" lists. */
const RECENT = 10;

/** A sales' sign-up link: the company's marketing site when one is configured, else our own landing page. */
export function promotionLinkOf(config: { publicUrl: string; promotionUrl?: string }, jobNumber: string): string {
  const base = config.promotionUrl;
  if (base) return `${base}${base.includes('?') ? '&' : '?'}ref=${encodeURIComponent(jobNumber)}`;
  return `${config.publicUrl}${PROMOTION_PAGE}/${encodeURIComponent(jobNumber)}`;
}

/** The active sales a link's reference (a job number) names; an unknown or disabled one is no link. */
export async function promoterOf(db: DbOrTx, ref: string): Promise<{ id: number; name: string }> {
  const [user] = await db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(and(eq(staffUsers.jobNumber, ref), eq(staffUsers.status, 'active')));
  if (!user) throw new AppError('CRM_PROMOTION_UNKNOWN');
  return user;
}

export async function recordVisit(db: DbOrTx, clock: Clock, userId: number, referrer: string | undefined) {
  await db.insert(crmPromotionVisits).values({ userId, at: clock.now(), referrer: referrer?.slice(0, 500) ?? null });
}

/** Records a sign-up for the sales; the same address twice through one link is refused. */
export async function recordSignUp(db: DbOrTx, clock: Clock, userId: number, form: PromotionSignUp) {
  const [row] = await db
    .insert(crmPromotionSignUps)
    .values({ userId, ...form, email: form.email.toLowerCase(), createdAt: clock.now() })
    .onConflictDoNothing()
    .returning({ id: crmPromotionSignUps.id });
  if (!row) throw new AppError('CRM_PROMOTION_REPEATED');
  return row;
}

const startOfDay = (clock: Clock) => {
  const d = clock.now();
  d.setHours(0, 0, 0, 0);
  return d;
};

/** Visits and sign-ups of one sales' link. */
export async function promotionCounts(db: DbOrTx, clock: Clock, userId: number) {
  const [v] = await db
    .select({
      visits: sql<number>`count(*)::int`,
      today: sql<number>`(count(*) filter (where ${crmPromotionVisits.at} >= ${startOfDay(clock)}))::int`,
    })
    .from(crmPromotionVisits)
    .where(eq(crmPromotionVisits.userId, userId));
  const [s] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(crmPromotionSignUps)
    .where(eq(crmPromotionSignUps.userId, userId));
  return { visits: v?.visits ?? 0, visitsToday: v?.today ?? 0, signUps: s?.n ?? 0 };
}

export async function promotionStats(
  db: DbOrTx,
  clock: Clock,
  userId: number,
  link: string | null,
): Promise<PromotionStats> {
  const counts = await promotionCounts(db, clock, userId);
  const recent = await db
    .select({
      id: crmPromotionSignUps.id,
      company: crmPromotionSignUps.company,
      name: crmPromotionSignUps.name,
      email: crmPromotionSignUps.email,
      createdAt: crmPromotionSignUps.createdAt,
    })
    .from(crmPromotionSignUps)
    .where(eq(crmPromotionSignUps.userId, userId))
    .orderBy(desc(crmPromotionSignUps.createdAt), desc(crmPromotionSignUps.id))
    .limit(RECENT);
  return { link, ...counts, recent: recent.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}
