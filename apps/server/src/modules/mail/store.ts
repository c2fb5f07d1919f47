import { Readable } from 'node:stream';
import { inlineImageMime } from '@portal/contracts';
import { type AddressObject, simpleParser } from 'mailparser';
import type { Db } from '../../platform/db/index.js';
import type { FileService } from '../../platform/files/service.js';
import { stageStream } from '../../platform/files/staging.js';
import type { RemoteRef } from './connectors/types.js';
import { htmlToText, sanitizeMailHtml, snippetOf, textToHtml } from './html.js';
import { mailMessages, type StoredAddress, type StoredAttachment } from './schema.js';

/** Inline images up to this size are kept inside the HTML as data: URIs. */
const INLINE_IMAGE_BYTES = 512 * 1024;
const ATTACHMENT_BYTES = 30 * 1024 * 1024;

const addresses = (a: AddressObject | AddressObject[] | undefined): StoredAddress[] =>
  (Array.isArray(a) ? a : a ? [a] : [])
    .flatMap((o) => o.value)
    .filter((v) => v.address)
    .map((v) => ({ email: v.address!.toLowerCase(), name: v.name || null }));

export interface Ingest {
  accountId: number;
  folder: 'inbox' | 'sent' | 'junk';
  raw: Buffer;
  remote: RemoteRef | null;
  seen: boolean;
  flagged: boolean;
  /** received time when the server knows better than the Date header */
  at?: Date;
  ownerUserId: number;
}

/**
 * Parses a raw mail (mailparser) into the store: sanitised HTML, addresses, attachments in the
 * file service. A mail already stored under the same remote UID is skipped (answers null).
 */
export async function ingest(db: Db, files: FileService, m: Ingest): Promise<number | null> {
  const parsed = await simpleParser(m.raw, { skipTextToHtml: true });
  let html = parsed.html || (parsed.text ? textToHtml(parsed.text) : '');
  const attachments: StoredAttachment[] = [];
  for (const a of parsed.attachments) {
    const type = a.contentType || inlineImageMime(null);
    if (a.cid && type.startsWith('image/') && a.size <= INLINE_IMAGE_BYTES && html.includes(`cid:${a.cid}`)) {
      html = html.replaceAll(`cid:${a.cid}`, `data:${inlineImageMime(type)};base64,${a.content.toString('base64')}`);
      continue;
    }
    const name = a.filename || `attachment-${attachments.length + 1}`;
    let fileId: string | null = null;
    if (a.size > 0 && a.size <= ATTACHMENT_BYTES) {
      const staged = await stageStream(Readable.from(a.content), files.settings.tmpDir, ATTACHMENT_BYTES);
      const info = await files.storeStaged(staged, {
        name,
        purpose: 'emailAttachment',
        ownerUserId: m.ownerUserId,
        trusted: true,
      });
      fileId = info.id;
    }
    attachments.push({ fileId, name, size: a.size, contentType: type, contentId: a.cid ?? null });
  }
  const safe = sanitizeMailHtml(html);
  const text = parsed.text ?? htmlToText(safe);
  const from = addresses(parsed.from)[0];
  const [row] = await db
    .insert(mailMessages)
    .values({
      accountId: m.accountId,
      folder: m.folder,
      remotePath: m.remote?.remotePath ?? null,
      uidValidity: m.remote?.uidValidity ?? null,
      uid: m.remote?.uid ?? null,
      messageId: parsed.messageId ?? null,
      subject: parsed.subject ?? '',
      fromEmail: from?.email ?? '',
      fromName: from?.name ?? null,
      toList: addresses(parsed.to),
      ccList: addresses(parsed.cc),
      bccList: addresses(parsed.bcc),
      html: safe,
      textBody: text.slice(0, 200_000),
      snippet: snippetOf(text),
      attachments,
      seen: m.seen,
      flagged: m.flagged,
      at: m.at ?? parsed.date ?? new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: mailMessages.id });
  return row?.id ?? null;
}
