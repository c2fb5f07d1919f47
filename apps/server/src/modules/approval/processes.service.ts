import type {
  PageResult,
  ProcessDefinition,
  ProcessDetail,
  ProcessNotify,
  ProcessRow,
  ProcessSaveBody,
  SponsorProcess,
  VersionRow,
} from '@portal/contracts';
import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { containsPattern } from '../../platform/db/like.js';
import { assertUnchanged } from '../../platform/db/unchanged.js';
import { AppError } from '../../platform/http/errors.js';
import { registeredServiceNames } from './handlers.js';
import { wfForms, wfProcesses, wfProcessVersions, wfRoles } from './schema.js';

const rowSelect = {
  id: wfProcesses.id,
  code: wfProcesses.code,
  name: wfProcesses.name,
  nameEn: wfProcesses.nameEn,
  groupName: wfProcesses.groupName,
  serviceName: wfProcesses.serviceName,
  formId: wfProcesses.formId,
  formName: wfForms.name,
  applyPath: wfProcesses.applyPath,
  description: wfProcesses.description,
  enabled: wfProcesses.enabled,
  version: wfProcessVersions.version,
  versionId: wfProcessVersions.id,
  updatedAt: wfProcesses.updatedAt,
};

const baseQuery = (db: DbOrTx) =>
  db
    .select(rowSelect)
    .from(wfProcesses)
    .innerJoin(wfForms, eq(wfForms.id, wfProcesses.formId))
    .innerJoin(wfProcessVersions, eq(wfProcessVersions.id, wfProcesses.currentVersionId));

const toRow = (r: Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number]): ProcessRow => ({
  ...r,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listProcesses(
  db: Db,
  q: { page: number; size: number; keyword?: string; serviceName?: string; enabled?: boolean },
): Promise<PageResult<ProcessRow>> {
  const cond = and(
    q.keyword
      ? or(ilike(wfProcesses.name, containsPattern(q.keyword)), ilike(wfProcesses.code, containsPattern(q.keyword)))
      : undefined,
    q.serviceName ? eq(wfProcesses.serviceName, q.serviceName) : undefined,
    q.enabled === undefined ? undefined : eq(wfProcesses.enabled, q.enabled),
  );
  const [rows, [count]] = await Promise.all([
    baseQuery(db)
      .where(cond)
      .orderBy(asc(wfProcesses.groupName), asc(wfProcesses.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: sql<number>`count(*)::int` }).from(wfProcesses).where(cond),
  ]);
  return { records: rows.map(toRow), total: count?.n ?? 0, page: q.page, size: q.size };
}

export async function processDetail(db: DbOrTx, id: number): Promise<ProcessDetail> {
  const [row] = await baseQuery(db).where(eq(wfProcesses.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  const [v] = await db
    .select({ definition: wfProcessVersions.definition })
    .from(wfProcessVersions)
    .where(eq(wfProcessVersions.id, row.versionId));
  return { ...toRow(row), definition: v!.definition };
}

/** Roles, users and condition fields a definition names must exist. */
async function checkDefinition(db: DbOrTx, d: ProcessDefinition) {
  const roleIds = [...new Set(d.nodes.flatMap((n) => (n.approverKind === 'role' && n.roleId ? [n.roleId] : [])))];
  for (const roleId of roleIds) {
    const [role] = await db
      .select({ id: wfRoles.id })
      .from(wfRoles)
      .where(and(eq(wfRoles.id, roleId), eq(wfRoles.deleted, false)));
    if (!role)
      throw new AppError('VALIDATION_FAILED', {
        data: [{ field: 'definition.nodes.roleId', message: `no role ${roleId}` }],
      });
  }
  const userIds = [...new Set(d.nodes.flatMap((n) => (n.approverKind === 'users' ? n.userIds : [])))];
  if (userIds.length) {
    const rows = await db.select({ id: staffUsers.id }).from(staffUsers).where(sql`${staffUsers.id} in ${userIds}`);
    if (rows.length !== userIds.length)
      throw new AppError('VALIDATION_FAILED', {
        data: [{ field: 'definition.nodes.userIds', message: 'unknown user' }],
      });
  }
}

/** JSON with sorted keys: jsonb does not keep key order. */
const canonical = (v: unknown): string =>
  v === null || typeof v !== 'object'
    ? JSON.stringify(v)
    : Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`;
const sameDefinition = (a: ProcessDefinition, b: ProcessDefinition) => canonical(a) === canonical(b);

/**
 * Creates a process (version 1) or edits one. A changed definition becomes a new version that
 * new requests use; running instances keep the version they started with.
 */
export async function saveProcess(db: Db, input: ProcessSaveBody, userId: number): Promise<ProcessDetail> {
  // a node saved without an English name keeps its Chinese one for both languages
  const nodes = input.definition.nodes.map((n) => ({ ...n, nameEn: n.nameEn ?? n.name }));
  const body = { ...input, definition: { ...input.definition, nodes } };
  return db.transaction(async (tx) => {
    const [form] = await tx
      .select({ id: wfForms.id })
      .from(wfForms)
      .where(and(eq(wfForms.id, body.formId), eq(wfForms.deleted, false)));
    if (!form) throw new AppError('NOT_FOUND');
    const [dup] = await tx
      .select({ id: wfProcesses.id })
      .from(wfProcesses)
      .where(and(eq(wfProcesses.code, body.code), body.id ? ne(wfProcesses.id, body.id) : undefined));
    if (dup) throw new AppError('DUPLICATE', { vars: { value: body.code } });
    await checkDefinition(tx, body.definition);
    const meta = {
      code: body.code,
      name: body.name,
      nameEn: body.nameEn,
      groupName: body.groupName,
      serviceName: body.serviceName,
      formId: body.formId,
      applyPath: body.applyPath,
      description: body.description,
      updatedAt: new Date(),
    };
    let processId = body.id;
    if (processId) {
      const [current] = await tx
        .select({ versionId: wfProcesses.currentVersionId, updatedAt: wfProcesses.updatedAt })
        .from(wfProcesses)
        .where(eq(wfProcesses.id, processId))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND');
      assertUnchanged(current.updatedAt, body.expectUpdatedAt);
      await tx.update(wfProcesses).set(meta).where(eq(wfProcesses.id, processId));
      const [v] = await tx
        .select({ definition: wfProcessVersions.definition })
        .from(wfProcessVersions)
        .where(eq(wfProcessVersions.id, current.versionId!));
      if (v && sameDefinition(v.definition, body.definition)) return processDetail(tx, processId);
    } else {
      const [row] = await tx.insert(wfProcesses).values(meta).returning({ id: wfProcesses.id });
      processId = row!.id;
    }
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${wfProcessVersions.version}), 0)::int` })
      .from(wfProcessVersions)
      .where(eq(wfProcessVersions.processId, processId));
    const [version] = await tx
      .insert(wfProcessVersions)
      .values({ processId, version: (last?.n ?? 0) + 1, definition: body.definition, createdBy: userId })
      .returning({ id: wfProcessVersions.id });
    await tx.update(wfProcesses).set({ currentVersionId: version!.id }).where(eq(wfProcesses.id, processId));
    return processDetail(tx, processId);
  });
}

export async function setProcessEnabled(db: Db, id: number, enabled: boolean): Promise<void> {
  const [row] = await db
    .update(wfProcesses)
    .set({ enabled, updatedAt: new Date() })
    .where(eq(wfProcesses.id, id))
    .returning({ id: wfProcesses.id });
  if (!row) throw new AppError('NOT_FOUND');
}

export async function versionsOf(db: Db, processId: number): Promise<VersionRow[]> {
  const [proc] = await db
    .select({ current: wfProcesses.currentVersionId })
    .from(wfProcesses)
    .where(eq(wfProcesses.id, processId));
  if (!proc) throw new AppError('NOT_FOUND');
  const rows = await db
    .select({
      id: wfProcessVersions.id,
      processId: wfProcessVersions.processId,
      version: wfProcessVersions.version,
      createdAt: wfProcessVersions.createdAt,
      createdByName: staffUsers.name,
      instanceCount: sql<number>`(select count(*)::int from wf_instances i where i.version_id = ${wfProcessVersions.id})`,
    })
    .from(wfProcessVersions)
    .leftJoin(staffUsers, eq(staffUsers.id, wfProcessVersions.createdBy))
    .where(eq(wfProcessVersions.processId, processId))
    .orderBy(desc(wfProcessVersions.version));
  return rows.map((r) => ({ ...r, current: r.id === proc.current, createdAt: r.createdAt.toISOString() }));
}

export async function versionDetail(db: Db, versionId: number) {
  const [row] = await db
    .select({ processId: wfProcessVersions.processId, definition: wfProcessVersions.definition })
    .from(wfProcessVersions)
    .where(eq(wfProcessVersions.id, versionId));
  if (!row) throw new AppError('NOT_FOUND');
  const list = await versionsOf(db, row.processId);
  return { ...list.find((v) => v.id === versionId)!, definition: row.definition };
}

/** Processes staff may start: enabled ones, grouped by their group name on the screen. */
export async function sponsorList(db: Db, keyword?: string): Promise<SponsorProcess[]> {
  return db
    .select({
      id: wfProcesses.id,
      name: wfProcesses.name,
      nameEn: wfProcesses.nameEn,
      groupName: wfProcesses.groupName,
      serviceName: wfProcesses.serviceName,
      formId: wfProcesses.formId,
      applyPath: wfProcesses.applyPath,
      description: wfProcesses.description,
    })
    .from(wfProcesses)
    .where(
      and(
        eq(wfProcesses.enabled, true),
        keyword
          ? or(ilike(wfProcesses.name, containsPattern(keyword)), ilike(wfProcesses.nameEn, containsPattern(keyword)))
          : undefined,
      ),
    )
    .orderBy(asc(wfProcesses.groupName), asc(wfProcesses.id));
}

export async function processOptions(db: Db) {
  return db
    .select({ value: wfProcesses.id, label: wfProcesses.name })
    .from(wfProcesses)
    .orderBy(asc(wfProcesses.groupName), asc(wfProcesses.id));
}

export async function serviceNameOptions(db: Db): Promise<{ value: string; label: string }[]> {
  const rows = await db.selectDistinct({ s: wfProcesses.serviceName }).from(wfProcesses);
  const names = new Set(['general', ...registeredServiceNames(), ...rows.map((r) => r.s)]);
  return [...names].sort().map((s) => ({ value: s, label: s }));
}

export async function notifyOf(db: DbOrTx, processId: number): Promise<ProcessNotify> {
  const [row] = await db
    .select({ events: wfProcesses.notifyEvents, webhookUrl: wfProcesses.webhookUrl })
    .from(wfProcesses)
    .where(eq(wfProcesses.id, processId));
  if (!row) throw new AppError('NOT_FOUND');
  return { processId, events: row.events as ProcessNotify['events'], webhookUrl: row.webhookUrl };
}

export async function saveNotify(db: Db, n: ProcessNotify): Promise<ProcessNotify> {
  // a transaction: the check-repeat outcome is recorded with the change (idempotence service)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(wfProcesses)
      .set({ notifyEvents: [...new Set(n.events)], webhookUrl: n.webhookUrl, updatedAt: new Date() })
      .where(eq(wfProcesses.id, n.processId))
      .returning({ id: wfProcesses.id });
    if (!row) throw new AppError('NOT_FOUND');
    return notifyOf(tx, n.processId);
  });
}
