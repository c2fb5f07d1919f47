import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { FILE_PURPOSES, type FileInfo, type FilePurpose } from '@portal/contracts';
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import { sharedSecret } from '../auth/secrets.js';
import type { Db } from '../db/index.js';
import { AppError } from '../http/errors.js';
import type { Platform } from '../platform.js';
import { contentMatches, MIME_OF } from './magic.js';
import { extensionOf, sanitizeFileName } from './names.js';
import { files } from './schema.js';
import { type FileSettings, fileSettings } from './settings.js';
import { checkSignature, type SignatureCheck, signedUrl } from './signing.js';
import { formatBytes, SizeLimitExceeded, type Staged, sha256OfFile, stageStream } from './staging.js';
import { type FileStorage, LocalStorage, newStorageKey } from './storage.js';

export type StoredFile = typeof files.$inferSelect;

/** The shape of a stored file's id (a UUID). */
export const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StoreMeta {
  name: string;
  purpose: FilePurpose | 'export';
  ownerUserId: number | null;
  expiresAt?: Date | null;
  /** written by this server (exports): no magic-byte check (a large ZIP's marker may lie past what file-type reads) */
  trusted?: boolean;
}

/**
 * THE file service: uploads are staged on local disk while they are measured, hashed and their
 * magic bytes checked, then handed to the storage backend and recorded. Downloads go through
 * signed URLs only. One instance per platform (see filesOf).
 */
export class FileService {
  constructor(
    readonly db: Db,
    readonly storage: FileStorage,
    readonly settings: FileSettings,
    private readonly secret: string,
  ) {}

  /** Validates name and type for a purpose; returns the sanitised name and its extension. */
  checkName(rawName: string, purpose: FilePurpose): { name: string; ext: string } {
    const name = sanitizeFileName(rawName);
    const ext = extensionOf(name);
    const allowed: readonly string[] = FILE_PURPOSES[purpose].exts;
    if (!allowed.includes(ext)) throw new AppError('FILE_TYPE_NOT_ALLOWED', { vars: { ext: ext || '-' } });
    return { name, ext };
  }

  /** Streams an upload into storage: size limit, non-empty, magic bytes, then stored and recorded. */
  async storeUpload(body: Readable, meta: StoreMeta & { purpose: FilePurpose }): Promise<FileInfo> {
    const { name } = this.checkName(meta.name, meta.purpose);
    const maxBytes = FILE_PURPOSES[meta.purpose].maxBytes;
    let staged: Staged;
    try {
      staged = await stageStream(body, this.settings.tmpDir, maxBytes);
    } catch (err) {
      if (err instanceof SizeLimitExceeded) {
        throw new AppError('FILE_TOO_LARGE', { vars: { limit: formatBytes(maxBytes) } });
      }
      throw err;
    }
    return this.storeStaged(staged, { ...meta, name });
  }

  /**
   * Stores a file the server wrote itself in the temporary folder (an XLSX to attach to a mail) as an
   * export owned by `ownerUserId`, so the mail room may attach it: its size and hash read here.
   */
  async storeGenerated(file: string, meta: { name: string; ownerUserId: number }): Promise<FileInfo> {
    const { size } = await fsp.stat(file);
    return this.storeStaged(
      { path: file, size, sha256: await sha256OfFile(file) },
      { ...meta, purpose: 'export', trusted: true },
    );
  }

  /**
   * Stores a file already staged on local disk (an upload, an assembled segmented upload, an
   * export) and removes the staged copy. Checks emptiness and magic bytes first.
   */
  async storeStaged(staged: Staged, meta: StoreMeta): Promise<FileInfo> {
    try {
      const name = sanitizeFileName(meta.name);
      const ext = extensionOf(name);
      if (staged.size === 0) throw new AppError('FILE_EMPTY');
      if (!meta.trusted && !(await contentMatches(staged.path, ext)))
        throw new AppError('FILE_TYPE_MISMATCH', { vars: { ext } });
      const key = newStorageKey();
      const { size } = await this.storage.put(key, fs.createReadStream(staged.path));
      try {
        const [row] = await this.db
          .insert(files)
          .values({
            ownerUserId: meta.ownerUserId,
            purpose: meta.purpose,
            name,
            ext,
            mime: MIME_OF[ext] ?? 'application/octet-stream',
            size,
            sha256: staged.sha256,
            storageKey: key,
            expiresAt: meta.expiresAt ?? null,
          })
          .returning();
        return this.info(row!);
      } catch (err) {
        await this.storage.remove(key).catch(() => {});
        throw err;
      }
    } finally {
      await fsp.rm(staged.path, { force: true });
    }
  }

  info(row: Pick<StoredFile, 'id' | 'name' | 'size'>): FileInfo {
    return { id: row.id, name: row.name, size: row.size, url: this.url(row.id) };
  }

  /**
   * Files a record holds, as they are described to its readers: id, name, size and a short-lived
   * signed download URL, in the order given; ids of files no longer stored are left out. Callers
   * hand these only to those who may read the record.
   */
  async infos(ids: readonly string[]): Promise<FileInfo[]> {
    const valid = [...new Set(ids.filter((id) => FILE_ID.test(id)))];
    if (!valid.length) return [];
    const rows = await this.db
      .select({ id: files.id, name: files.name, size: files.size })
      .from(files)
      .where(inArray(files.id, valid));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return valid.flatMap((id) => {
      const row = byId.get(id);
      return row ? [this.info(row)] : [];
    });
  }

  /** A short-lived signed download URL (relative to the server). */
  url(fileId: string): string {
    return signedUrl(this.secret, fileId, this.settings.urlTtlSeconds);
  }

  check(fileId: string, exp: number, sig: string): SignatureCheck {
    return checkSignature(this.secret, fileId, exp, sig);
  }

  async find(id: string): Promise<StoredFile | null> {
    const [row] = await this.db.select().from(files).where(eq(files.id, id));
    return row ?? null;
  }

  async open(row: StoredFile): Promise<Readable> {
    return this.storage.get(row.storageKey);
  }

  /** Removes a file's bytes and its record. */
  async remove(id: string): Promise<void> {
    const [row] = await this.db.delete(files).where(eq(files.id, id)).returning();
    if (row) await this.storage.remove(row.storageKey);
  }

  /** Deletes files past their expiry; returns how many. */
  async removeExpired(now = new Date()): Promise<number> {
    const rows = await this.db
      .select({ id: files.id })
      .from(files)
      .where(and(isNotNull(files.expiresAt), lt(files.expiresAt, now)))
      .limit(500);
    for (const r of rows) await this.remove(r.id);
    return rows.length;
  }
}

const services = new WeakMap<Db, Promise<FileService>>();

/** The platform's file service (created once per database handle). */
export function filesOf(p: Pick<Platform, 'db' | 'config'>): Promise<FileService> {
  let s = services.get(p.db);
  if (!s) {
    s = (async () => {
      const settings = fileSettings(p.config.dataDir);
      await fsp.mkdir(settings.tmpDir, { recursive: true });
      // S3 when S3_BUCKET is set (the SDK is loaded only then), else the local directory
      const storage: FileStorage = p.config.s3
        ? await (await import('./s3-storage.js')).createS3Storage(p.config.s3)
        : new LocalStorage(settings.filesDir);
      return new FileService(p.db, storage, settings, await sharedSecret(p.db, 'files'));
    })();
    s.catch(() => services.delete(p.db));
    services.set(p.db, s);
  }
  return s;
}
