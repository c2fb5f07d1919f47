import { signUpResource } from '@portal/contracts/crm';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchColumnFor, searchIndex } from '../../../platform/db/search.js';

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

/**
 * A sign-up left on a sales' landing page: a lead for that sales; one per e-mail address and link.
 * `new` until the sales converts it into a customer (`customer_id`).
 */
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
    version: integer('version').notNull().default(1),
    state: text('state', { enum: ['new', 'converted'] })
      .notNull()
      .default('new'),
    customerId: integer('customer_id'),
    convertedAt: at('converted_at'),
    convertedBy: integer('converted_by'),
    search: searchColumnFor(signUpResource),
  },
  (t) => [
    uniqueIndex('crm_promotion_signups_email_uq').on(t.userId, sql`lower(${t.email})`),
    index('crm_promotion_signups_user_idx').on(t.userId, t.createdAt),
    index('crm_promotion_signups_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('crm_promotion_signups_state_idx').on(t.state, t.createdAt),
    index('crm_promotion_signups_converted_idx').on(t.convertedAt),
    searchIndex('crm_promotion_signups_search_trgm', t.search),
  ],
);
