import { LIVE_RESOURCES, Perm } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { EventBus } from '../../platform/events/bus.js';
import { declareLiveResource, publishRecordChanged } from '../../platform/live/record-changes.js';
import { feedbacks } from './schema.js';

/** The managers' feedback list: every change reaches the holders of the manage key. */
export const FEEDBACK_RESOURCE = LIVE_RESOURCES.feedback;
/** "My feedback": a change reaches the feedback's author. */
export const MY_FEEDBACK_RESOURCE = LIVE_RESOURCES.myFeedback;

declareLiveResource(FEEDBACK_RESOURCE, Perm.FEEDBACK_MANAGE);
declareLiveResource(MY_FEEDBACK_RESOURCE, null, async (db, id) =>
  (
    await db
      .select({ userId: feedbacks.userId })
      .from(feedbacks)
      .where(eq(feedbacks.id, Number(id)))
  ).map((r) => r.userId),
);

export const publishFeedbackChanged = (bus: EventBus, id: number) =>
  Promise.all([publishRecordChanged(bus, FEEDBACK_RESOURCE, id), publishRecordChanged(bus, MY_FEEDBACK_RESOURCE, id)]);
