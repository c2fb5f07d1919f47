import { exportTaskResource } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { exportTasks } from '../../platform/exports/schema.js';
import { HEARTBEAT_STALE_SECONDS } from '../../platform/exports/topics.js';
import { bindResource } from '../../platform/resource/index.js';

const t = exportTasks;

/** The download center's list: each user's own export tasks (progress and stalled as `taskRow` works them out). */
export const exportTaskList = bindResource(exportTaskResource, {
  table: exportTasks,
  search: { name: exportTasks.search },
  columns: {
    userId: t.userId,
    name: t.name,
    format: t.format,
    state: t.state,
    progress: sql<number>`(case when ${t.state} = 'done' then 100 when ${t.totalNum} > 0 then least(99, floor(${t.rowsWritten} * 100.0 / ${t.totalNum}))::int else 0 end)`,
    totalNum: t.totalNum,
    rowsWritten: t.rowsWritten,
    size: t.size,
    reason: t.reason,
    fileId: t.fileId,
    createdAt: t.createdAt,
    finishedAt: t.finishedAt,
    expiresAt: t.expiresAt,
    stalled: sql<boolean>`(${t.state} = 'running' and (${t.heartbeatAt} is null or ${t.heartbeatAt} < now() - make_interval(secs => ${HEARTBEAT_STALE_SECONDS})))`,
  },
});
