import path from 'node:path';
import { z } from 'zod';

const schema = z.object({
  /** seconds a signed download URL stays valid */
  FILE_URL_TTL: z.coerce.number().int().min(10).max(86_400).default(300),
  /** exports of at most this many rows answer the file at once; larger ones become download-center tasks */
  EXPORT_SYNC_MAX_ROWS: z.coerce.number().int().min(0).default(5000),
  /** days an export file is kept before the cleanup job expires it */
  EXPORT_RETENTION_DAYS: z.coerce.number().min(0.001).max(3650).default(7),
  /** hours an unfinished segmented upload is kept */
  UPLOAD_RETENTION_HOURS: z.coerce.number().min(0.01).default(24),
  /** directory of stored files (local backend); default DATA_DIR/files */
  FILES_DIR: z.string().optional(),
});

export type FileSettings = ReturnType<typeof fileSettings>;

/**
 * Settings of files and exports, from the environment (documented in the README). Read at boot;
 * `dataDir` is the platform's DATA_DIR.
 */
export function fileSettings(dataDir: string, env: Record<string, string | undefined> = process.env) {
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid file/export configuration:\n${lines}`);
  }
  const c = parsed.data;
  return {
    urlTtlSeconds: c.FILE_URL_TTL,
    exportSyncMaxRows: c.EXPORT_SYNC_MAX_ROWS,
    exportRetentionMs: c.EXPORT_RETENTION_DAYS * 86_400_000,
    uploadRetentionMs: c.UPLOAD_RETENTION_HOURS * 3_600_000,
    filesDir: path.resolve(c.FILES_DIR ?? path.join(dataDir, 'files')),
    /** staging of uploads and exports before they are stored */
    tmpDir: path.resolve(path.join(dataDir, 'tmp')),
  };
}
