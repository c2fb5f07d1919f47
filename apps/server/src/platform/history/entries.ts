import {
  type CommentBody,
  type CommentData,
  type FollowUpBody,
  type FollowUpData,
  MENTIONABLE_LIMIT,
  type Mentionable,
} from '@portal/contracts/history';
import { and, asc, eq, ilike, inArray, ne, or } from 'drizzle-orm';
import { staffUsers } from '../access/schema.js';
import { holdsPermWhere } from '../access/service.js';
import type { AuthContext } from '../auth/context.js';
import type { DbOrTx } from '../db/index.js';
import { containsPattern } from '../db/like.js';
import { isEnabledDictValue } from '../dict/service.js';
import { claimFilesForAttach } from '../files/attach.js';
import { AppError } from '../http/errors.js';
import { defineMessageTemplates, templated } from '../i18n/message-templates.js';
import type { Platform } from '../platform.js';
import type { ValueNamer } from './names.js';
import { appendRecordEvents } from './service.js';

/** How a kind of record lets users write into its history (see mountRecordHistory). */
export interface RecordHistoryOptions<Id extends string | number = number> {
  /** the record's API base, e.g. `/v2/sys/staff/user`: mounts `<base>/timeline`, `<base>/comment`, `<base>/follow-up` */
  base: string;
  /** the entity name events are kept under, e.g. `sys.user` */
  entity: string;
  /** the permission key that lets a user read this kind of record */
  perm: string;
  /** whether `auth` may read record `id` (its detail check with data scope); false answers NOT_FOUND */
  canRead(db: DbOrTx, auth: AuthContext, id: Id): Promise<boolean>;
  /** what a mention message calls the record and where it opens it */
  describe?(db: DbOrTx, id: Id): Promise<{ title: string; link?: string }>;
  /** follow-ups: their types come from this dictionary; contacts must belong to the record */
  followUp?: {
    typeDict: string;
    contactsOf?(db: DbOrTx, id: Id, contactIds: readonly number[]): Promise<ReadonlySet<number>>;
    /** the record's own effect of a follow-up (last / next contact times), in the follow-up's transaction */
    recorded?(tx: DbOrTx, id: Id, input: FollowUpBody, auth: AuthContext, now: Date): Promise<void>;
  };
  /** the live resource whose open timelines refetch after a comment or follow-up (record.changed) */
  live?: string;
  /** fields whose changes hold record ids (an owner, a customer): the timeline names them */
  valueNames?: Readonly<Record<string, ValueNamer>>;
}

/** A record the caller may not read answers NOT_FOUND, as its detail would. */
export const assertReadable = async <Id extends string | number>(
  opts: RecordHistoryOptions<Id>,
  db: DbOrTx,
  auth: AuthContext,
  id: Id,
) => {
  if (!(await opts.canRead(db, auth, id))) throw new AppError('NOT_FOUND');
};

/** A user's access as it is now, for deciding what they may read (null: unknown or disabled). */
async function authOf(p: Platform, userId: number): Promise<AuthContext | null> {
  const access = await p.access.get(userId);
  if (access?.status !== 'active') return null;
  return { userId, username: access.username, sessionId: 'record-history', perms: access.perms, scope: access.scope };
}

/** Every mentioned user must be an active staff user. */
async function checkActiveUsers(tx: DbOrTx, ids: number[]) {
  if (!ids.length) return;
  const rows = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(inArray(staffUsers.id, ids), eq(staffUsers.status, 'active')));
  const found = new Set(rows.map((r) => r.id));
  const unknown = ids.find((u) => !found.has(u));
  if (unknown !== undefined) throw new AppError('HISTORY_MENTION_UNKNOWN', { vars: { value: unknown } });
}

/**
 * A comment on a record the caller may read. Mentioned users must be active staff; of them, those
 * who may read the record themselves (its key and its scope, as they are now) are told through the
 * notifier after the commit. Answers the event id and who was told.
 */
export async function commentOn<Id extends string | number>(
  p: Platform,
  opts: RecordHistoryOptions<Id>,
  auth: AuthContext,
  id: Id,
  input: CommentBody,
): Promise<{ id: number; notified: number[] }> {
  const mentions = [...new Set(input.mentions)];
  // the mentioned users' access, read before the transaction (PGlite serves one connection)
  const readers = (await Promise.all(mentions.filter((u) => u !== auth.userId).map((u) => authOf(p, u)))).filter(
    (a): a is AuthContext => !!a?.perms.has(opts.perm),
  );
  const result = await p.db.transaction(async (tx) => {
    await assertReadable(opts, tx, auth, id);
    await checkActiveUsers(tx, mentions);
    const data: CommentData = { mentions };
    const [eventId] = await appendRecordEvents(
      tx,
      [
        {
          entity: opts.entity,
          recordId: id,
          actorId: auth.userId,
          kind: 'comment',
          body: input.body,
          data: { ...data },
        },
      ],
      p.clock,
    );
    const notified: number[] = [];
    for (const reader of readers) if (await opts.canRead(tx, reader, id)) notified.push(reader.userId);
    return { id: eventId!, notified };
  });
  await tellMentioned(p, opts, auth.userId, id, input.body, result.notified);
  return result;
}

const EXCERPT = 120;

defineMessageTemplates('history', {
  mentioned: {
    title: { 'zh-CN': '{actor} 在「{record}」中提到了您', en: '{actor} mentioned you on “{record}”' },
    content: { 'zh-CN': '{excerpt}', en: '{excerpt}' },
  },
});

/** The message center (and any other channel) tells each mentioned reader; a failure is logged, the comment stays. */
async function tellMentioned<Id extends string | number>(
  p: Platform,
  opts: RecordHistoryOptions<Id>,
  actorId: number,
  id: Id,
  body: string,
  userIds: number[],
) {
  if (!userIds.length) return;
  try {
    const [actor] = await p.db
      .select({ name: staffUsers.name, nameEn: staffUsers.nameEn })
      .from(staffUsers)
      .where(eq(staffUsers.id, actorId));
    const record = (await opts.describe?.(p.db, id)) ?? { title: `${opts.entity} #${id}` };
    // stored as a template: each reader sees the actor's name and the words in their language
    await p.notifier.send({
      userIds,
      type: 'system',
      ...templated('history.mentioned', {
        actor: { zh: actor?.name ?? '', en: actor?.nameEn ?? '' },
        record: record.title,
        excerpt: body.length > EXCERPT ? `${body.slice(0, EXCERPT)}…` : body,
      }),
      link: record.link,
      source: { kind: opts.entity, id: String(id) },
    });
  } catch (err) {
    p.log.error({ err, entity: opts.entity, id }, 'mention notification failed');
  }
}

/**
 * A follow-up on a record the caller may read: its type an enabled item of the record's follow-up
 * dictionary, its files the caller's own uploads (the platform's attach rule), its contacts the
 * record's own.
 */
export async function followUpOn<Id extends string | number>(
  p: Platform,
  opts: RecordHistoryOptions<Id>,
  auth: AuthContext,
  id: Id,
  input: FollowUpBody,
): Promise<{ id: number }> {
  const followUp = opts.followUp;
  if (!followUp) throw new AppError('ROUTE_NOT_FOUND');
  return p.db.transaction(async (tx) => {
    await assertReadable(opts, tx, auth, id);
    if (!(await isEnabledDictValue(tx, followUp.typeDict, input.type))) {
      throw new AppError('HISTORY_FOLLOW_UP_TYPE_UNKNOWN', { vars: { value: input.type } });
    }
    const contacts = [...new Set(input.contacts)];
    const known = contacts.length && followUp.contactsOf ? await followUp.contactsOf(tx, id, contacts) : new Set();
    const stranger = contacts.find((c) => !known.has(c));
    if (stranger !== undefined) throw new AppError('HISTORY_CONTACT_UNKNOWN', { vars: { value: stranger } });
    const files = await claimFilesForAttach(tx, auth.userId, [...new Set(input.fileIds)]);
    const data: FollowUpData = {
      type: input.type,
      nextAt: input.nextAt,
      files: files.map((f) => ({ id: f.id, name: f.name })),
      contacts,
    };
    const [eventId] = await appendRecordEvents(
      tx,
      [
        {
          entity: opts.entity,
          recordId: id,
          actorId: auth.userId,
          kind: 'follow_up',
          body: input.content,
          data: { ...data },
        },
      ],
      p.clock,
    );
    await followUp.recorded?.(tx, id, input, auth, p.clock.now());
    return { id: eventId! };
  });
}

/** Candidates looked at per lookup before the read check; enough for a keyword to narrow. */
const MENTION_SCAN = 50;

/**
 * Whom the caller may @mention on a record: active users (by name or job number) who hold the
 * record's key and may read this very record, so a mention always reaches its reader.
 */
export async function mentionableOn<Id extends string | number>(
  p: Platform,
  opts: RecordHistoryOptions<Id>,
  auth: AuthContext,
  id: Id,
  keyword: string,
): Promise<Mentionable[]> {
  await assertReadable(opts, p.db, auth, id);
  const like = keyword ? containsPattern(keyword) : undefined;
  const candidates = await p.db
    .select({ id: staffUsers.id, name: staffUsers.name, jobNumber: staffUsers.jobNumber })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.status, 'active'),
        ne(staffUsers.id, auth.userId),
        holdsPermWhere(staffUsers.id, opts.perm),
        like ? or(ilike(staffUsers.name, like), ilike(staffUsers.jobNumber, like)) : undefined,
      ),
    )
    .orderBy(asc(staffUsers.name), asc(staffUsers.id))
    .limit(MENTION_SCAN);
  const found: Mentionable[] = [];
  for (const c of candidates) {
    const them = await authOf(p, c.id);
    if (them && (await opts.canRead(p.db, them, id))) found.push(c);
    if (found.length >= MENTIONABLE_LIMIT) break;
  }
  return found;
}
