import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Workplace identities of the embedded (development / demo) provider that have NO portal account
 * (the demo's `visitor`). A portal user signs in there with the portal's own password
 * (`staff_users`, checked by `checkPassword`); this table never holds a copy of one. Its subject
 * maps to a staff user only through `staff_users.sso_subject`, as with the real provider.
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
