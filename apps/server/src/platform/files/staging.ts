import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class SizeLimitExceeded extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
  }
}

export interface Staged {
  path: string;
  size: number;
  sha256: string;
}

/**
 * Streams `body` into a new file under `dir`, counting and hashing on the way; stops with
 * SizeLimitExceeded past `maxBytes`. The partial file is removed on any failure.
 */
export async function stageStream(body: Readable, dir: string, maxBytes: number, target?: string): Promise<Staged> {
  await fsp.mkdir(dir, { recursive: true });
  const file = target ?? path.join(dir, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new SizeLimitExceeded(maxBytes));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, meter, fs.createWriteStream(file, { flags: 'wx' }));
  } catch (err) {
    await fsp.rm(file, { force: true });
    // the multipart parser reports its own limit as an error of the body stream
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new SizeLimitExceeded(maxBytes);
    throw err;
  }
  return { path: file, size, sha256: hash.digest('hex') };
}

/** SHA-256 of a file, streamed. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

export const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} B`;
