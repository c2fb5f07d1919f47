import { eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { staffUsers } from '../access/schema.js';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/index.js';
import { ssoLocalIdentities } from './schema.js';

/**
 * The embedded provider's directory. A portal user IS a workplace identity here: its login and
 * password are the portal's own (`staff_users`, checked by the same code as the password grant),
 * its subject is `staff_users.sso_subject`. The provider keeps passwords only for workplace
 * identities WITHOUT a portal account — the demo's `visitor`, which shows how such an identity is
 * refused by the portal.
 */
export const WORKPLACE_ONLY_IDENTITIES = [
  { subject: 'wk-visitor', login: 'visitor', name: '访客 Visitor', password: 'Visitor#2026' },
] as const;

/**
 * Removes the provider's own copies of portal users (earlier versions seeded one per demo user,
 * with the demo password, which then outlived a password change), then seeds the missing demo
 * workplace-only identities when `seedDemo`. Idempotent; several processes may race.
 */
export async function prepareDirectory(db: Db, seedDemo: boolean): Promise<number> {
  const portalSubjects = db
    .select({ s: staffUsers.ssoSubject })
    .from(staffUsers)
    .where(isNotNull(staffUsers.ssoSubject));
  const portalLogins = db.select({ l: sql`lower(${staffUsers.username})` }).from(staffUsers);
  await db
    .delete(ssoLocalIdentities)
    .where(
      or(
        inArray(ssoLocalIdentities.subject, portalSubjects),
        inArray(sql`lower(${ssoLocalIdentities.login})`, portalLogins),
      ),
    );
  if (!seedDemo) return 0;
  const existing = new Set(
    (await db.select({ s: ssoLocalIdentities.subject }).from(ssoLocalIdentities)).map((r) => r.s),
  );
  let created = 0;
  for (const i of WORKPLACE_ONLY_IDENTITIES) {
    if (existing.has(i.subject)) continue;
    const rows = await db
      .insert(ssoLocalIdentities)
      .values({ subject: i.subject, login: i.login, name: i.name, passwordHash: await hashPassword(i.password) })
      .onConflictDoNothing()
      .returning({ s: ssoLocalIdentities.subject });
    created += rows.length;
  }
  return created;
}

export interface WorkplaceIdentity {
  /** undefined: a portal user without a workplace identity (no sso_subject) */
  subject: string | undefined;
  login: string;
  name: string;
}

/** An identity by subject: a portal user's, else a workplace-only one. */
export async function findIdentity(db: Db, subject: string): Promise<WorkplaceIdentity | undefined> {
  const [user] = await db
    .select({ login: staffUsers.username, name: staffUsers.name })
    .from(staffUsers)
    .where(eq(staffUsers.ssoSubject, subject));
  if (user) return { subject, ...user };
  const [row] = await db
    .select({ subject: ssoLocalIdentities.subject, login: ssoLocalIdentities.login, name: ssoLocalIdentities.name })
    .from(ssoLocalIdentities)
    .where(eq(ssoLocalIdentities.subject, subject));
  return row;
}

/**
 * The password holder of a (normalised) login, for `checkPassword`: the portal user first — their
 * password is the portal's — else a workplace-only identity.
 */
export async function identityByLogin(
  db: Db,
  login: string,
): Promise<(WorkplaceIdentity & { passwordHash: string }) | undefined> {
  const [user] = await db
    .select({
      subject: staffUsers.ssoSubject,
      login: staffUsers.username,
      name: staffUsers.name,
      passwordHash: staffUsers.passwordHash,
    })
    .from(staffUsers)
    .where(sql`lower(${staffUsers.username}) = ${login}`);
  if (user) return { ...user, subject: user.subject ?? undefined };
  const [row] = await db.select().from(ssoLocalIdentities).where(sql`lower(${ssoLocalIdentities.login}) = ${login}`);
  return row && { subject: row.subject, login: row.login, name: row.name, passwordHash: row.passwordHash };
}
