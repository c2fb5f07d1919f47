import { coerceInt32, envelope, int53 } from '@portal/contracts';
import {
  commentBody,
  followUpBody,
  mentionable,
  mentionableQuery,
  type RecordEvent,
  timelinePage as timelinePageSchema,
  timelineQuery,
} from '@portal/contracts/history';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffUsers } from '../access/schema.js';
import { stampAuditSubject } from '../audit/subject.js';
import { filesOf } from '../files/service.js';
import { ok } from '../http/envelope.js';
import { localeOf } from '../http/locale.js';
import { publishRecordChanged } from '../live/record-changes.js';
import type { Platform } from '../platform.js';
import { assertReadable, commentOn, followUpOn, mentionableOn, type RecordHistoryOptions } from './entries.js';
import { withValueNames } from './names.js';
import { timelinePage } from './service.js';

export type { RecordHistoryOptions } from './entries.js';

const commentResult = z.object({ id: int53(), notified: z.array(int53()) });

/**
 * Mounts a record's history: its timeline (keyset pages), comments with @mentions and, when
 * configured, follow-ups. Every route reads the record through `canRead` first, so history never
 * shows what the record's detail would refuse: a record out of the caller's reach answers NOT_FOUND.
 */
export function mountRecordHistory<Id extends string | number = number>(
  app: FastifyInstance,
  p: Platform,
  opts: RecordHistoryOptions<Id> & {
    /** the record key's schema (default: a positive integer) */
    id?: z.ZodType<Id>;
    tags?: string[];
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const id = (opts.id ?? coerceInt32().positive()) as z.ZodType<Id>;
  const tags = opts.tags ?? ['history'];
  const access = { perm: opts.perm };
  // a new comment or follow-up reaches the record's open timelines (a lost announcement only delays them)
  const announce = async (recordId: Id) => {
    if (opts.live) await publishRecordChanged(p.bus, opts.live, recordId).catch(() => undefined);
  };

  r.get(
    `${opts.base}/timeline`,
    {
      schema: {
        tags,
        summary: `History of one ${opts.entity} record, newest first (keyset pages)`,
        querystring: timelineQuery.extend({ id }),
        response: { 200: envelope(timelinePageSchema) },
      },
      config: { access, audit: false },
    },
    async (req) => {
      const { id: recordId, ...q } = req.query;
      await assertReadable(opts, p.db, req.auth!, recordId);
      const locale = localeOf(req.headers);
      const page = await timelinePage(p.db, { ...q, entity: opts.entity, recordId, locale });
      const named = await withValueNames(p.db, opts.valueNames, page.records, locale);
      return ok({ ...page, records: await withMentionNames(p, await withFileUrls(p, named)) });
    },
  );

  r.get(
    `${opts.base}/mentionable`,
    {
      schema: {
        tags,
        summary: `Users who may be @mentioned on a ${opts.entity} record (active, able to read it)`,
        querystring: mentionableQuery.extend({ id }),
        response: { 200: envelope(z.array(mentionable)) },
      },
      config: { access, audit: false },
    },
    async (req) => ok(await mentionableOn(p, opts, req.auth!, req.query.id, req.query.keyword)),
  );

  r.post(
    `${opts.base}/comment`,
    {
      schema: {
        tags,
        summary: `Comment on a ${opts.entity} record; mentioned users who may read it are notified`,
        body: commentBody.extend({ id }),
        response: { 200: envelope(commentResult) },
      },
      config: { access, checkRepeat: true },
    },
    async (req) => {
      stampAuditSubject(req, opts.entity, req.body.id);
      const done = await commentOn(p, opts, req.auth!, req.body.id, req.body);
      await announce(req.body.id);
      return ok(done);
    },
  );

  if (!opts.followUp) return;
  r.post(
    `${opts.base}/follow-up`,
    {
      schema: {
        tags,
        summary: `Record a follow-up on a ${opts.entity} record (type, content, next contact time, files, contacts)`,
        body: followUpBody.extend({ id }),
        response: { 200: envelope(z.object({ id: int53() })) },
      },
      config: { access, checkRepeat: true },
    },
    async (req) => {
      stampAuditSubject(req, opts.entity, req.body.id);
      const done = await followUpOn(p, opts, req.auth!, req.body.id, req.body);
      await announce(req.body.id);
      return ok(done);
    },
  );
}

/** Files named in events (`data.files`: follow-ups, file events) get their short-lived download URLs. */
async function withFileUrls(p: Platform, records: RecordEvent[]): Promise<RecordEvent[]> {
  const idsOf = (e: RecordEvent) =>
    Array.isArray(e.data?.files) ? (e.data.files as { id?: unknown }[]).map((f) => String(f?.id)) : [];
  const all = records.flatMap(idsOf);
  if (!all.length) return records;
  const infos = new Map((await (await filesOf(p)).infos(all)).map((f) => [f.id, f]));
  return records.map((e) => {
    const ids = idsOf(e);
    if (!ids.length) return e;
    return { ...e, data: { ...e.data, files: ids.flatMap((f) => (infos.has(f) ? [infos.get(f)!] : [])) } };
  });
}

/** Comments show their mentions by name: the names are read now, so a renamed user shows the new name. */
async function withMentionNames(p: Platform, records: RecordEvent[]): Promise<RecordEvent[]> {
  const idsOf = (e: RecordEvent) =>
    e.kind === 'comment' && Array.isArray(e.data?.mentions) ? (e.data.mentions as unknown[]).map(Number) : [];
  const all = [...new Set(records.flatMap(idsOf))].filter(Number.isInteger);
  if (!all.length) return records;
  const rows = await p.db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(inArray(staffUsers.id, all));
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return records.map((e) => {
    const ids = idsOf(e);
    if (!ids.length) return e;
    const mentionNames = Object.fromEntries(ids.filter((u) => names.has(u)).map((u) => [String(u), names.get(u)!]));
    return { ...e, data: { ...e.data, mentionNames } };
  });
}
