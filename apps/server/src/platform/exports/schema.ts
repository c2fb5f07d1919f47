import { exportTaskResource } from '@portal/contracts';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { searchColumnFor, searchIndex } from '../db/search.js';

/**
 * Asynchronous exports (the download center's tasks). A task is queued, run by a pg-boss job that
 * streams the list's rows into a file, and ends done (with its file) or failed (with the reason).
 * A running task beats `heartbeat_at`; one whose heartbeat stopped (killed process) is recovered.
 */
export const exportTasks = pgTable(
  'export_tasks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** the registered export source (e.g. 'system.users') */
    source: text('source').notNull(),
    name: text('name').notNull(),
    format: text('format', { enum: ['xlsx', 'csv'] }).notNull(),
    /** the list query as the screen sent it (validated again when the job runs) */
    query: jsonb('query').notNull(),
    locale: text('locale').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed', 'expired'] })
      .notNull()
      .default('queued'),
    totalNum: integer('total_num').notNull().default(0),
    rowsWritten: integer('rows_written').notNull().default(0),
    /** runs started so far; a job carries the attempt it was sent for and ignores stale ones */
    attempt: integer('attempt').notNull().default(1),
    fileId: uuid('file_id'),
    size: bigint('size', { mode: 'number' }),
    reason: text('reason'),
    worker: text('worker'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    search: searchColumnFor(exportTaskResource, 'name'),
  },
  (t) => [
    index('export_tasks_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id),
    index('export_tasks_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('export_tasks_state_idx').on(t.state, t.heartbeatAt),
    searchIndex('export_tasks_search_trgm', t.search),
  ],
);
