import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where file bytes live. Everything is streamed: a write consumes a readable stream, a read hands
 * one out, so no file is ever held whole in memory. A write is atomic: the object is visible
 * under its key only once all bytes are there (nothing half-stored after a failure).
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Readable): Promise<{ size: number }>;
  get(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** A storage key is `yyyy/mm/<uuid>`: no user input ever reaches a path. */
export function newStorageKey(now = new Date()): string {
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${mm}/${randomUUID()}`;
}

/**
 * A received segment of a resumable upload, kept in storage (not on the receiving process's disk)
 * so that any server process can take the next segment or assemble the file.
 */
export function segmentStorageKey(uploadId: string, index: number): string {
  return checkStorageKey(`segments/${uploadId}/${index}`);
}

const KEY = /^(\d{4}\/\d{2}\/[0-9a-f-]{36}|segments\/[0-9a-f-]{36}\/\d{1,6})$/;

/** Refuses anything that is not a storage key (newStorageKey's or segmentStorageKey's shape); returns the key. */
export function checkStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
  return key;
}

/** Files under a local directory (DATA_DIR/files by default); writes go to a temp file and are renamed. */
export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, checkStorageKey(key));
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    const target = this.file(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.part-${randomUUID()}`;
    try {
      await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }));
      const { size } = await fsp.stat(temp);
      await fsp.rename(temp, target);
      return { size };
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.file(key);
    await fsp.access(file);
    return fs.createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    const file = this.file(key);
    await fsp.rm(file, { force: true });
    // a resumable upload's folder goes with its last segment
    if (key.startsWith('segments/')) await fsp.rmdir(path.dirname(file)).catch(() => {});
  }

  async exists(key: string): Promise<boolean> {
    return fsp.access(this.file(key)).then(
      () => true,
      () => false,
    );
  }
}
