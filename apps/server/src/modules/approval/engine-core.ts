import type { NotifyEvent, RouteStep } from '@portal/contracts';
import type { ApprovalEventData } from '@portal/contracts/history';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/index.js';
import { appendRecordEvents } from '../../platform/history/service.js';
import { AppError } from '../../platform/http/errors.js';
import { handlerOf } from './handlers.js';
import { wfActions, wfCopies, wfInstances, wfTasks } from './schema.js';

export type InstanceRecord = typeof wfInstances.$inferSelect;

/** A notification decided inside a transaction and delivered after it commits. */
export interface Notice {
  event: NotifyEvent;
  userIds: number[];
  instanceId: number;
  processId: number;
  title: string;
  actorId: number;
  opinion?: string;
  /** the step the notice is about (to-do, overdue), in both languages */
  node?: { zh: string; en: string };
}

/**
 * Everything an engine step collects: the notifications to deliver once the transaction commits;
 * `now` is the platform clock's time of the command (time limits are counted from it).
 */
/**
 * What one engine command collects for after its commit: notices, and the owning businesses' after-commit
 * work (`after`: absent where a seed drives the engine in its own transaction; the work then runs at once).
 */
export type Outbox = Notice[] & { readonly now: Date; readonly after?: (() => unknown)[] };

/** Instances each transaction locked: the ones it may change, announced live after the commit. */
const locked = new WeakMap<Tx, Set<number>>();

export const instancesLockedIn = (tx: Tx): number[] => [...(locked.get(tx) ?? [])];

/** Marks an instance this transaction created or changed, so it is announced live after the commit. */
export function markChanged(tx: Tx, id: number): void {
  const ids = locked.get(tx);
  if (ids) ids.add(id);
  else locked.set(tx, new Set([id]));
}

/**
 * Takes the instance's row lock (SELECT … FOR UPDATE): every state change of one instance runs
 * under it, so two approvers, a countersign's last two votes, or a withdraw racing an agree are
 * serialised and each sees the other's outcome.
 */
export async function lockInstance(tx: Tx, id: number): Promise<InstanceRecord> {
  markChanged(tx, id);
  const [row] = await tx.select().from(wfInstances).where(eq(wfInstances.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export const isFinished = (status: string) => status === 'approved' || status === 'rejected' || status === 'withdrawn';

export async function recordAction(
  tx: Tx,
  a: {
    instanceId: number;
    action: string;
    userId: number | null;
    taskId?: number | null;
    nodeKey?: string | null;
    nodeName?: string | null;
    nodeNameEn?: string | null;
    targetUserId?: number | null;
    targetNode?: string | null;
    opinion?: string | null;
  },
) {
  await tx.insert(wfActions).values({
    instanceId: a.instanceId,
    action: a.action,
    userId: a.userId,
    taskId: a.taskId ?? null,
    nodeKey: a.nodeKey ?? null,
    nodeName: a.nodeName ?? null,
    nodeNameEn: a.nodeNameEn ?? a.nodeName ?? null,
    targetUserId: a.targetUserId ?? null,
    targetNode: a.targetNode ?? null,
    opinion: a.opinion || null,
  });
}

/** Cancels the instance's open tasks (the node was decided, sent back or withdrawn); returns their assignees. */
export async function cancelPendingTasks(tx: Tx, instanceId: number, now: Date): Promise<number[]> {
  const rows = await tx
    .update(wfTasks)
    .set({ status: 'cancelled', handledAt: now })
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending')))
    .returning({ assigneeId: wfTasks.assigneeId });
  return rows.map((r) => r.assigneeId);
}

export async function createTasks(tx: Tx, inst: InstanceRecord, step: RouteStep, userIds: number[], now: Date) {
  const dueAt = step.timeLimitHours ? new Date(now.getTime() + step.timeLimitHours * 3600_000) : null;
  if (userIds.length === 0) return;
  await tx.insert(wfTasks).values(
    userIds.map((assigneeId) => ({
      instanceId: inst.id,
      nodeKey: step.nodeKey,
      nodeName: step.name,
      nodeNameEn: step.nameEn ?? step.name,
      round: inst.round,
      assigneeId,
      dueAt,
    })),
  );
}

const outcomeOf = (inst: InstanceRecord, tx: Tx, actorId: number, opinion: string, out: Outbox) => ({
  tx,
  afterCommit: (fn: () => unknown) => {
    if (out.after) out.after.push(fn);
    else fn();
  },
  instance: {
    id: inst.id,
    serviceName: inst.serviceName,
    businessKey: inst.businessKey,
    title: inst.title,
    initiatorId: inst.initiatorId,
    formData: inst.formData,
  },
  actorId,
  opinion,
});

/**
 * The business record's own history hears about its request (when the owning business names its
 * history entity and the request names the record), in the transaction of the step.
 */
export async function recordApprovalEvent(
  tx: Tx,
  inst: Pick<InstanceRecord, 'id' | 'serviceName' | 'businessKey' | 'title'>,
  action: ApprovalEventData['action'],
  actorId: number,
  opinion: string | undefined,
  at: Date,
) {
  const entity = handlerOf(inst.serviceName)?.historyEntity;
  if (!entity || !inst.businessKey) return;
  const data: ApprovalEventData = { requestId: inst.id, action, title: inst.title };
  await appendRecordEvents(
    tx,
    [{ entity, recordId: inst.businessKey, actorId, kind: 'approval', body: opinion || undefined, data: { ...data } }],
    at,
  );
}

/** A final transition: status, finish time (the command's platform clock time, `out.now`), the owning business's handler in the same transaction. */
export async function finish(
  tx: Tx,
  inst: InstanceRecord,
  status: 'approved' | 'rejected' | 'withdrawn',
  actorId: number,
  opinion: string,
  out: Outbox,
) {
  const now = out.now;
  await tx
    .update(wfInstances)
    .set({
      status,
      currentNodeKey: null,
      currentNodeName: null,
      currentNodeNameEn: null,
      finishedAt: now,
      updatedAt: now,
    })
    .where(eq(wfInstances.id, inst.id));
  const handler = handlerOf(inst.serviceName);
  const outcome = outcomeOf({ ...inst, status }, tx, actorId, opinion, out);
  if (status === 'approved') await handler?.onApproved?.(outcome);
  if (status === 'rejected') await handler?.onRejected?.(outcome);
  if (status === 'withdrawn') await handler?.onWithdrawn?.(outcome);
  await recordApprovalEvent(tx, inst, status, actorId, opinion, now);
  if (status === 'approved') {
    await recordAction(tx, { instanceId: inst.id, action: 'approved', userId: null });
    out.push({
      event: 'approved',
      userIds: [inst.initiatorId],
      instanceId: inst.id,
      processId: inst.processId,
      title: inst.title,
      actorId,
    });
  }
}

/**
 * Moves the instance to route step `index`: CC steps record their copies and pass straight on; an
 * approval step opens one task per approver; past the last step the request is approved.
 */
export async function enterStep(tx: Tx, inst: InstanceRecord, index: number, actorId: number, out: Outbox) {
  const route = inst.route;
  let i = index;
  for (; i < route.length; i++) {
    const step = route[i]!;
    if (step.type === 'cc') {
      const ids = step.approvers.map((a) => a.id);
      await tx
        .insert(wfCopies)
        .values(ids.map((userId) => ({ instanceId: inst.id, userId, nodeKey: step.nodeKey })))
        .onConflictDoNothing();
      await recordAction(tx, {
        instanceId: inst.id,
        action: 'cc',
        userId: null,
        nodeKey: step.nodeKey,
        nodeName: step.name,
        nodeNameEn: step.nameEn ?? step.name,
      });
      out.push({
        event: 'cc',
        userIds: ids,
        instanceId: inst.id,
        processId: inst.processId,
        title: inst.title,
        actorId,
      });
      continue;
    }
    const ids = step.approvers.map((a) => a.id);
    await tx
      .update(wfInstances)
      .set({
        stepIndex: i,
        status: 'running',
        currentNodeKey: step.nodeKey,
        currentNodeName: step.name,
        currentNodeNameEn: step.nameEn ?? step.name,
        updatedAt: out.now,
      })
      .where(eq(wfInstances.id, inst.id));
    await createTasks(tx, inst, step, ids, out.now);
    out.push({
      event: 'todo',
      userIds: ids,
      instanceId: inst.id,
      processId: inst.processId,
      title: inst.title,
      actorId,
      node: { zh: step.name, en: step.nameEn ?? step.name },
    });
    return;
  }
  await tx.update(wfInstances).set({ stepIndex: route.length }).where(eq(wfInstances.id, inst.id));
  await finish(tx, inst, 'approved', actorId, '', out);
}

/** Pending tasks left on the instance (only the current step ever has any). */
export async function pendingCount(tx: Tx, instanceId: number): Promise<number> {
  const rows = await tx
    .select({ id: wfTasks.id })
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending')));
  return rows.length;
}

export async function usersWithPendingTasks(tx: Tx, instanceId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .select({ id: wfTasks.assigneeId })
    .from(wfTasks)
    .where(
      and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), inArray(wfTasks.assigneeId, userIds)),
    );
  return rows.map((r) => r.id);
}
