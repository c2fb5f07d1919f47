import { rowsOf } from '../../platform/db/index.js';
import type { Platform } from '../../platform/platform.js';
import { claimOverdueTasks } from './engine.js';
import type { Notice } from './engine-core.js';
import { deliver } from './notifications.js';
import { wfActions } from './schema.js';

export const REMIND_JOB = 'approval.remind-overdue';
const BATCH = 200;

/**
 * Tasks past their node's time limit: each is claimed once (reminded_at set under SKIP LOCKED, so
 * two workers never remind twice), a 'remind' entry joins the timeline, and the approver and the
 * initiator are told.
 */
export async function remindOverdue(p: Platform): Promise<number> {
  let total = 0;
  for (;;) {
    const notices: Notice[] = [];
    const claimed = await p.db.transaction(async (tx) => {
      const rows = rowsOf<{
        id: number;
        instance_id: number;
        assignee_id: number;
        node_name: string;
        node_name_en: string | null;
        initiator_id: number;
        process_id: number;
        title: string;
      }>(await claimOverdueTasks(tx, BATCH, p.clock.now()));
      for (const t of rows) {
        await tx.insert(wfActions).values({
          instanceId: t.instance_id,
          taskId: t.id,
          nodeName: t.node_name,
          nodeNameEn: t.node_name_en,
          action: 'remind',
          targetUserId: t.assignee_id,
        });
        notices.push({
          event: 'timeout',
          userIds: [t.assignee_id, t.initiator_id],
          instanceId: t.instance_id,
          processId: t.process_id,
          title: t.title,
          actorId: t.assignee_id,
          node: { zh: t.node_name, en: t.node_name_en ?? t.node_name },
        });
      }
      return rows.length;
    });
    await deliver(p, notices);
    total += claimed;
    if (claimed < BATCH) return total;
  }
}

export function defineApprovalJobs(p: Platform) {
  p.jobs.define(
    REMIND_JOB,
    async () => {
      await remindOverdue(p);
    },
    { retryLimit: 2 },
  );
}
