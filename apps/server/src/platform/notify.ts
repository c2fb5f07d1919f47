import type { TemplateRef } from './i18n/message-templates.js';

/**
 * Telling people about something: a module states who, what and where it points; the channels
 * registered here (the message center, the workplace-chat webhook) deliver it. The platform knows
 * no channel; with none registered nothing is delivered.
 */
export interface Notification {
  /** recipients (staff user ids) */
  userIds: number[];
  /** message type: 'approval' | 'alarm' | 'mail' | 'system' | 'feedback' | … */
  type: string;
  /** the text as stored for search and for channels that cannot render per reader (Chinese) */
  title: string;
  content: string;
  /** the text as a template (see `templated`): the message center renders it in the reader's language */
  template?: TemplateRef;
  /** portal path to open the source record */
  link?: string;
  /** the record it is about, for jumping and de-duplication */
  source?: { kind: string; id: string };
  /** 1 = ordinary message; 2 = new-mail notice (spec section 4) */
  msgType?: 1 | 2;
}

export type NotificationChannel = (n: Notification) => Promise<void>;

export class Notifier {
  private readonly channels = new Map<string, NotificationChannel>();

  register(name: string, channel: NotificationChannel) {
    this.channels.set(name, channel);
  }

  async send(n: Notification): Promise<void> {
    if (n.userIds.length === 0) return;
    await Promise.all([...this.channels.values()].map((c) => c(n)));
  }
}
