import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FILE_PURPOSES, type FileInfo, type SegmentInitBody, type SegmentSession } from '@portal/contracts';
import { and, asc, eq, lt } from 'drizzle-orm';
import { AppError } from '../http/errors.js';
import { uploadSegments, uploadSessions } from './schema.js';
import type { FileService } from './service.js';
import { formatBytes, SizeLimitExceeded, stageStream } from './staging.js';
import { segmentStorageKey } from './storage.js';

/**
 * Resumable uploads: init declares the whole file (size, segment size, SHA-256); each segment
 * comes with its index and SHA-256, is checked on local disk and then kept in the storage backend
 * (segmentStorageKey), so that with S3 or a shared FILES_DIR any server process can take the next
 * segment or assemble; status lists what arrived (resume sends the rest); complete assembles in
 * order, verifies the whole file and stores it.
 */
export class SegmentUploads {
  constructor(private readonly files: FileService) {}

  private dir(uploadId: string) {
    return path.join(this.files.settings.tmpDir, 'segments', uploadId);
  }

  async init(userId: number, body: SegmentInitBody): Promise<SegmentSession> {
    const { name } = this.files.checkName(body.name, 'segment');
    const max = FILE_PURPOSES.segment.maxBytes;
    if (body.size > max) throw new AppError('FILE_TOO_LARGE', { vars: { limit: formatBytes(max) } });
    const totalSegments = Math.ceil(body.size / body.segmentSize);
    const [row] = await this.files.db
      .insert(uploadSessions)
      .values({ userId, name, size: body.size, segmentSize: body.segmentSize, totalSegments, sha256: body.sha256 })
      .returning();
    return { uploadId: row!.id, segmentSize: row!.segmentSize, totalSegments, received: [] };
  }

  private async session(userId: number, uploadId: string) {
    const [row] = await this.files.db
      .select()
      .from(uploadSessions)
      .where(and(eq(uploadSessions.id, uploadId), eq(uploadSessions.userId, userId)));
    if (!row) throw new AppError('UPLOAD_NOT_FOUND');
    return row;
  }

  private async received(uploadId: string): Promise<number[]> {
    const rows = await this.files.db
      .select({ idx: uploadSegments.idx })
      .from(uploadSegments)
      .where(eq(uploadSegments.uploadId, uploadId))
      .orderBy(asc(uploadSegments.idx));
    return rows.map((r) => r.idx);
  }

  async status(userId: number, uploadId: string): Promise<SegmentSession> {
    const s = await this.session(userId, uploadId);
    return {
      uploadId: s.id,
      segmentSize: s.segmentSize,
      totalSegments: s.totalSegments,
      received: await this.received(s.id),
    };
  }

  /** Receives one segment; a wrong size (truncated), a bad checksum or a repeat is refused and not kept. */
  async putSegment(
    userId: number,
    input: { uploadId: string; index: number; checksum: string },
    body: Readable,
  ): Promise<SegmentSession> {
    const s = await this.session(userId, input.uploadId);
    const { index } = input;
    if (index >= s.totalSegments) {
      body.resume();
      throw new AppError('SEGMENT_INDEX', { vars: { index } });
    }
    const [dupe] = await this.files.db
      .select({ idx: uploadSegments.idx })
      .from(uploadSegments)
      .where(and(eq(uploadSegments.uploadId, s.id), eq(uploadSegments.idx, index)));
    if (dupe) {
      body.resume();
      throw new AppError('SEGMENT_DUPLICATE', { vars: { index } });
    }
    const expected = index < s.totalSegments - 1 ? s.segmentSize : s.size - s.segmentSize * (s.totalSegments - 1);
    let staged: Awaited<ReturnType<typeof stageStream>>;
    try {
      staged = await stageStream(body, this.files.settings.tmpDir, expected);
    } catch (err) {
      if (err instanceof SizeLimitExceeded) throw new AppError('SEGMENT_SIZE', { vars: { index, expected } });
      throw err;
    }
    try {
      if (staged.size !== expected) throw new AppError('SEGMENT_SIZE', { vars: { index, expected } });
      if (staged.sha256 !== input.checksum) throw new AppError('SEGMENT_CHECKSUM', { vars: { index } });
      const inserted = await this.files.db
        .insert(uploadSegments)
        .values({ uploadId: s.id, idx: index, size: staged.size, sha256: staged.sha256 })
        .onConflictDoNothing()
        .returning({ idx: uploadSegments.idx });
      if (!inserted.length) throw new AppError('SEGMENT_DUPLICATE', { vars: { index } });
      // the row claims the index (a concurrent repeat is refused above); a failed store gives it back
      const key = segmentStorageKey(s.id, index);
      try {
        await this.files.storage.put(key, fs.createReadStream(staged.path));
      } catch (err) {
        await this.files.storage.remove(key).catch(() => {});
        await this.files.db
          .delete(uploadSegments)
          .where(and(eq(uploadSegments.uploadId, s.id), eq(uploadSegments.idx, index)));
        throw err;
      }
    } finally {
      await fsp.rm(staged.path, { force: true });
    }
    return {
      uploadId: s.id,
      segmentSize: s.segmentSize,
      totalSegments: s.totalSegments,
      received: await this.received(s.id),
    };
  }

  /**
   * Assembles the segments in order, checks the whole file's SHA-256 and type, stores it. The call
   * that deletes the session row (one statement, atomic) is the one that assembles: a concurrent
   * complete answers UPLOAD_COMPLETING while the segments are still there, then UPLOAD_NOT_FOUND.
   * If reading the segments fails, the session is given back so that complete can be retried.
   */
  async complete(userId: number, uploadId: string): Promise<FileInfo> {
    const s = await this.session(userId, uploadId).catch(async (err) => {
      throw (await this.completing(uploadId)) ? new AppError('UPLOAD_COMPLETING') : err;
    });
    const have = new Set(await this.received(s.id));
    const missing = s.totalSegments - have.size;
    if (missing > 0) throw new AppError('SEGMENT_INCOMPLETE', { vars: { missing } });
    const [claimed] = await this.files.db
      .delete(uploadSessions)
      .where(and(eq(uploadSessions.id, s.id), eq(uploadSessions.userId, userId)))
      .returning();
    if (!claimed) {
      throw new AppError((await this.completing(s.id)) ? 'UPLOAD_COMPLETING' : 'UPLOAD_NOT_FOUND');
    }
    const storage = this.files.storage;
    const parts = async function* () {
      for (let i = 0; i < s.totalSegments; i++) yield* await storage.get(segmentStorageKey(s.id, i));
    };
    let staged: Awaited<ReturnType<typeof stageStream>>;
    try {
      staged = await stageStream(Readable.from(parts()), this.files.settings.tmpDir, s.size);
    } catch (err) {
      await this.files.db.insert(uploadSessions).values(claimed).onConflictDoNothing();
      throw err;
    }
    if (staged.sha256 !== s.sha256 || staged.size !== s.size) {
      await fsp.rm(staged.path, { force: true });
      await this.discard(s.id);
      throw new AppError('SEGMENT_FILE_CHECKSUM');
    }
    try {
      return await this.files.storeStaged(staged, { name: s.name, purpose: 'segment', ownerUserId: userId });
    } finally {
      await this.discard(s.id);
    }
  }

  /** Segments of an upload whose session row is gone: a complete is assembling them. */
  private async completing(uploadId: string): Promise<boolean> {
    const [row] = await this.files.db
      .select({ idx: uploadSegments.idx })
      .from(uploadSegments)
      .where(eq(uploadSegments.uploadId, uploadId))
      .limit(1);
    return !!row;
  }

  /** Forgets an upload and its stored segments. */
  async discard(uploadId: string): Promise<void> {
    const received = await this.received(uploadId);
    for (const idx of received) await this.files.storage.remove(segmentStorageKey(uploadId, idx));
    await this.files.db.delete(uploadSegments).where(eq(uploadSegments.uploadId, uploadId));
    await this.files.db.delete(uploadSessions).where(eq(uploadSessions.id, uploadId));
    // segments of uploads begun before they moved into storage were kept here
    await fsp.rm(this.dir(uploadId), { recursive: true, force: true });
  }

  /** Drops uploads nobody finished within the retention; returns how many. */
  async removeStale(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - this.files.settings.uploadRetentionMs);
    const rows = await this.files.db
      .select({ id: uploadSessions.id })
      .from(uploadSessions)
      .where(lt(uploadSessions.createdAt, cutoff))
      .limit(500);
    for (const r of rows) await this.discard(r.id);
    return rows.length;
  }
}
