import type { FileInfo } from '@portal/contracts';
import { inArray } from 'drizzle-orm';
import { files } from '../../platform/files/schema.js';
import type { FileService } from '../../platform/files/service.js';

const FILE_ID = /^[0-9a-f-]{36}$/i;

/**
 * A request's attachments as the file service describes them: id, name, size and a short-lived
 * signed download URL, in the order given; ids of files no longer stored are left out. Callers
 * hand these only to those who may see the request (see visibleInstance).
 */
export async function attachmentInfos(svc: FileService, ids: string[]): Promise<FileInfo[]> {
  const valid = [...new Set(ids.filter((id) => FILE_ID.test(id)))];
  if (!valid.length) return [];
  const rows = await svc.db
    .select({ id: files.id, name: files.name, size: files.size })
    .from(files)
    .where(inArray(files.id, valid));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return valid.flatMap((id) => {
    const row = byId.get(id);
    return row ? [svc.info(row)] : [];
  });
}
