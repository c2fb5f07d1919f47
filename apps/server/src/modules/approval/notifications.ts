import type { NotifyEvent } from '@portal/contracts';
import { inArray } from 'drizzle-orm';
import type { Platform } from '../../platform/platform.js';
import { userNames } from './directory.js';
import type { Notice } from './engine-core.js';
import { wfProcesses } from './schema.js';
import { APPROVAL_WEBHOOK_JOB } from './webhook.js';

const TITLES: Record<NotifyEvent, string> = {
  todo: '新的待办',
  cc: '抄送给您的申请',
  approved: '申请已通过',
  rejected: '申请被驳回',
  withdrawn: '申请已撤回',
  timeout: '审批已超时',
};

const ACTION_TEXT: Record<NotifyEvent, (actor: string, title: string) => string> = {
  todo: (a, t) => `${a} 提交的「${t}」等待您审批`,
  cc: (a, t) => `「${t}」已抄送给您（${a}）`,
  approved: (_a, t) => `您的申请「${t}」已审批通过`,
  rejected: (a, t) => `您的申请「${t}」被 ${a} 驳回`,
  withdrawn: (a, t) => `「${t}」已被 ${a} 撤回，无需再审批`,
  timeout: (_a, t) => `「${t}」已超过审批时限，请尽快处理`,
};

/** Where a notice opens: the viewer's own list for it. */
const LINKS: Record<NotifyEvent, string> = {
  todo: '/general/my-agent/profile',
  timeout: '/general/my-agent/profile',
  cc: '/general/my-deliver/profile',
  approved: '/general/my-initiate/profile',
  rejected: '/general/my-initiate/profile',
  withdrawn: '/general/my-handle/profile',
};

export const linkOf = (event: NotifyEvent, instanceId: number, title: string) =>
  `${LINKS[event]}?id=${instanceId}&title=${encodeURIComponent(title)}`;

/**
 * Delivers what a committed transition decided: to the message center (and whatever other
 * channels are registered) through the platform notifier, and to the process's workplace-chat
 * webhook when one is configured (a job: the request does not wait for it). Events the process's notify settings turned off are skipped.
 * Delivery failures are logged, never undo the approval.
 */
export async function deliver(p: Platform, notices: Notice[]): Promise<void> {
  if (notices.length === 0) return;
  try {
    const procIds = [...new Set(notices.map((n) => n.processId))];
    const settings = await p.db
      .select({ id: wfProcesses.id, events: wfProcesses.notifyEvents, webhookUrl: wfProcesses.webhookUrl })
      .from(wfProcesses)
      .where(inArray(wfProcesses.id, procIds));
    const byId = new Map(settings.map((s) => [s.id, s]));
    const names = await userNames(
      p.db,
      notices.map((n) => n.actorId),
    );
    for (const n of notices) {
      const s = byId.get(n.processId);
      if (!s?.events.includes(n.event) || n.userIds.length === 0) continue;
      const content = ACTION_TEXT[n.event](names.get(n.actorId) ?? '', n.title) + (n.opinion ? `：${n.opinion}` : '');
      await p.notifier.send({
        userIds: [...new Set(n.userIds)],
        type: 'approval',
        title: TITLES[n.event],
        content,
        link: linkOf(n.event, n.instanceId, n.title),
        source: { kind: 'approval', id: String(n.instanceId) },
      });
      if (s.webhookUrl) {
        const text = `${TITLES[n.event]}：${content}`;
        await p.jobs
          .send(APPROVAL_WEBHOOK_JOB, { url: s.webhookUrl, text })
          .catch((err) => p.log.error({ err }, 'approval webhook not queued'));
      }
    }
  } catch (err) {
    p.log.error({ err }, 'approval notifications failed');
  }
}
