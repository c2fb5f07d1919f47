import type { Platform } from '../../platform/platform.js';
import { postRobotText, webhookHostAllowed } from '../../platform/webhooks.js';

export const APPROVAL_WEBHOOK_JOB = 'approval.webhook';

/**
 * Posts an approval notice to a process's workplace-chat robot (DingTalk's text message shape).
 * Runs as a job, out of the request: a slow or failing webhook neither delays nor fails the approval,
 * and is retried with backoff. The host is checked again when sending (the allow-list may have
 * changed since the process was saved); redirects are refused so they cannot lead elsewhere.
 */
export function defineApprovalWebhookJob(p: Platform) {
  p.jobs.define<{ url: string; text: string }>(
    APPROVAL_WEBHOOK_JOB,
    async ({ url, text }) => {
      if (!webhookHostAllowed(url, p.config.webhookAllowedHosts)) {
        p.log.warn({ url }, 'approval webhook host not allowed (WEBHOOK_ALLOWED_HOSTS); not sent');
        return;
      }
      await postRobotText(url, text);
    },
    { retryLimit: 5, retryDelay: 10 },
  );
}
