import { type HomeSummary, Perm, type QuickEntrance, type UserSetting } from '@portal/contracts';
import { and, asc, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/index.js';
import type { SummaryRegistry } from '../../platform/summary.js';
import { trafficFigures } from './figures.js';
import { loginPrompts, quickEntrances, userSettings } from './schema.js';

export async function quickEntrancesOf(db: Db, userId: number): Promise<QuickEntrance[]> {
  return db
    .select({ path: quickEntrances.path, sort: quickEntrances.sort })
    .from(quickEntrances)
    .where(eq(quickEntrances.userId, userId))
    .orderBy(asc(quickEntrances.sort));
}

/** Replaces the user's quick entrances with the given ordered list, keeping only paths they may open. */
export async function saveQuickEntrances(
  db: Db,
  auth: AuthContext,
  paths: string[],
  allowed: (path: string) => boolean,
) {
  const keep = paths.filter(allowed);
  await db.transaction(async (tx) => {
    await tx.delete(quickEntrances).where(eq(quickEntrances.userId, auth.userId));
    if (keep.length)
      await tx.insert(quickEntrances).values(keep.map((path, sort) => ({ userId: auth.userId, path, sort })));
  });
  return quickEntrancesOf(db, auth.userId);
}

export async function settingOf(db: Db, userId: number, type: string): Promise<UserSetting | null> {
  const [row] = await db
    .select()
    .from(userSettings)
    .where(and(eq(userSettings.userId, userId), eq(userSettings.type, type)));
  return row
    ? { type: row.type as UserSetting['type'], remark: row.remark, content: row.content as Record<string, unknown> }
    : null;
}

export async function saveSetting(db: Db, userId: number, s: UserSetting): Promise<UserSetting> {
  await db
    .insert(userSettings)
    .values({ userId, type: s.type, remark: s.remark, content: s.content })
    .onConflictDoUpdate({
      target: [userSettings.userId, userSettings.type],
      set: { remark: s.remark, content: s.content, updatedAt: new Date() },
    });
  return s;
}

export async function currentLoginPrompt(db: Db) {
  const now = new Date();
  const [row] = await db
    .select({ id: loginPrompts.id, title: loginPrompts.title, content: loginPrompts.content })
    .from(loginPrompts)
    .where(
      and(
        eq(loginPrompts.enabled, true),
        or(isNull(loginPrompts.startsAt), lte(loginPrompts.startsAt, now)),
        or(isNull(loginPrompts.endsAt), gt(loginPrompts.endsAt, now)),
      ),
    )
    .orderBy(desc(loginPrompts.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The overview: the figures the rooms contribute (CRM, promotion link, approvals), my traffic of
 * today and the last 30 days, and `task` = my due follow-ups plus my open approval to-dos.
 */
export async function homeSummaryOf(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  registry: SummaryRegistry,
): Promise<HomeSummary> {
  const [quickAccess, dateSettings, figures, traffic] = await Promise.all([
    quickEntrancesOf(db, auth.userId),
    settingOf(db, auth.userId, 'dateMode'),
    registry.collect(auth),
    trafficFigures(db, clock, auth),
  ]);
  const num = (k: string) => (typeof figures[k] === 'number' ? (figures[k] as number) : undefined);
  const parts = [num('followUpDue'), num('todoNum')].filter((n) => n !== undefined);
  const task = parts.length ? { task: parts.reduce((a, b) => a + b, 0) } : {};
  return { ...figures, ...task, ...traffic, quickAccess, isSimbank: auth.perms.has(Perm.SIMBANK), dateSettings };
}
