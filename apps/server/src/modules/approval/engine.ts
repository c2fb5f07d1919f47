import type { FormValues, RouteStep } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/index.js';
import { claimFilesForAttach } from '../../platform/files/attach.js';
import { AppError } from '../../platform/http/errors.js';
import { isActiveApprover, isActiveUser, userNames } from './directory.js';
import {
  cancelPendingTasks,
  createTasks,
  enterStep,
  finish,
  type InstanceRecord,
  isFinished,
  lockInstance,
  markChanged,
  type Outbox,
  pendingCount,
  recordAction,
  recordApprovalEvent,
  usersWithPendingTasks,
} from './engine-core.js';
import { attachmentIdsOf, checkDictValues, checkFormValues } from './form-values.js';
import { fieldsOf } from './forms.service.js';
import { planRoute } from './route-plan.js';
import { wfInstances, wfProcesses, wfProcessVersions, wfTasks } from './schema.js';

export interface StartInput {
  processId: number;
  initiatorId: number;
  title: string;
  formData: FormValues;
  attachmentIds?: string[];
  /** the business record this request is about (e.g. a recharge application id) */
  businessKey?: string | null;
  /** resubmit this returned request instead of starting a new one */
  instanceId?: number;
  locale?: 'zh' | 'en';
}

/**
 * Attachments are the initiator's own system uploads (or files already on the returned request):
 * the platform's attach rule, with unknown and someone else's files answered as unknown attachments.
 */
async function checkAttachments(tx: Tx, initiatorId: number, ids: string[], keep: string[] = []) {
  await claimFilesForAttach(tx, initiatorId, ids, {
    keep,
    refuse: (reason, id) =>
      reason === 'unknown'
        ? new AppError('WF_ATTACHMENT_UNKNOWN', { vars: { value: id } })
        : new AppError('FILE_PURPOSE_NOT_ATTACHABLE', { vars: { value: id } }),
  });
}

async function currentVersion(tx: Tx, processId: number) {
  const [row] = await tx
    .select({
      process: wfProcesses,
      versionId: wfProcessVersions.id,
      definition: wfProcessVersions.definition,
    })
    .from(wfProcesses)
    .innerJoin(wfProcessVersions, eq(wfProcessVersions.id, wfProcesses.currentVersionId))
    .where(eq(wfProcesses.id, processId));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The route a request with these values would take, for the submit screen's preview. */
export async function previewRoute(
  db: Db,
  processId: number,
  formData: FormValues,
  initiatorId: number,
): Promise<RouteStep[]> {
  return db.transaction(async (tx) => {
    const { definition } = await currentVersion(tx, processId);
    return planRoute(tx, definition, formData, initiatorId);
  });
}

/**
 * Starts a request on the process's current version (or resubmits a returned one on its own
 * version): checks the form, plans the route, opens the first step. Runs in the caller's
 * transaction when given one, so a business can create its record and the request together.
 */
export async function startInstance(tx: Tx, input: StartInput, out: Outbox): Promise<{ instanceId: number }> {
  const { process, versionId, definition } = await currentVersion(tx, input.processId);
  if (input.instanceId) return resubmit(tx, input, out);
  if (!process.enabled) throw new AppError('WF_PROCESS_DISABLED');
  const fields = await fieldsOf(tx, process.formId);
  const formData = checkFormValues(fields, input.formData, input.locale);
  await checkDictValues(tx, fields, formData, input.locale);
  const attachmentIds = [...new Set([...(input.attachmentIds ?? []), ...attachmentIdsOf(fields, formData)])];
  await checkAttachments(tx, input.initiatorId, attachmentIds);
  const route = await planRoute(tx, definition, formData, input.initiatorId);
  const [inst] = await tx
    .insert(wfInstances)
    .values({
      processId: process.id,
      versionId,
      serviceName: process.serviceName,
      businessKey: input.businessKey ?? null,
      title: input.title,
      initiatorId: input.initiatorId,
      formData,
      attachmentIds,
      route,
      status: 'running',
    })
    .returning();
  // a new request reaches the open lists and overviews of the people on it (initiator, first approvers)
  markChanged(tx, inst!.id);
  await recordAction(tx, { instanceId: inst!.id, action: 'start', userId: input.initiatorId });
  await recordApprovalEvent(tx, inst!, 'started', input.initiatorId, undefined, out.now);
  await enterStep(tx, inst!, 0, input.initiatorId, out);
  return { instanceId: inst!.id };
}

async function resubmit(tx: Tx, input: StartInput, out: Outbox): Promise<{ instanceId: number }> {
  const inst = await lockInstance(tx, input.instanceId!);
  if (inst.processId !== input.processId) throw new AppError('NOT_FOUND');
  if (inst.initiatorId !== input.initiatorId) throw new AppError('WF_NOT_INITIATOR');
  if (isFinished(inst.status)) throw new AppError('WF_INSTANCE_FINISHED');
  if (inst.status !== 'returned') throw new AppError('WF_NOT_RETURNED');
  const [v] = await tx
    .select({ definition: wfProcessVersions.definition, formId: wfProcesses.formId })
    .from(wfProcessVersions)
    .innerJoin(wfProcesses, eq(wfProcesses.id, wfProcessVersions.processId))
    .where(eq(wfProcessVersions.id, inst.versionId));
  const fields = await fieldsOf(tx, v!.formId);
  const formData = checkFormValues(fields, input.formData, input.locale);
  await checkDictValues(tx, fields, formData, input.locale);
  const attachmentIds = [...new Set([...(input.attachmentIds ?? []), ...attachmentIdsOf(fields, formData)])];
  await checkAttachments(tx, inst.initiatorId, attachmentIds, inst.attachmentIds);
  const route = await planRoute(tx, v!.definition, formData, inst.initiatorId);
  const [updated] = await tx
    .update(wfInstances)
    .set({
      title: input.title,
      formData,
      attachmentIds,
      route,
      round: inst.round + 1,
      status: 'running',
      updatedAt: out.now,
    })
    .where(eq(wfInstances.id, inst.id))
    .returning();
  await recordAction(tx, { instanceId: inst.id, action: 'resubmit', userId: input.initiatorId });
  await recordApprovalEvent(tx, updated!, 'resubmitted', input.initiatorId, undefined, out.now);
  await enterStep(tx, updated!, 0, input.initiatorId, out);
  return { instanceId: inst.id };
}

/**
 * The task and its instance, locked, for an approver's action: unknown task → not found; someone
 * else's → not yours; the request ended → finished; the task already decided → already handled.
 */
async function myOpenTask(tx: Tx, taskId: number, userId: number) {
  const [peek] = await tx.select({ instanceId: wfTasks.instanceId }).from(wfTasks).where(eq(wfTasks.id, taskId));
  if (!peek) throw new AppError('NOT_FOUND');
  const inst = await lockInstance(tx, peek.instanceId);
  const [task] = await tx.select().from(wfTasks).where(eq(wfTasks.id, taskId));
  if (task!.assigneeId !== userId) throw new AppError('WF_NOT_ASSIGNEE');
  if (isFinished(inst.status)) throw new AppError('WF_INSTANCE_FINISHED');
  if (task!.status !== 'pending') throw new AppError('WF_TASK_HANDLED');
  return { inst, task: task! };
}

const stepOf = (inst: InstanceRecord) => inst.route[inst.stepIndex]!;

export async function agree(tx: Tx, taskId: number, userId: number, opinion: string, out: Outbox) {
  const { inst, task } = await myOpenTask(tx, taskId, userId);
  await tx.update(wfTasks).set({ status: 'agreed', handledAt: out.now }).where(eq(wfTasks.id, task.id));
  await recordAction(tx, {
    instanceId: inst.id,
    action: 'agree',
    userId,
    taskId,
    nodeKey: task.nodeKey,
    nodeName: task.nodeName,
    nodeNameEn: task.nodeNameEn,
    opinion,
  });
  const step = stepOf(inst);
  // one-of: this vote decides the node; all-of (countersign): the node passes with the last vote
  if (step.mode === 'any') await cancelPendingTasks(tx, inst.id, out.now);
  else if ((await pendingCount(tx, inst.id)) > 0) return;
  await enterStep(tx, inst, inst.stepIndex + 1, userId, out);
}

/** Earlier approval steps of the route a request may be sent back to from its current step. */
export function rejectableSteps(inst: InstanceRecord): RouteStep[] {
  return inst.route.slice(0, inst.stepIndex).filter((s) => s.type === 'approval' && s.rejectable);
}

export async function reject(
  tx: Tx,
  body: { taskId: number; target: 'end' | 'initiator' | 'node'; nodeKey?: string; opinion: string },
  userId: number,
  out: Outbox,
) {
  const { inst, task } = await myOpenTask(tx, body.taskId, userId);
  let backTo = -1;
  if (body.target === 'node') {
    backTo = inst.route.findIndex((s) => s.nodeKey === body.nodeKey);
    if (!rejectableSteps(inst).some((s) => s.nodeKey === body.nodeKey) || backTo < 0)
      throw new AppError('WF_REJECT_TARGET');
  }
  await tx.update(wfTasks).set({ status: 'rejected', handledAt: out.now }).where(eq(wfTasks.id, task.id));
  await cancelPendingTasks(tx, inst.id, out.now);
  await recordAction(tx, {
    instanceId: inst.id,
    action: 'reject',
    userId,
    taskId: task.id,
    nodeKey: task.nodeKey,
    nodeName: task.nodeName,
    nodeNameEn: task.nodeNameEn,
    targetNode: body.target === 'node' ? body.nodeKey! : body.target,
    opinion: body.opinion,
  });
  const notice = {
    event: 'rejected' as const,
    userIds: [inst.initiatorId],
    instanceId: inst.id,
    processId: inst.processId,
    title: inst.title,
    actorId: userId,
    opinion: body.opinion,
  };
  if (body.target === 'end') {
    await finish(tx, inst, 'rejected', userId, body.opinion, out);
    out.push(notice);
    return;
  }
  if (body.target === 'initiator') {
    await tx
      .update(wfInstances)
      .set({
        status: 'returned',
        currentNodeKey: null,
        currentNodeName: null,
        currentNodeNameEn: null,
        updatedAt: out.now,
      })
      .where(eq(wfInstances.id, inst.id));
    out.push(notice);
    return;
  }
  const [next] = await tx
    .update(wfInstances)
    .set({ round: inst.round + 1 })
    .where(eq(wfInstances.id, inst.id))
    .returning();
  await enterStep(tx, next!, backTo, userId, out);
  out.push(notice);
}

export async function transmit(
  tx: Tx,
  body: { taskId: number; toUserId: number; opinion: string },
  userId: number,
  out: Outbox,
) {
  const { inst, task } = await myOpenTask(tx, body.taskId, userId);
  if (body.toUserId === userId || !(await isActiveUser(tx, body.toUserId))) throw new AppError('WF_TRANSMIT_TARGET');
  if (!(await isActiveApprover(tx, body.toUserId))) {
    const names = await userNames(tx, [body.toUserId]);
    throw new AppError('HANDOVER_NO_APPROVAL_PERMISSION', { vars: { value: names.get(body.toUserId) ?? '' } });
  }
  if ((await usersWithPendingTasks(tx, inst.id, [body.toUserId])).length) throw new AppError('WF_TRANSMIT_TARGET');
  await tx.update(wfTasks).set({ status: 'transmitted', handledAt: out.now }).where(eq(wfTasks.id, task.id));
  const step = stepOf(inst);
  await createTasks(tx, inst, step, [body.toUserId], out.now);
  // the new task keeps the original deadline
  if (task.dueAt)
    await tx
      .update(wfTasks)
      .set({ dueAt: task.dueAt })
      .where(
        and(eq(wfTasks.instanceId, inst.id), eq(wfTasks.assigneeId, body.toUserId), eq(wfTasks.status, 'pending')),
      );
  await recordAction(tx, {
    instanceId: inst.id,
    action: 'transmit',
    userId,
    taskId: task.id,
    nodeKey: task.nodeKey,
    nodeName: task.nodeName,
    nodeNameEn: task.nodeNameEn,
    targetUserId: body.toUserId,
    opinion: body.opinion,
  });
  out.push({
    event: 'todo',
    userIds: [body.toUserId],
    instanceId: inst.id,
    processId: inst.processId,
    title: inst.title,
    actorId: userId,
    node: { zh: task.nodeName, en: task.nodeNameEn ?? task.nodeName },
  });
}

export async function withdraw(tx: Tx, instanceId: number, userId: number, opinion: string, out: Outbox) {
  const inst = await lockInstance(tx, instanceId);
  if (inst.initiatorId !== userId) throw new AppError('WF_NOT_INITIATOR');
  if (isFinished(inst.status)) throw new AppError('WF_INSTANCE_FINISHED');
  const told = await cancelPendingTasks(tx, inst.id, out.now);
  await recordAction(tx, { instanceId: inst.id, action: 'withdraw', userId, opinion });
  await finish(tx, inst, 'withdrawn', userId, opinion, out);
  out.push({
    event: 'withdrawn',
    userIds: told,
    instanceId: inst.id,
    processId: inst.processId,
    title: inst.title,
    actorId: userId,
    opinion,
  });
}

/** Anyone involved may comment, also after the end; the comment joins the timeline. */
export async function comment(
  tx: Tx,
  instanceId: number,
  userId: number,
  content: string,
  involved: (inst: InstanceRecord) => Promise<boolean>,
) {
  const inst = await lockInstance(tx, instanceId);
  if (!(await involved(inst))) throw new AppError('WF_NOT_INVOLVED');
  await recordAction(tx, {
    instanceId: inst.id,
    action: 'comment',
    userId,
    nodeKey: inst.currentNodeKey,
    nodeName: inst.currentNodeName,
    nodeNameEn: inst.currentNodeNameEn,
    opinion: content,
  });
}

/** Overdue tasks not yet reminded, claimed for reminding (SKIP LOCKED: several workers never remind twice). */
export async function claimOverdueTasks(tx: Tx, limit: number, now: Date) {
  return tx.execute(sql`
    update wf_tasks t set reminded_at = ${now.toISOString()}::timestamptz
    from wf_instances i
    where t.id in (
      select id from wf_tasks
      where status = 'pending' and reminded_at is null and due_at < ${now.toISOString()}::timestamptz
      order by due_at limit ${limit} for update skip locked
    ) and i.id = t.instance_id
    returning t.id, t.instance_id, t.assignee_id, t.node_name, t.node_name_en, i.initiator_id, i.process_id, i.title`);
}
