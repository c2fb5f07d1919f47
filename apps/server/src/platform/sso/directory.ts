import { eq, sql } from 'drizzle-orm';
import { dummyHash, hashPassword, verifyPassword } from '../auth/passwords.js';
import type { Db } from '../db/index.js';
import { ssoLocalIdentities } from './schema.js';

/**
 * Workplace-chat identities of the embedded demo identity provider. The staff demo seed sets
 * `sso_subject = wk-<username>`, so the first four map to staff users; `visitor` has a
 * workplace identity but no staff account and shows how unknown identities are refused.
 */
export const LOCAL_IDENTITIES = [
  { subject: 'wk-admin', login: 'admin', name: '系统管理员 Admin', password: 'Admin#2026' },
  { subject: 'wk-sales01', login: 'sales01', name: '销售 Sales 01', password: 'Sales#2026' },
  { subject: 'wk-finance01', login: 'finance01', name: '财务 Finance 01', password: 'Finance#2026' },
  { subject: 'wk-ops01', login: 'ops01', name: '运营 Ops 01', password: 'Ops#2026' },
  { subject: 'wk-visitor', login: 'visitor', name: '访客 Visitor', password: 'Visitor#2026' },
] as const;

/** Idempotent: only missing identities are hashed and inserted (several processes may race). */
export async function seedLocalIdentities(db: Db): Promise<number> {
  const existing = new Set(
    (await db.select({ s: ssoLocalIdentities.subject }).from(ssoLocalIdentities)).map((r) => r.s),
  );
  let created = 0;
  for (const i of LOCAL_IDENTITIES) {
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

export interface LocalIdentity {
  subject: string;
  login: string;
  name: string;
}

export async function findLocalIdentity(db: Db, subject: string): Promise<LocalIdentity | undefined> {
  const [row] = await db
    .select({ subject: ssoLocalIdentities.subject, login: ssoLocalIdentities.login, name: ssoLocalIdentities.name })
    .from(ssoLocalIdentities)
    .where(eq(ssoLocalIdentities.subject, subject));
  return row;
}

/** Checks a login and password against the directory; the same hashing cost whether or not the login exists. */
export async function verifyLocalIdentity(db: Db, login: string, password: string): Promise<LocalIdentity | undefined> {
  const [row] = await db
    .select()
    .from(ssoLocalIdentities)
    .where(sql`lower(${ssoLocalIdentities.login}) = ${login.trim().toLowerCase()}`);
  const valid = await verifyPassword(row?.passwordHash ?? (await dummyHash()), password);
  return row && valid ? { subject: row.subject, login: row.login, name: row.name } : undefined;
}
