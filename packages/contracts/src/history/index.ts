import { z } from 'zod';
import { recordNames } from '../paging.js';
import { coerceInt32, int32, int32Id, int53, text } from '../validation/scalars.js';

/**
 * Record history ("chatter"): the events of one business record, newest first. Written by the
 * resource writer (created / updated / state), commands, approval, the mail room and users
 * (comment / follow_up / file); read through the record's own access and scope.
 */
export const RECORD_EVENT_KINDS = [
  'created',
  'updated',
  'state',
  'command',
  'comment',
  'follow_up',
  'approval',
  'mail',
  'file',
] as const;
export type RecordEventKind = (typeof RECORD_EVENT_KINDS)[number];
export const recordEventKind = z.enum(RECORD_EVENT_KINDS);

/** One tracked field's change; values as stored (the caller labels the field and formats values). */
export const fieldChange = z.object({ field: text(), from: z.unknown(), to: z.unknown() });
export type FieldChange = z.infer<typeof fieldChange>;

export const recordEvent = z.object({
  id: int53(),
  at: text(),
  actorId: int32().nullable(),
  actorName: text().nullable(),
  kind: recordEventKind,
  changes: z.array(fieldChange).nullable(),
  body: text().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  /** names of the record ids in `changes` (owners, departments, customers), by field then id, in the reader's language */
  names: recordNames.optional(),
});
export type RecordEvent = z.infer<typeof recordEvent>;

export const MAX_TIMELINE_PAGE = 100;
const kindList = text()
  .max(200)
  .transform((s) => s.split(',').filter(Boolean))
  .pipe(z.array(recordEventKind));

/** Keyset paging: `cursor` is the page answer's `nextCursor`, opaque to the caller. */
export const timelineQuery = z.object({
  cursor: text().max(200).optional(),
  limit: coerceInt32().min(1).max(MAX_TIMELINE_PAGE).default(20),
  /** comma-joined kinds to keep, e.g. `comment,follow_up` */
  kinds: kindList.optional(),
});
export type TimelineQuery = z.infer<typeof timelineQuery>;

export const timelinePage = z.object({
  records: z.array(recordEvent),
  /** null on the last page */
  nextCursor: text().nullable(),
});
export type TimelinePage = z.infer<typeof timelinePage>;

export const MAX_COMMENT_LENGTH = 2000;
export const MAX_MENTIONS = 20;
export const MAX_FOLLOW_UP_FILES = 20;

/** A comment; `mentions` are user ids (the text shows their names), each notified when they may read the record. */
export const commentBody = z.object({
  body: text().trim().min(1).max(MAX_COMMENT_LENGTH),
  mentions: z.array(int32Id()).max(MAX_MENTIONS).default([]),
});
export type CommentBody = z.infer<typeof commentBody>;

/** A follow-up: its type from the caller's dictionary, what was done, when to contact next, files and contacts. */
export const followUpBody = z.object({
  type: text().trim().min(1).max(64),
  content: text().trim().min(1).max(MAX_COMMENT_LENGTH),
  nextAt: z.iso.datetime({ offset: true }).nullable().default(null),
  fileIds: z.array(text().min(1).max(64)).max(MAX_FOLLOW_UP_FILES).default([]),
  contacts: z.array(int32Id()).max(MAX_MENTIONS).default([]),
});
export type FollowUpBody = z.infer<typeof followUpBody>;

/** What a follow-up event keeps in `data` (its content is the event body). */
export interface FollowUpData {
  type: string;
  nextAt: string | null;
  files: { id: string; name: string }[];
  contacts: number[];
}
/** What an approval event keeps in `data`: the request it belongs to and what happened. */
export interface ApprovalEventData {
  requestId: number;
  action: 'started' | 'resubmitted' | 'approved' | 'rejected' | 'withdrawn';
  title?: string;
}
/** What a file event keeps in `data`. */
export interface FileEventData {
  action: 'added' | 'removed';
  files: { id: string; name: string }[];
}
/** What a comment event keeps in `data`: the mentioned user ids (the timeline adds their names). */
export interface CommentData {
  mentions: number[];
}
/** A comment event's `data` as the timeline answers it. */
export interface CommentView extends CommentData {
  mentionNames: Record<string, string>;
}

export const MENTIONABLE_LIMIT = 10;
export const mentionableQuery = z.object({ keyword: text().trim().max(64).default('') });
/** A user the caller may mention on a record: active and able to read it. */
export const mentionable = z.object({ id: int32(), name: text(), jobNumber: text() });
export type Mentionable = z.infer<typeof mentionable>;
