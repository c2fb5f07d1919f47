import type { NotifyEvent } from '@portal/contracts';
import { inArray } from 'drizzle-orm';
import { defineMessageTemplates, type MessageTemplate, templated } from '../../platform/i18n/message-templates.js';
import type { Platform } from '../../platform/platform.js';
import { userNames } from './directory.js';
import type { Notice } from './engine-core.js';
import { wfProcesses } from './schema.js';
import { APPROVAL_WEBHOOK_JOB } from './webhook.js';

/** The approval messages, rendered in each reader's language when read. */
defineMessageTemplates('approval', {
  todo: {
    title: { 'zh-CN': '新的待办', en: 'New to-do' },
    content: {
      'zh-CN': '{actor} 提交的「{title}」等待您审批{node}{opinion}',
      en: '"{title}" from {actor} awaits your approval{node}{opinion}',
    },
  },
  cc: {
    title: { 'zh-CN': '抄送给您的申请', en: 'A request copied to you' },
    content: {
      'zh-CN': '「{title}」已抄送给您（{actor}）{opinion}',
      en: '"{title}" was copied to you ({actor}){opinion}',
    },
  },
  approved: {
    title: { 'zh-CN': '申请已通过', en: 'Request approved' },
    content: { 'zh-CN': '您的申请「{title}」已审批通过{opinion}', en: 'Your request "{title}" was approved{opinion}' },
  },
  rejected: {
    title: { 'zh-CN': '申请被驳回', en: 'Request rejected' },
    content: {
      'zh-CN': '您的申请「{title}」被 {actor} 驳回{opinion}',
      en: 'Your request "{title}" was rejected by {actor}{opinion}',
    },
  },
  withdrawn: {
    title: { 'zh-CN': '申请已撤回', en: 'Request withdrawn' },
    content: {
      'zh-CN': '「{title}」已被 {actor} 撤回，无需再审批{opinion}',
      en: '"{title}" was withdrawn by {actor}; no approval needed{opinion}',
    },
  },
  timeout: {
    title: { 'zh-CN': '审批已超时', en: 'Approval overdue' },
    content: {
      'zh-CN': '「{title}」已超过审批时限{node}，请尽快处理{opinion}',
      en: '"{title}" is past its approval deadline{node}; please handle it soon{opinion}',
    },
  },
} satisfies Record<NotifyEvent, MessageTemplate>);

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
      const text = templated(`approval.${n.event}`, {
        actor: names.get(n.actorId) ?? '',
        title: n.title,
        opinion: n.opinion ? { zh: `：${n.opinion}`, en: `: ${n.opinion}` } : '',
        node: n.node ? { zh: `（${n.node.zh}）`, en: ` (step "${n.node.en}")` } : '',
      });
      await p.notifier.send({
        userIds: [...new Set(n.userIds)],
        type: 'approval',
        ...text,
        link: linkOf(n.event, n.instanceId, n.title),
        source: { kind: 'approval', id: String(n.instanceId) },
      });
      if (s.webhookUrl) {
        await p.jobs
          .send(APPROVAL_WEBHOOK_JOB, { url: s.webhookUrl, text: `${text.title}：${text.content}` })
          .catch((err) => p.log.error({ err }, 'approval webhook not queued'));
      }
    }
  } catch (err) {
    p.log.error({ err }, 'approval notifications failed');
  }
}
