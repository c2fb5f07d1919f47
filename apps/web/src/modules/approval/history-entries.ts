import type { HistoryEntry, RouteStep } from '@portal/contracts';
import type { TFunction } from 'i18next';
import type { TimelineEntry } from '../../platform/history/RecordTimeline';

const COLORS: Partial<Record<HistoryEntry['action'], string>> = {
  start: 'blue',
  resubmit: 'blue',
  agree: 'green',
  approved: 'green',
  reject: 'red',
  withdraw: 'gray',
  transmit: 'purple',
  comment: 'gray',
  cc: 'cyan',
  remind: 'orange',
};

/** A request's own history (who did what when, with their opinion) as lines of the platform timeline. */
export function approvalEntries(history: HistoryEntry[], route: RouteStep[], t: TFunction): TimelineEntry[] {
  // a send-back names its target: the initiator, the end, or an earlier node's key
  const target = (h: HistoryEntry) =>
    h.action === 'reject' && (h.targetUserName === 'initiator' || h.targetUserName === 'end')
      ? t(`approval.rejectTarget.${h.targetUserName}`)
      : h.action === 'reject'
        ? (route.find((s) => s.nodeKey === h.targetUserName)?.name ?? h.targetUserName)
        : h.targetUserName;
  return history.map((h) => ({
    key: h.id,
    at: h.createdAt,
    actor: h.userName ?? t('approval.system'),
    tag: h.action,
    color: COLORS[h.action] ?? 'gray',
    what: t(`approval.history.${h.action}`),
    extra: [h.nodeName, h.targetUserName ? `→ ${target(h)}` : null].filter(Boolean).join(' '),
    body: h.opinion,
  }));
}
