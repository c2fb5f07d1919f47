import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { FileService } from '../../platform/files/service.js';
import type { mailMessages } from './schema.js';

type Msg = typeof mailMessages.$inferSelect;
const addr = (a: { email: string; name?: string | null }) => (a.name ? { name: a.name, address: a.email } : a.email);

/**
 * The `.eml` of a stored mail, built again from the store (the store keeps the parsed mail, not the
 * server's bytes): same Message-ID, date, addresses, subject, sanitised HTML, text and attachments.
 */
export async function emlOf(m: Msg, files: FileService): Promise<Buffer> {
  const attachments: { filename: string; content: Buffer; contentType: string }[] = [];
  for (const a of m.attachments) {
    if (!a.fileId) continue;
    const f = await files.find(a.fileId);
    if (!f) continue;
    const chunks: Buffer[] = [];
    for await (const c of await files.open(f)) chunks.push(Buffer.from(c));
    attachments.push({ filename: a.name, content: Buffer.concat(chunks), contentType: a.contentType });
  }
  const node = new MailComposer({
    from: m.fromEmail ? addr({ email: m.fromEmail, name: m.fromName }) : undefined,
    to: m.toList.map(addr),
    cc: m.ccList.map(addr),
    bcc: m.bccList.map(addr),
    subject: m.subject,
    html: m.html,
    text: m.textBody,
    date: m.at,
    messageId: m.messageId ?? undefined,
    attachments,
  }).compile();
  node.keepBcc = m.folder === 'sent' || m.folder === 'drafts';
  return node.build();
}

/** A file name for the download: the subject without characters file systems refuse. */
export const emlFileName = (m: Msg) =>
  `${(m.subject || 'mail').replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 100) || 'mail'}.eml`;
