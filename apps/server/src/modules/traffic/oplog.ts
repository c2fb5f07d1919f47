import { formatNumber, type Locale } from '@portal/contracts';
import type { FieldChange, RecordEvent } from '@portal/contracts/history';
import type { ResourceField } from '@portal/contracts/resource';
import {
  type OperationLogChange,
  type OperationLogPage,
  type OperationLogQuery,
  type OperationLogRow,
  twoWayRuleResource,
} from '@portal/contracts/traffic';
import { and, count, desc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
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
  if (q.kind && !records.some((r) => r.entity === q.kind)) fail('TRF_OPLOG_KIND_UNKNOWN', { vars: { value: q.kind } });
  const wanted = q.kind ? records.filter((r) => r.entity === q.kind) : records;
  const where = and(
    or(...wanted.map((r) => and(eq(recordEvents.entity, r.entity), inArray(recordEvents.recordId, r.ids)))),
    gte(recordEvents.at, range.from),
    lt(recordEvents.at, range.to),
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
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const label = new Map(kinds.map((k) => [k.value, k.label]));
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
      });
    }
  }
  out.sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1));
  return { records: out, total, page: q.page, size: q.size, account, kinds };
}
