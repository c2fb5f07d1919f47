import type { Platform } from '../../platform/platform.js';
import { dingById } from './ding.service.js';

export const DING_WEBHOOK_JOB = 'notices.ding-webhook';

/** DING_WEBHOOK_URL: the workplace-chat robot webhook that receives ding notices (unset: none). */
export const dingWebhookUrl = () => process.env.DING_WEBHOOK_URL || undefined;

/**
 * Posts a ding notice to the workplace-chat robot (DingTalk's text message shape). Runs as a job
 * so a webhook that is down is retried with backoff instead of failing the request.
 */
export function defineDingWebhookJob(p: Platform) {
  p.jobs.define<{ id: number }>(
    DING_WEBHOOK_JOB,
    async ({ id }) => {
      const url = dingWebhookUrl();
      if (!url) return;
      const notice = await dingById(p.db, id);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ msgtype: 'text', text: { content: `${notice.title}\n${notice.content}` } }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`ding webhook answered ${res.status}`);
    },
    { retryLimit: 5, retryDelay: 10 },
  );
}
