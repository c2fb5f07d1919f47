import { LIVE_RESOURCES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/index.js';
import { declareLiveResource } from '../../platform/live/record-changes.js';

/** Approval requests as a live resource: a change reaches the people on it (initiator, assignees, copied). */
export const INSTANCES_RESOURCE = LIVE_RESOURCES.approvalInstances;

declareLiveResource(INSTANCES_RESOURCE, null, async (db, id) => {
  const instanceId = Number(id);
  const rows = rowsOf<{ user_id: number }>(
    await db.execute(sql`select initiator_id as user_id from wf_instances where id = ${instanceId}
      union select assignee_id from wf_tasks where instance_id = ${instanceId}
      union select user_id from wf_copies where instance_id = ${instanceId}`),
  );
  return rows.map((r) => Number(r.user_id));
});
