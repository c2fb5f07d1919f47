import { errorByCode, errorMessage, formatNumber, type Locale } from '@portal/contracts';
import type { FieldChange, RecordEvent } from '@portal/contracts/history';
import { commandPath, type ResourceField, resourcePath } from '@portal/contracts/resource';
import {
  OPLOG_REQUEST_KIND,
  type OperationLogChange,
  type OperationLogPage,
  type OperationLogQuery,
  type OperationLogRow,
  twoWayRuleResource,
} from '@portal/contracts/traffic';
import { and, count, desc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import { auditOfSubjects, type SubjectAudit } from '../../platform/audit/service.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db } from '../../platform/db/index.js';
import { withValueNames } from '../../platform/history/names.js';
import { recordEvents } from '../../platform/history/schema.js';
import { fail } from '../../platform/http/errors.js';
import { nameInSql } from '../../platform/i18n/names.js';
import { type AccountRecords, portOf } from '../../platform/ports.js';
import { boundResource } from '../../platform/resource/bind.js';
import { valueNamesOf } from '../../platform/resource/mount.js';
import { requireRange } from './queries.js';
import { trafficTwoWayRules } from './schema.js';

/**
 * `operationLog` (decision 0145): one consumer account's history, newest first. The account opens as its
 * detail would (the finance port's check: its key, then the caller's data scope); the records hanging on
 * it come from the finance port and from traffic's own per-account records; only `record_events` is read.
 */
async function accountRecords(db: Db, auth: AuthContext, accountId: number) {
  const accounts = portOf(db, 'accounts');
  if (!accounts?.access || !accounts.recordsOfAccount) throw new Error('operationLog needs the finance accounts port');
  const access = await accounts.access(accountId, auth);
  if (access === 'forbidden') fail('TRF_OPLOG_ACCOUNT_FORBIDDEN');
  if (access === 'unknown') fail('TRF_OPLOG_ACCOUNT_UNKNOWN', { vars: { value: accountId } });
  const account = (await accounts.byIds([accountId])).get(accountId)!;
  const rules = await db
    .select({ id: trafficTwoWayRules.id })
    .from(trafficTwoWayRules)
    .where(eq(trafficTwoWayRules.accountId, accountId));
  const records: AccountRecords[] = [
    ...(await accounts.recordsOfAccount(accountId)),
    ...(rules.length ? [{ entity: twoWayRuleResource.key, ids: rules.map((r) => String(r.id)) }] : []),
  ];
  return { account: { id: accountId, code: account.code }, records };
}

const textOf = (locale: Locale, l: { zh: string; en: string }) => (locale === 'en' ? l.en : l.zh);

/** a stored value as the caller reads it: names of ids, enum labels, yes / no, numbers with separators */
function valueText(
  v: unknown,
  f: ResourceField | undefined,
  names: Record<string, string> | undefined,
  locale: Locale,
): string {
  if (v === null || v === undefined || v === '') return '-';
  if (Array.isArray(v)) return v.map((x) => valueText(x, f, names, locale)).join(', ');
  const named = names?.[String(v)];
  if (named !== undefined) return named;
  const option = f?.options?.find((o) => o.value === v);
  if (option) return textOf(locale, option.label);
  if (typeof v === 'boolean') return locale === 'en' ? (v ? 'Yes' : 'No') : v ? '是' : '否';
  if (typeof v === 'number' || (f?.decimal && typeof v === 'string')) return formatNumber(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** the event's changes the caller may see (secret fields and fields behind a key they lack are left out) */
function changesOf(e: RecordEvent, fields: Record<string, ResourceField>, auth: AuthContext, locale: Locale) {
  const out: OperationLogChange[] = [];
  for (const c of (e.changes ?? []) as FieldChange[]) {
    const f = fields[c.field];
    if (f?.secret || (f?.perm && !auth.perms.has(f.perm))) continue;
    const names = e.names?.[c.field];
    out.push({
      field: c.field,
      label: f ? textOf(locale, f.label) : c.field,
      from: valueText(c.from, f, names, locale),
      to: valueText(c.to, f, names, locale),
    });
  }
  return out;
}

export async function operationLog(
  db: Db,
  auth: AuthContext,
  q: OperationLogQuery,
  locale: Locale,
): Promise<OperationLogPage> {
  const range = requireRange(q);
  const { account, records } = await accountRecords(db, auth, q.accountId);
  const kinds = records.map((r) => {
    const def = boundResource(r.entity)?.def;
    return { value: r.entity, label: def ? textOf(locale, def.title) : r.entity };
  });
  kinds.push({ value: OPLOG_REQUEST_KIND, label: textOf(locale, REQUEST_LABEL) });
  if (q.kind && !kinds.some((k) => k.value === q.kind)) fail('TRF_OPLOG_KIND_UNKNOWN', { vars: { value: q.kind } });
  const label = new Map(kinds.map((k) => [k.value, k.label]));
  // both sources answer their first page × size lines, merged newest first, and the page is cut from them
  const upTo = q.page * q.size;
  const events =
    q.kind === OPLOG_REQUEST_KIND
      ? { total: 0, rows: [] }
      : await historyLines(db, auth, q.kind ? records.filter((r) => r.entity === q.kind) : records, {
          ...range,
          limit: upTo,
          locale,
          label,
        });
  const requests =
    q.kind && q.kind !== OPLOG_REQUEST_KIND
      ? { total: 0, rows: [] }
      : await requestLines(db, records, { ...range, limit: upTo, locale, label });
  const out = [...events.rows, ...requests.rows].sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1));
  return {
    records: out.slice((q.page - 1) * q.size, upTo),
    total: events.total + requests.total,
    page: q.page,
    size: q.size,
    account,
    kinds,
  };
}

type Lines = { locale: Locale; from: Date; to: Date; limit: number; label: Map<string, string> };

/** the record-history lines of these records (decision 0145) */
async function historyLines(
  db: Db,
  auth: AuthContext,
  wanted: AccountRecords[],
  { locale, from, to, limit, label }: Lines,
): Promise<{ total: number; rows: OperationLogRow[] }> {
  if (!wanted.length) return { total: 0, rows: [] };
  const where = and(
    or(...wanted.map((r) => and(eq(recordEvents.entity, r.entity), inArray(recordEvents.recordId, r.ids)))),
    gte(recordEvents.at, from),
    lt(recordEvents.at, to),
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(recordEvents).where(where);
  const rows = await db
    .select({
      id: recordEvents.id,
      at: recordEvents.at,
      entity: recordEvents.entity,
      recordId: recordEvents.recordId,
      actorId: recordEvents.actorId,
      actorName: nameInSql(locale, staffUsers.name, staffUsers.nameEn),
      kind: recordEvents.kind,
      changes: recordEvents.changes,
      body: recordEvents.body,
      data: recordEvents.data,
    })
    .from(recordEvents)
    .leftJoin(staffUsers, eq(staffUsers.id, recordEvents.actorId))
    .where(where)
    .orderBy(desc(recordEvents.at), desc(recordEvents.id))
    .limit(limit);
  const recordIds = new Map(rows.map((r) => [r.id, r.recordId]));
  const out: OperationLogRow[] = [];
  // ids in changes (owners, customers) read as names, per kind with that kind's namers
  for (const entity of new Set(rows.map((r) => r.entity))) {
    const b = boundResource(entity);
    const events = rows
      .filter((r) => r.entity === entity)
      .map(
        (r): RecordEvent => ({
          id: r.id,
          at: r.at.toISOString(),
          actorId: r.actorId,
          actorName: r.actorName,
          kind: r.kind as RecordEvent['kind'],
          changes: r.changes as FieldChange[] | null,
          body: r.body,
          data: r.data as Record<string, unknown> | null,
        }),
      );
    const named = await withValueNames(db, b ? valueNamesOf(b) : undefined, events, locale);
    for (const e of named) {
      const command = typeof e.data?.command === 'string' ? e.data.command : null;
      const cmd = command ? b?.def.commands?.[command] : undefined;
      out.push({
        id: e.id,
        at: e.at,
        actorId: e.actorId,
        actorName: e.actorName,
        kind: entity,
        kindLabel: label.get(entity) ?? entity,
        recordId: recordIds.get(e.id) ?? '',
        action: e.kind,
        command: cmd ? textOf(locale, cmd.label) : command,
        body: e.body,
        changes: changesOf(e, b?.def.fields ?? {}, auth, locale),
        request: null,
      });
    }
  }
  return { total, rows: out };
}

const REQUEST_LABEL = { zh: '请求', en: 'Request' };
/** what a resource route does, by its verb (the record's kind says on what) */
const VERBS = {
  save: { zh: '新建', en: 'Create' },
  update: { zh: '修改', en: 'Update' },
  delete: { zh: '删除', en: 'Delete' },
  comment: { zh: '评论', en: 'Comment' },
  'follow-up': { zh: '跟进', en: 'Follow-up' },
} as const;

/**
 * the action of an audited call in the reader's language: the resource's verb or command, else the route's own
 * action (decision 0153), else its summary
 */
function requestAction(a: SubjectAudit, entity: string, locale: Locale): string {
  const def = boundResource(entity)?.def;
  if (def) {
    for (const verb of ['save', 'update', 'delete'] as const)
      if (a.route === resourcePath(def, verb)) return textOf(locale, VERBS[verb]);
    for (const [name, cmd] of Object.entries(def.commands ?? {}))
      if (a.route === commandPath(def, name)) return textOf(locale, cmd.label);
    if (a.route === `${def.api}/comment`) return textOf(locale, VERBS.comment);
    if (a.route === `${def.api}/follow-up`) return textOf(locale, VERBS['follow-up']);
  }
  return a.action ?? a.summary ?? `${a.method} ${a.route}`;
}

/** a failure in the reader's language: the catalogue's message (its blanks left out), else the HTTP status */
function failureOf(a: SubjectAudit, locale: Locale): string | null {
  if (a.statusCode < 400) return null;
  const e = a.resultCode ? errorByCode(a.resultCode) : undefined;
  return e
    ? errorMessage(e, locale)
        .replace(/\s*\{\w+\}\s*/g, ' ')
        .trim()
    : `HTTP ${a.statusCode}`;
}

/**
 * The audited calls whose subject is the account or one of its records (decision 0151), read through the
 * platform's `auditOfSubjects`: who, when, the action, the outcome; never the request body.
 */
async function requestLines(
  db: Db,
  records: AccountRecords[],
  { locale, from, to, limit, label }: Lines,
): Promise<{ total: number; rows: OperationLogRow[] }> {
  const subjects = records.flatMap((r) => r.ids.map((id) => `${r.entity}:${id}`));
  const { total, rows } = await auditOfSubjects(db, { subjects, from, to, limit, locale });
  const kindLabel = label.get(OPLOG_REQUEST_KIND) ?? OPLOG_REQUEST_KIND;
  return {
    total,
    rows: rows.map((a) => {
      const cut = a.subject.lastIndexOf(':');
      const entity = a.subject.slice(0, cut);
      return {
        id: a.id,
        at: a.at.toISOString(),
        actorId: a.userId,
        actorName: a.userName,
        kind: OPLOG_REQUEST_KIND,
        kindLabel,
        recordId: a.subject.slice(cut + 1),
        action: OPLOG_REQUEST_KIND,
        command: requestAction(a, entity, locale),
        body: null,
        changes: [],
        request: {
          subjectKind: entity,
          subjectLabel: label.get(entity) ?? entity,
          method: a.method,
          path: a.path,
          ok: a.statusCode < 400,
          statusCode: a.statusCode,
          resultCode: a.resultCode,
          message: failureOf(a, locale),
        },
      };
    }),
  };
}
