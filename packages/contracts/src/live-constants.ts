/**
 * Live channel constants without schemas (spec 4 and 9): the web's live channel loads with every
 * shell page, so this module stays free of zod (messages.ts re-exports them beside its schemas).
 */

/** msgType 1 ordinary message, 2 new-mail notice (spec 4). */
export const MSG_TYPE = { ORDINARY: 1, NEW_MAIL: 2 } as const;
/** emailboxType of a new-mail notice: 1 the inbox ("new mail"), anything else the spam folder. */
export const EMAILBOX_TYPE_INBOX = 1;

/** Live stream timing (spec 9). */
export const LIVE_HEARTBEAT_TIMEOUT_MS = 120_000;
export const LIVE_GATEWAY_RETRY_MS = 10_000;
export const LIVE_HEARTBEAT_INTERVAL_MS = 30_000;

/** Live event name of a changed record (ids only: the list refetches through its API). */
export const RECORD_CHANGED_EVENT = 'record.changed';
/** What a `record.changed` live event carries. */
export interface RecordChangedEvent {
  event: typeof RECORD_CHANGED_EVENT;
  /** the resource key the server declared (e.g. 'feedback', 'approval.instances') */
  resource: string;
  id: string;
}

/**
 * Live resource keys of the screens that predate the resource kernel (the kernel's resources use
 * their own keys). The server publishes under them, the lists refresh under them.
 */
export const LIVE_RESOURCES = {
  exportTasks: 'export.tasks',
  approvalInstances: 'approval.instances',
  noticeVersions: 'notices.versions',
  dingNotices: 'notices.ding',
} as const;

/** The live resource whose change makes the overview re-read its figures (the id is a user id). */
export const HOME_FIGURES_RESOURCE = 'home.figures';
