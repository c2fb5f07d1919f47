import { z } from 'zod';
import { MESSAGE_TYPES } from './message-center.js';
import { int32, int32Id, int53, text } from './validation/scalars.js';

export {
  EMAILBOX_TYPE_INBOX,
  LIVE_GATEWAY_RETRY_MS,
  LIVE_HEARTBEAT_INTERVAL_MS,
  LIVE_HEARTBEAT_TIMEOUT_MS,
  LIVE_RESOURCES,
  MSG_TYPE,
  RECORD_CHANGED_EVENT,
  type RecordChangedEvent,
} from './live-constants.js';

/**
 * Message center (spec 7, /v2/sys/mc) and the live channel (spec 4). A message belongs to one
 * user; modules produce them through the platform notifier, the message center stores them and
 * pushes them live.
 */

export { MESSAGE_TYPES, type MessageType, messageResource } from './message-center.js';

/** 0 unread, 1 read */
export const MESSAGE_STATUS = { UNREAD: 0, READ: 1 } as const;
export const messageStatus = z.union([z.literal(0), z.literal(1)]);

/** One entry of msgFillAfterVar: a template placeholder and the value shown in its place. */
export const fillVar = z.object({ key: text(), showFieldName: text() });
export type FillVar = z.infer<typeof fillVar>;

export const messageRow = z.object({
  id: int32(),
  type: text(),
  msgType: int32(),
  title: text(),
  content: text(),
  link: text().nullable(),
  sourceKind: text().nullable(),
  sourceId: text().nullable(),
  status: messageStatus,
  createdAt: text(),
  readAt: text().nullable(),
});
export type MessageRow = z.infer<typeof messageRow>;

/** The `message` event of the live stream (spec 3 "Push message"). */
export const pushMessage = z.object({
  event: z.literal('message'),
  id: int32(),
  type: text(),
  msgType: int32(),
  title: text(),
  link: text().nullable(),
  /** JSON text of FillVar[] */
  msgFillAfterVar: text(),
  msgContentTemplate: text(),
  createdAt: text(),
});
export type PushMessage = z.infer<typeof pushMessage>;

export const homeListQuery = z.object({
  size: int32().min(1).max(50).default(8),
  status: messageStatus.optional(),
});

export const changeStatusBody = z.object({
  ids: z.array(int32Id()).min(1).max(200),
  status: messageStatus,
});
export const changeByMsgIdBody = z.object({ msgId: int32Id() });
export const readAllBody = z.object({ type: z.enum(MESSAGE_TYPES).optional() });
export const changedCount = z.object({ changed: int32() });

export const serverTime = z.object({ now: text(), epochMs: int53() });
export const dropList = z.object({
  types: z.array(z.object({ value: z.enum(MESSAGE_TYPES) })),
  statuses: z.array(z.object({ value: messageStatus })),
});

/** Unread flag with the three mail counters (present only where mail exists). */
export const unreadState = z.object({
  unread: z.boolean(),
  total: int32(),
  receiveUnReadNum: int32().optional(),
  indiciaUnReadNum: int32().optional(),
  junkUnReadNum: int32().optional(),
});
export const typeCounts = z.array(z.object({ type: text(), unread: int32(), total: int32() }));
