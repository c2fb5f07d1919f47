import type { mailAccounts, mailMessages } from '../schema.js';

export type AccountRow = typeof mailAccounts.$inferSelect;
export type MessageRow = typeof mailMessages.$inferSelect;

/** A bound mailbox as a connector sees it: the row plus the opened password. */
export interface Mailbox extends AccountRow {
  password: string | null;
}

export interface OutgoingMail {
  from: { email: string; name?: string | null };
  to: { email: string; name?: string | null }[];
  cc: { email: string; name?: string | null }[];
  bcc: { email: string; name?: string | null }[];
  subject: string;
  html: string;
  attachments: { filename: string; content: Buffer; contentType?: string }[];
  /** ask the receiving servers for delivery status notifications, success and failure (marketing copies) */
  dsn?: boolean;
}

/** Where a stored mail lives on the remote server. */
export interface RemoteRef {
  remotePath: string;
  uidValidity: number;
  uid: number;
}

/** A raw mail fetched from a server, ready for the store. */
export interface FetchedMail {
  folder: 'inbox' | 'junk';
  raw: Buffer;
  remote: RemoteRef | null;
  seen: boolean;
  flagged: boolean;
}

/**
 * One interface, two connectors (`imap` for real servers, `local` for the built-in demo server).
 * Connectors move bytes and flags; the store (store.ts) keeps what screens read.
 */
export interface MailConnector {
  /** logs in once (binding): a wrong host or password is told at once */
  verify(box: Mailbox): Promise<void>;
  /** sends the mail; answers its Message-ID, the raw bytes and where the Sent copy went (if remote) */
  send(box: Mailbox, mail: OutgoingMail): Promise<{ messageId: string; raw: Buffer; remote: RemoteRef | null }>;
  /** new mail since the last sync, handed to `take` one by one (answers how many the store took) */
  sync(box: Mailbox, take: (m: FetchedMail) => Promise<boolean>): Promise<number>;
  /** a flag change made in the portal, sent back to the server */
  setFlags(box: Mailbox, msgs: MessageRow[], flags: { seen?: boolean; flagged?: boolean }): Promise<void>;
  /** a move made in the portal (inbox ↔ junk); answers the new remote place of each mail by store id */
  move(box: Mailbox, msgs: MessageRow[], to: 'inbox' | 'junk'): Promise<Map<number, RemoteRef>>;
}
