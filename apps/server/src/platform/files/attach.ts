import type { FilePurpose } from '@portal/contracts';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.js';
import { AppError } from '../http/errors.js';
import { files } from './schema.js';
import { FILE_ID, type StoredFile } from './service.js';

/** Why a file id was refused: no such (live) file or someone else's; a purpose that is not attachable here. */
export type AttachRefusal = 'unknown' | 'purpose';

export interface AttachOptions {
  /** upload purposes this record accepts (default: the system upload); an export file never is */
  purposes?: readonly FilePurpose[];
  /** ids already on the record, which the caller may read: accepted whoever uploaded them */
  keep?: readonly string[];
  /** a room's own error for a refusal (default FILE_NOT_ATTACHABLE / FILE_PURPOSE_NOT_ATTACHABLE) */
  refuse?: (reason: AttachRefusal, id: string) => AppError;
}

const defaultRefusal = (reason: AttachRefusal, id: string) =>
  new AppError(reason === 'unknown' ? 'FILE_NOT_ATTACHABLE' : 'FILE_PURPOSE_NOT_ATTACHABLE', { vars: { value: id } });

/**
 * THE rule for every record that stores file ids (approval attachments, feedback screenshots,
 * knowledge documents, …): each id must be a live file uploaded by the caller (or already on the
 * record, see `keep`), stored for a purpose the record accepts — an export file never is. Anything
 * else is refused, unknown and someone else's file with one answer so ids of others are not
 * confirmed. Answers the files in the order given.
 */
export async function claimFilesForAttach(
  db: DbOrTx,
  callerId: number,
  ids: readonly string[],
  opts: AttachOptions = {},
): Promise<StoredFile[]> {
  if (!ids.length) return [];
  const refuse = opts.refuse ?? defaultRefusal;
  const purposes: readonly string[] = opts.purposes ?? ['sys'];
  const keep = new Set(opts.keep ?? []);
  const valid = [...new Set(ids.filter((id) => FILE_ID.test(id)))];
  const rows = valid.length ? await db.select().from(files).where(inArray(files.id, valid)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const now = new Date();
  return ids.map((id) => {
    const row = byId.get(id);
    const live = row && !(row.expiresAt && row.expiresAt < now);
    if (!row || !live || (row.ownerUserId !== callerId && !keep.has(id))) throw refuse('unknown', id);
    if (row.purpose === 'export' || !purposes.includes(row.purpose)) throw refuse('purpose', id);
    return row;
  });
}
