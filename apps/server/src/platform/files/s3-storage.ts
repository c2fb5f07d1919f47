import { pipeline, type Readable, Transform } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.js';
import { checkStorageKey, type FileStorage } from './storage.js';

type Sdk = typeof import('@aws-sdk/client-s3');

/** Parts of a multipart upload: 8 MB (S3's minimum is 5 MB), at most QUEUE_SIZE in memory and in flight. */
export const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, OSS/COS in S3 mode), under an
 * optional key prefix. A put streams the body with `Upload` from lib-storage: one PutObject when it
 * is smaller than a part, else a multipart upload with parts of PART_SIZE (never the whole body in
 * memory). Either way the object appears only when the upload completes; a failed multipart upload
 * is aborted, so its parts do not linger (and are not billed).
 *
 * The SDK is loaded only when S3 is configured (see createS3Storage): a local-storage server does
 * not pay for it.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;

  constructor(
    readonly client: S3Client,
    private readonly sdk: Sdk,
    private readonly UploadCtor: typeof Upload,
    readonly bucket: string,
    private readonly prefix: string,
  ) {}

  /** The object key of a storage key (prefix + key). */
  objectKey(key: string): string {
    return this.prefix + checkStorageKey(key);
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    const Key = this.objectKey(key);
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // an error of the source reaches the meter, and through it the upload, which then aborts
    pipeline(body, meter, () => {});
    const upload = new this.UploadCtor({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: meter },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      body.destroy();
      meter.destroy();
      throw err;
    }
    return { size };
  }

  async get(key: string): Promise<Readable> {
    const res = await this.client.send(
      new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
    );
    if (!res.Body) throw new Error(`empty answer for ${key}`);
    // in Node.js the body is an http.IncomingMessage (a Readable)
    return res.Body as Readable;
  }

  async remove(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there: removing twice is fine
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.$metadata?.httpStatusCode === 404 || e?.name === 'NotFound' || e?.name === 'NoSuchKey';
}

/** Builds the S3 backend from the configuration, loading the SDK on first use. */
export async function createS3Storage(c: S3Config): Promise<S3Storage> {
  const sdk = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const client = new sdk.S3Client({
    region: c.region,
    ...(c.endpoint ? { endpoint: c.endpoint } : {}),
    forcePathStyle: c.forcePathStyle,
    ...(c.credentials ? { credentials: c.credentials } : {}),
    // Since 3.729 the SDK adds CRC32 checksums to every upload (aws-chunked bodies with trailers)
    // and checks them on downloads. Many S3-compatible servers (older MinIO, Ceph RGW, OSS, s3rver)
    // reject or mis-store such bodies; send and check checksums only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return new S3Storage(client, sdk, Upload, c.bucket, c.prefix);
}
