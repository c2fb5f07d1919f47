import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The embedded (development / demo) identity provider's own directory of workplace-chat
 * identities. It is not the staff table: an identity maps to a staff user only through
 * `staff_users.sso_subject`, exactly as an identity of the real provider would.
 */
export const ssoLocalIdentities = pgTable(
  'sso_local_identities',
  {
    subject: text('subject').primaryKey(),
    login: text('login').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_local_identities_login_uq').on(sql`lower(${t.login})`)],
);
