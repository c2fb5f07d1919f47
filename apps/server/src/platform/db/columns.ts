import { integer, serial, timestamp } from 'drizzle-orm/pg-core';

/** A time column as every table keeps it: with the time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The columns of a record one staff user owns (a mailbox, a chat session): serial id, the owner,
 * created and last changed. A function: each table needs its own column builders.
 */
export const ownedRecordColumns = () => ({
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
