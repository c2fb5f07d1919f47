import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { homeDepartment } from '../../../platform/access/home-department.js';
import { type DbOrTx, rowsOf } from '../../../platform/db/index.js';
import type { OwnershipRules, RulesContext } from '../../../platform/ownership/index.js';
import { crmBukaAllow, crmLevelRules } from './schema.js';

/** The zone whose midnight starts the daily claim cap's day (the company's office hours). */
export const CLAIM_DAY_ZONE = 'Asia/Shanghai';

type LevelRule = typeof crmLevelRules.$inferSelect;

/** The level rules that bind a user: their own, their home department's, the company's. */
async function rulesFor(db: DbOrTx, userId: number) {
  const dept = await homeDepartment(db, userId);
  const rows = await db
    .select()
    .from(crmLevelRules)
    .where(
      or(
        eq(crmLevelRules.subject, 'company'),
        dept === null ? undefined : and(eq(crmLevelRules.subject, 'department'), eq(crmLevelRules.departmentId, dept)),
        and(eq(crmLevelRules.subject, 'user'), eq(crmLevelRules.userId, userId)),
      ),
    )
    .orderBy(asc(crmLevelRules.id));
  const of = (s: LevelRule['subject']) => rows.find((r) => r.subject === s);
  return { own: of('user') ?? of('department') ?? of('company'), department: of('department') };
}

/** Whether the user is on the Buka allow list today (no cool-down for their own returned customers). */
async function onBukaList(db: DbOrTx, userId: number, today: string) {
  const [row] = await db
    .select({ id: crmBukaAllow.id })
    .from(crmBukaAllow)
    .where(and(eq(crmBukaAllow.userId, userId), or(isNull(crmBukaAllow.until), gte(crmBukaAllow.until, today))));
  return !!row;
}

/** The claim rules for one claimant (`crm/rules/level` and the Buka allow list), read in the claim's transaction. */
export async function claimRules({ tx, p, userId }: RulesContext): Promise<OwnershipRules> {
  const { own, department } = await rulesFor(tx, userId);
  const today = p.clock.now().toLocaleDateString('sv-SE', { timeZone: CLAIM_DAY_ZONE });
  const buka = await onBukaList(tx, userId, today);
  return {
    userLimit: own?.userLimit ?? null,
    departmentLimit: department?.departmentLimit ?? null,
    countDealt: own?.countDealt ?? false,
    dailyClaimCap: own?.dailyClaimCap ?? null,
    cooldownDays: buka ? 0 : (own?.cooldownDays ?? 0),
    embargoDays: own?.embargoDays ?? 0,
    timeZone: CLAIM_DAY_ZONE,
  };
}

/** Most customers a user may keep locked (`crm/rules/level`), null for no limit. */
export async function lockLimitOf(db: DbOrTx, userId: number): Promise<number | null> {
  return (await rulesFor(db, userId)).own?.lockLimit ?? null;
}

/** Customers the owner keeps locked now. */
export async function lockedCount(db: DbOrTx, ownerId: number): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from crm_customers where owner_id = ${ownerId} and locked and state = 'private'`,
    ),
  );
  return Number(rows[0]?.n ?? 0);
}
