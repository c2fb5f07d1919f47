import type { Platform } from '../../platform/platform.js';
import { dingRobotUrl, postRobotText } from '../../platform/webhooks.js';
import { dingById } from './ding.service.js';

export const DING_WEBHOOK_JOB = 'notices.ding-webhook';

/**
 * Posts a ding notice to the workplace-chat robot (DingTalk's text message shape). Runs as a job
 * so a webhook that is down is retried with backoff instead of failing the request.
 */
export function defineDingWebhookJob(p: Platform) {
  p.jobs.define<{ id: number }>(
    DING_WEBHOOK_JOB,
    async ({ id }) => {
      const url = dingRobotUrl();
      if (!url) return;
      const notice = await dingById(p.db, id);
      await postRobotText(url, `${notice.title}\n${notice.content}`);
    },
    { retryLimit: 5, retryDelay: 10 },
  );
}
