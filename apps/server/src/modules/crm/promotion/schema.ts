import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One opening of a sales' promotion landing page (insert-only, counted). */
export const crmPromotionVisits = pgTable(
  'crm_promotion_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the sales the link belongs to */
    userId: integer('user_id').notNull(),
    at: at('at').notNull(),
    referrer: text('referrer'),
  },
  (t) => [index('crm_promotion_visits_user_idx').on(t.userId, t.at)],
);

/** A sign-up left on a sales' landing page: a lead for that sales; one per e-mail address and link. */
export const crmPromotionSignUps = pgTable(
  'crm_promotion_signups',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    company: text('company').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('crm_promotion_signups_email_uq').on(t.userId, sql`lower(${t.email})`),
    index('crm_promotion_signups_user_idx').on(t.userId, t.createdAt),
  ],
);
