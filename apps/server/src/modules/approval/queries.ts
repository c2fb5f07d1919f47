import type { InstanceDetail, InstanceRow, Locale, MyPageQuery, MySummary, PageResult } from '@portal/contracts';
import { Perm } from '@portal/contracts';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, type DbOrTx, rowsOf } from '../../platform/db/index.js';
import { containsPattern } from '../../platform/db/like.js';
import type { FileService } from '../../platform/files/service.js';
import { AppError } from '../../platform/http/errors.js';
import { nameIn, nameInSql } from '../../platform/i18n/names.js';
import { userNames } from './directory.js';
import type { InstanceRecord } from './engine-core.js';
import { isFinished } from './engine-core.js';
import { fieldsOf } from './forms.service.js';
import { wfActions, wfCopies, wfInstances, wfProcesses, wfProcessVersions, wfTasks } from './schema.js';
import { iso } from './sql.js';

const initiator = alias(staffUsers, 'initiator');

/** `desc nulls last`: the order the list indexes are built in (plain `desc` means nulls first and would not use them). */
const newest = (col: AnyPgColumn) => sql`${col} desc nulls last`;

/** The list columns; the process name in the reader's language. */
const instanceCols = (locale: Locale) => ({
  id: wfInstances.id,
  title: wfInstances.title,
  processId: wfInstances.processId,
  processName: nameInSql(locale, wfProcesses.name, wfProcesses.nameEn),
  serviceName: wfInstances.serviceName,
  initiatorId: wfInstances.initiatorId,
  initiatorName: initiator.name,
  status: wfInstances.status,
  currentNodeName: nameInSql(locale, wfInstances.currentNodeName, wfInstances.currentNodeNameEn),
  createdAt: wfInstances.createdAt,
  updatedAt: wfInstances.updatedAt,
});

function instanceFilters(q: MyPageQuery, dateCol: SQL | AnyPgColumn): (SQL | undefined)[] {
  const byId = q.keyword && /^\d{1,9}$/.test(q.keyword) ? Number(q.keyword) : undefined;
  return [
    q.keyword
      ? or(ilike(wfInstances.title, containsPattern(q.keyword)), byId ? eq(wfInstances.id, byId) : undefined)
      : undefined,
    q.processId ? eq(wfInstances.processId, q.processId) : undefined,
    q.serviceName ? eq(wfInstances.serviceName, q.serviceName) : undefined,
    q.status ? eq(wfInstances.status, q.status) : undefined,
    q.dateFrom ? sql`${dateCol} >= ${q.dateFrom}::date` : undefined,
    q.dateTo ? sql`${dateCol} < ${q.dateTo}::date + 1` : undefined,
  ];
}

type Raw = Record<string, unknown> & { createdAt: Date; updatedAt: Date };
const toRow = (r: Raw): InstanceRow => ({
  id: r.id as number,
  title: r.title as string,
  processId: r.processId as number,
  processName: r.processName as string,
  serviceName: r.serviceName as string,
  initiatorId: r.initiatorId as number,
  initiatorName: r.initiatorName as string,
  status: r.status as InstanceRow['status'],
  currentNodeName: (r.currentNodeName as string | null) ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  taskId: (r.taskId as number | undefined) ?? null,
  taskNodeName: (r.taskNodeName as string | undefined) ?? null,
  taskStatus: (r.taskStatus as InstanceRow['taskStatus'] | undefined) ?? null,
  taskCreatedAt: iso(r.taskCreatedAt as Date | undefined),
  taskHandledAt: iso(r.taskHandledAt as Date | undefined),
  dueAt: iso(r.dueAt as Date | undefined),
});

const page = <T>(records: T[], total: number, q: MyPageQuery): PageResult<T> => ({
  records,
  total,
  page: q.page,
  size: q.size,
});

const taskCols = (locale: Locale) => ({
  ...instanceCols(locale),
  taskId: wfTasks.id,
  taskNodeName: nameInSql(locale, wfTasks.nodeName, wfTasks.nodeNameEn),
  taskStatus: wfTasks.status,
  taskCreatedAt: wfTasks.createdAt,
  taskHandledAt: wfTasks.handledAt,
  dueAt: wfTasks.dueAt,
});

async function taskPage(db: Db, userId: number, q: MyPageQuery, locale: Locale, handled: boolean) {
  const filters = instanceFilters(q, handled ? wfTasks.handledAt : wfTasks.createdAt).filter((f) => f !== undefined);
  const cond = and(
    eq(wfTasks.assigneeId, userId),
    handled ? sql`${wfTasks.status} in ('agreed', 'rejected', 'transmitted')` : eq(wfTasks.status, 'pending'),
    ...filters,
  );
  // without filters on the request the count is an index-only scan of the task index
  const counted = filters.length
    ? db
        .select({ n: sql<number>`count(*)::int` })
        .from(wfTasks)
        .innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
        .where(cond)
    : db.select({ n: sql<number>`count(*)::int` }).from(wfTasks).where(cond);
  const order = handled
    ? [newest(wfTasks.handledAt), newest(wfTasks.id)]
    : [newest(wfTasks.createdAt), newest(wfTasks.id)];
  const [rows, [count]] = await Promise.all([
    db
      .select(taskCols(locale))
      .from(wfTasks)
      .innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
      .innerJoin(wfProcesses, eq(wfProcesses.id, wfInstances.processId))
      .innerJoin(initiator, eq(initiator.id, wfInstances.initiatorId))
      .where(cond)
      .orderBy(...order)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    counted,
  ]);
  return page(rows.map(toRow), count?.n ?? 0, q);
}

/** My to-dos: my open tasks, newest first. */
export const todoPage = (db: Db, userId: number, q: MyPageQuery, locale: Locale) =>
  taskPage(db, userId, q, locale, false);
/** Handled by me: one row per task I decided or handed on, latest first. */
export const handledPage = (db: Db, userId: number, q: MyPageQuery, locale: Locale) =>
  taskPage(db, userId, q, locale, true);

/** My requests. */
export async function appliedPage(db: Db, userId: number, q: MyPageQuery, locale: Locale) {
  const cond = and(eq(wfInstances.initiatorId, userId), ...instanceFilters(q, wfInstances.createdAt));
  const [rows, [count]] = await Promise.all([
    db
      .select(instanceCols(locale))
      .from(wfInstances)
      .innerJoin(wfProcesses, eq(wfProcesses.id, wfInstances.processId))
      .innerJoin(initiator, eq(initiator.id, wfInstances.initiatorId))
      .where(cond)
      .orderBy(newest(wfInstances.createdAt), newest(wfInstances.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: sql<number>`count(*)::int` }).from(wfInstances).where(cond),
  ]);
  return page(rows.map(toRow), count?.n ?? 0, q);
}

/** Copied to me. */
export async function copiedPage(db: Db, userId: number, q: MyPageQuery, locale: Locale) {
  const cond = and(eq(wfCopies.userId, userId), ...instanceFilters(q, wfCopies.createdAt));
  const [rows, [count]] = await Promise.all([
    db
      .select({ ...instanceCols(locale), taskCreatedAt: wfCopies.createdAt })
      .from(wfCopies)
      .innerJoin(wfInstances, eq(wfInstances.id, wfCopies.instanceId))
      .innerJoin(wfProcesses, eq(wfProcesses.id, wfInstances.processId))
      .innerJoin(initiator, eq(initiator.id, wfInstances.initiatorId))
      .where(cond)
      .orderBy(newest(wfCopies.createdAt), newest(wfCopies.instanceId))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(wfCopies)
      .innerJoin(wfInstances, eq(wfInstances.id, wfCopies.instanceId))
      .where(cond),
  ]);
  return page(rows.map(toRow), count?.n ?? 0, q);
}

/**
 * The four home figures: open to-dos, my requests still in progress, tasks I decided, copies to me.
 */
export async function mySummary(db: Db, userId: number): Promise<MySummary> {
  const [row] = rowsOf<{ todo: number; apply: number; handle: number; cc: number }>(
    await db.execute(sql`
    select
      (select count(*)::int from wf_tasks where assignee_id = ${userId} and status = 'pending') as todo,
      (select count(*)::int from wf_instances where initiator_id = ${userId} and status in ('running', 'returned')) as apply,
      (select count(*)::int from wf_tasks where assignee_id = ${userId} and status in ('agreed', 'rejected', 'transmitted')) as handle,
      (select count(*)::int from wf_copies where user_id = ${userId}) as cc`),
  );
  return { todoNum: row?.todo ?? 0, applyNum: row?.apply ?? 0, handleNum: row?.handle ?? 0, ccNum: row?.cc ?? 0 };
}

/** Is the user part of this request: initiator, approver (now or before), or copied? */
export async function isInvolved(
  db: DbOrTx,
  inst: Pick<InstanceRecord, 'id' | 'initiatorId'>,
  userId: number,
): Promise<boolean> {
  if (inst.initiatorId === userId) return true;
  const [t] = await db
    .select({ id: wfTasks.id })
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, inst.id), eq(wfTasks.assigneeId, userId)))
    .limit(1);
  if (t) return true;
  const [c] = await db
    .select({ id: wfCopies.userId })
    .from(wfCopies)
    .where(and(eq(wfCopies.instanceId, inst.id), eq(wfCopies.userId, userId)))
    .limit(1);
  return !!c;
}

export async function visibleInstance(db: DbOrTx, id: number, auth: AuthContext): Promise<InstanceRecord> {
  const [inst] = await db.select().from(wfInstances).where(eq(wfInstances.id, id));
  if (!inst) throw new AppError('NOT_FOUND');
  if (!auth.perms.has(Perm.PROCESS_CONFIG) && !(await isInvolved(db, inst, auth.userId)))
    throw new AppError('WF_NOT_INVOLVED');
  return inst;
}

export async function currentTaskId(db: Db, instanceId: number, auth: AuthContext): Promise<number | null> {
  await visibleInstance(db, instanceId, auth);
  const [t] = await db
    .select({ id: wfTasks.id })
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.assigneeId, auth.userId), eq(wfTasks.status, 'pending')))
    .limit(1);
  return t?.id ?? null;
}

export async function formDataOf(db: Db, files: FileService, instanceId: number, auth: AuthContext) {
  const inst = await visibleInstance(db, instanceId, auth);
  const [p] = await db
    .select({ formId: wfProcesses.formId })
    .from(wfProcesses)
    .where(eq(wfProcesses.id, inst.processId));
  return {
    formData: inst.formData as InstanceDetail['formData'],
    fields: await fieldsOf(db, p!.formId),
    attachmentIds: inst.attachmentIds,
    attachments: await files.infos(inst.attachmentIds),
  };
}

export async function instanceDetail(
  db: Db,
  files: FileService,
  instanceId: number,
  auth: AuthContext,
  locale: Locale,
): Promise<InstanceDetail> {
  // the visibility check comes first: attachment URLs go only to those who may see the request
  const inst = await visibleInstance(db, instanceId, auth);
  const [[proc], tasks, history, copies, attachments] = await Promise.all([
    db
      .select({
        name: wfProcesses.name,
        nameEn: wfProcesses.nameEn,
        formId: wfProcesses.formId,
        version: wfProcessVersions.version,
      })
      .from(wfProcesses)
      .innerJoin(wfProcessVersions, eq(wfProcessVersions.id, inst.versionId))
      .where(eq(wfProcesses.id, inst.processId)),
    db.select().from(wfTasks).where(eq(wfTasks.instanceId, inst.id)).orderBy(asc(wfTasks.id)),
    db.select().from(wfActions).where(eq(wfActions.instanceId, inst.id)).orderBy(asc(wfActions.id)),
    db.select({ userId: wfCopies.userId }).from(wfCopies).where(eq(wfCopies.instanceId, inst.id)),
    files.infos(inst.attachmentIds),
  ]);
  const names = await userNames(db, [
    inst.initiatorId,
    ...tasks.map((t) => t.assigneeId),
    ...history.flatMap((h) => [h.userId ?? 0, h.targetUserId ?? 0]),
    ...copies.map((c) => c.userId),
  ]);
  const fields = await fieldsOf(db, proc!.formId);
  const myTask = tasks.find((t) => t.assigneeId === auth.userId && t.status === 'pending');
  const open = !isFinished(inst.status);
  const isInitiator = inst.initiatorId === auth.userId;
  const passed = inst.status === 'approved' ? inst.route : inst.route.slice(0, inst.stepIndex);
  return {
    id: inst.id,
    title: inst.title,
    processId: inst.processId,
    processName: nameIn(locale, proc!.name, proc!.nameEn),
    version: proc!.version,
    serviceName: inst.serviceName,
    businessKey: inst.businessKey,
    initiatorId: inst.initiatorId,
    initiatorName: names.get(inst.initiatorId) ?? '',
    status: inst.status as InstanceDetail['status'],
    currentNodeKey: inst.currentNodeKey,
    currentNodeName: inst.currentNodeName && nameIn(locale, inst.currentNodeName, inst.currentNodeNameEn),
    createdAt: inst.createdAt.toISOString(),
    finishedAt: iso(inst.finishedAt),
    formData: inst.formData as InstanceDetail['formData'],
    fields,
    attachmentIds: inst.attachmentIds,
    attachments,
    route: inst.route.map((s) => ({ ...s, name: nameIn(locale, s.name, s.nameEn) })),
    passedNodeKeys: passed.map((s) => s.nodeKey),
    tasks: tasks.map((t) => ({
      id: t.id,
      nodeKey: t.nodeKey,
      nodeName: nameIn(locale, t.nodeName, t.nodeNameEn),
      assigneeId: t.assigneeId,
      assigneeName: names.get(t.assigneeId) ?? '',
      status: t.status as InstanceDetail['tasks'][number]['status'],
      createdAt: t.createdAt.toISOString(),
      handledAt: iso(t.handledAt),
      dueAt: iso(t.dueAt),
    })),
    history: history.map((h) => ({
      id: h.id,
      action: h.action as InstanceDetail['history'][number]['action'],
      nodeKey: h.nodeKey,
      nodeName: h.nodeName && nameIn(locale, h.nodeName, h.nodeNameEn),
      userId: h.userId,
      userName: h.userId ? (names.get(h.userId) ?? null) : null,
      targetUserName: h.targetUserId ? (names.get(h.targetUserId) ?? null) : h.targetNode,
      opinion: h.opinion,
      createdAt: h.createdAt.toISOString(),
    })),
    ccUsers: copies.map((c) => ({ id: c.userId, name: names.get(c.userId) ?? '' })),
    viewer: {
      taskId: myTask?.id ?? null,
      canAgree: open && !!myTask,
      canReject: open && !!myTask,
      canTransmit: open && !!myTask,
      canWithdraw: open && isInitiator,
      canResubmit: inst.status === 'returned' && isInitiator,
      canComment: true,
    },
  };
}

/**
 * A request's steps (started, agreed, rejected, copied, …) for a business's own detail page: the
 * business answers only records its caller may read, so no involvement check here.
 */
export async function approvalTrail(db: DbOrTx, instanceId: number, locale: Locale) {
  const rows = await db.select().from(wfActions).where(eq(wfActions.instanceId, instanceId)).orderBy(asc(wfActions.id));
  const names = await userNames(
    db,
    rows.flatMap((h) => (h.userId ? [h.userId] : [])),
  );
  return rows.map((h) => ({
    id: h.id,
    action: h.action,
    nodeName: h.nodeName && nameIn(locale, h.nodeName, h.nodeNameEn),
    userName: h.userId ? (names.get(h.userId) ?? null) : null,
    opinion: h.opinion,
    createdAt: h.createdAt.toISOString(),
  }));
}
