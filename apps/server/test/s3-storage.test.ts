import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FileInfo } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { exportTasks } from '../src/platform/exports/schema.js';
import { expireExportTasks } from '../src/platform/exports/tasks.js';
import { createS3Storage, PART_SIZE, type S3Storage } from '../src/platform/files/s3-storage.js';
import { files } from '../src/platform/files/schema.js';
import { filesOf } from '../src/platform/files/service.js';
import { newStorageKey } from '../src/platform/files/storage.js';
import { bearer, DEMO, freePort, poll, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

/**
 * The S3 backend against s3rver, an S3-compatible server on npm that speaks the S3 REST API over
 * HTTP and keeps objects on disk. What it does NOT prove: s3rver does not check SigV4 signatures
 * (only that the access key id exists), and it implements neither AbortMultipartUpload nor
 * ListMultipartUploads; `withMultipartUploadCalls` adds both over s3rver's own upload folders, so
 * that an aborted upload really has to delete its parts.
 */

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverServer {
  middleware: Middleware[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: object) => S3rverServer;

const BUCKET = 'portal-files';
const PREFIX = 'portal-test';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** AbortMultipartUpload (DELETE ?uploadId) and ListMultipartUploads (GET ?uploads) on s3rver's upload folders. */
function withMultipartUploadCalls(server: S3rverServer) {
  const uploadsDir = (bucket: string) => server.store.getResourcePath(bucket, undefined, 'uploads');
  const mw: Middleware = async (ctx, next) => {
    // path style: /bucket/key… (the SDK writes /bucket/ for bucket calls)
    const [bucket, ...key] = ctx.path.split('/').filter(Boolean);
    if (ctx.method === 'DELETE' && key.length && ctx.query.uploadId) {
      const dir = path.join(uploadsDir(bucket!), ctx.query.uploadId);
      if (!/^[0-9a-f]+$/.test(ctx.query.uploadId) || !fs.existsSync(dir)) {
        ctx.status = 404;
        ctx.body = { Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.' } };
        return;
      }
      fs.rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && key.length === 0 && bucket && 'uploads' in ctx.query) {
      const dir = uploadsDir(bucket);
      const ids = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
      ctx.body = {
        ListMultipartUploadsResult: {
          Bucket: bucket,
          IsTruncated: false,
          Upload: ids.map((id) => ({ Key: fs.readFileSync(path.join(dir, id, 'key'), 'utf8'), UploadId: id })),
        },
      };
      return;
    }
    await next();
  };
  // before s3rver's router, after its XML encoder
  server.middleware.splice(server.middleware.length - 1, 0, mw);
}

/** `size` bytes of pseudo-random data in 1 MB chunks, made as they are read; fails after `failAfter` bytes */
function generated(size: number, failAfter = Number.POSITIVE_INFINITY) {
  const hash = createHash('sha256');
  async function* chunks() {
    let sent = 0;
    let seed = 1;
    while (sent < size) {
      if (sent >= failAfter) throw new Error('source failed midway');
      const n = Math.min(1024 * 1024, size - sent);
      const b = Buffer.allocUnsafe(n);
      for (let i = 0; i < n; i += 4) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        b.writeUInt32LE(seed, i);
      }
      hash.update(b);
      sent += n;
      yield b;
    }
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), digest: () => hash.digest('hex') };
}

async function sha256Of(stream: Readable): Promise<{ sha: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const c of stream) {
    size += (c as Buffer).length;
    hash.update(c as Buffer);
  }
  return { sha: hash.digest('hex'), size };
}

describe('S3 storage (against s3rver)', () => {
  let s3dir: string;
  let server: S3rverServer;
  let env: Record<string, string>;
  let storage: S3Storage;
  /** names of the S3 commands the storage sent */
  const sent: string[] = [];

  beforeAll(async () => {
    s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3rver-'));
    server = new S3rver({
      port: await freePort(),
      address: '127.0.0.1',
      directory: s3dir,
      silent: true,
      configureBuckets: [{ name: BUCKET }],
    });
    withMultipartUploadCalls(server);
    const { port } = await server.run();
    env = {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver's built-in account; it checks that the key id exists, not the signature
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: PREFIX,
    };
    storage = await createS3Storage(loadConfig(env).s3!);
    storage.client.middlewareStack.add(
      (next, context) => (args) => {
        sent.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: 'recordCommands' },
    );
  });
  afterAll(async () => {
    storage?.client.destroy();
    await server?.close();
    fs.rmSync(s3dir, { recursive: true, force: true });
  });

  const objectKeys = async (under = `${PREFIX}/`) => {
    const res = await storage.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: under }));
    return (res.Contents ?? []).map((o) => o.Key!);
  };
  const pendingUploads = async () =>
    (await storage.client.send(new ListMultipartUploadsCommand({ Bucket: BUCKET }))).Uploads ?? [];
  /** s3rver's folders of multipart uploads not completed or aborted */
  const partsOnDisk = () => {
    const dir = server.store.getResourcePath(BUCKET, undefined, 'uploads');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  describe('configuration', () => {
    it('is off without S3_BUCKET and refuses half or malformed settings with clear errors', () => {
      expect(loadConfig({}).s3).toBeUndefined();
      expect(loadConfig({ S3_BUCKET: 'files' }).s3).toEqual({
        bucket: 'files',
        region: 'us-east-1',
        endpoint: undefined,
        forcePathStyle: false,
        credentials: undefined,
        prefix: '',
      });
      expect(loadConfig(env).s3).toMatchObject({ forcePathStyle: true, prefix: `${PREFIX}/` });
      expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
        /S3_ENDPOINT: needs S3_BUCKET \(S3 storage is off\)/,
      );
      expect(() => loadConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'k' })).toThrow(
        /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
      );
      expect(() => loadConfig({ S3_BUCKET: 'Files_1' })).toThrow(/S3_BUCKET: a bucket name/);
      expect(() => loadConfig({ S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
      expect(() => loadConfig({ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
      expect(() => loadConfig({ S3_BUCKET: 'files', S3_PREFIX: '../x' })).toThrow(/S3_PREFIX: no leading slash/);
    });
  });

  describe('storage contract', () => {
    it('puts, gets, tells existence and removes, under the prefix', async () => {
      const key = newStorageKey();
      const bytes = Buffer.from('hello S3 你好\n'.repeat(100));
      expect(await storage.put(key, Readable.from([bytes]))).toEqual({ size: bytes.length });
      expect(await objectKeys()).toContain(`${PREFIX}/${key}`);
      expect(await storage.exists(key)).toBe(true);
      const back = await sha256Of(await storage.get(key));
      // the same bytes: no aws-chunked framing or checksum trailer stored with them
      expect(back).toEqual({ sha: sha(bytes), size: bytes.length });

      await storage.remove(key);
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.get(key)).rejects.toMatchObject({ name: 'NoSuchKey' });
      await storage.remove(key); // removing twice is fine
      expect(await storage.exists(newStorageKey())).toBe(false);
      expect(() => storage.objectKey('../../etc/passwd')).toThrow(/invalid storage key/);
    });

    it('streams a 20 MB body as a multipart upload and reads it back whole', async () => {
      const size = 20 * 1024 * 1024;
      const src = generated(size);
      const key = newStorageKey();
      sent.length = 0;
      expect(await storage.put(key, src.stream)).toEqual({ size });
      const parts = Math.ceil(size / PART_SIZE);
      expect(sent.filter((c) => c === 'UploadPartCommand')).toHaveLength(parts);
      expect(sent).toContain('CreateMultipartUploadCommand');
      expect(sent).toContain('CompleteMultipartUploadCommand');
      expect(sent).not.toContain('PutObjectCommand');
      const head = await storage.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/${key}` }));
      expect(head.ContentLength).toBe(size);
      expect(await sha256Of(await storage.get(key))).toEqual({ sha: src.digest(), size });
      await storage.remove(key);
    });

    it('a source failing midway leaves no object and no pending multipart upload', async () => {
      const key = newStorageKey();
      sent.length = 0;
      // two parts are sent, then the source fails
      const failing = generated(20 * 1024 * 1024, 2 * PART_SIZE + 512 * 1024);
      await expect(storage.put(key, failing.stream)).rejects.toThrow(/source failed midway/);
      expect(sent).toContain('CreateMultipartUploadCommand');
      expect(sent).toContain('AbortMultipartUploadCommand');
      expect(sent).not.toContain('CompleteMultipartUploadCommand');
      expect(await storage.exists(key)).toBe(false);
      expect(await pendingUploads()).toEqual([]);
      expect(partsOnDisk()).toEqual([]);

      // a source failing before the first part is full: one PutObject that is never sent
      sent.length = 0;
      const early = generated(4 * 1024 * 1024, 1024 * 1024);
      await expect(storage.put(key, early.stream)).rejects.toThrow(/source failed midway/);
      expect(sent).toEqual([]);
      expect(await storage.exists(key)).toBe(false);
    });

    it('the pending-upload check is real: an upload left open is listed until aborted', async () => {
      const { CreateMultipartUploadCommand, AbortMultipartUploadCommand } = await import('@aws-sdk/client-s3');
      const Key = `${PREFIX}/${newStorageKey()}`;
      const open = await storage.client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key }));
      expect((await pendingUploads()).map((u) => u.UploadId)).toEqual([open.UploadId]);
      await storage.client.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key, UploadId: open.UploadId }));
      expect(await pendingUploads()).toEqual([]);
    });

    it('reports a storage failure (a bucket that does not exist)', async () => {
      const other = await createS3Storage({ ...loadConfig(env).s3!, bucket: 'no-such-bucket' });
      await expect(other.put(newStorageKey(), Readable.from([Buffer.from('x')]))).rejects.toMatchObject({
        name: 'NoSuchBucket',
      });
      other.client.destroy();
    });
  });

  describe('the file API end to end on S3', () => {
    let t: TestApp & { url: string };
    let admin: Tokens;
    let dataDir: string;
    const prevSync = process.env.EXPORT_SYNC_MAX_ROWS;

    beforeAll(async () => {
      process.env.EXPORT_SYNC_MAX_ROWS = '0'; // every export is a task
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-files-'));
      t = await startTestApp({ listen: true, jobs: true, env: { DATA_DIR: dataDir, ...env } });
      admin = await signIn(t.app, DEMO.admin);
    });
    afterAll(async () => {
      await t?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (prevSync === undefined) delete process.env.EXPORT_SYNC_MAX_ROWS;
      else process.env.EXPORT_SYNC_MAX_ROWS = prevSync;
    });

    const storageKeyOf = async (id: string) =>
      (await t.p.db.select({ k: files.storageKey }).from(files).where(eq(files.id, id)))[0]?.k;
    /** the local backend's folder must stay empty: every byte went to the bucket */
    const localFiles = () =>
      fs.existsSync(path.join(dataDir, 'files'))
        ? fs.readdirSync(path.join(dataDir, 'files'), { recursive: true })
        : [];
    const staged = () =>
      fs.readdirSync(path.join(dataDir, 'tmp'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());

    it('uses the S3 backend', async () => {
      expect((await filesOf(t.p)).storage.kind).toBe('s3');
    });

    it('uploads into the bucket and downloads through the signed URL', async () => {
      const bytes = Buffer.from('col1,col2\n1,2\n');
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'numbers.csv');
      const res = await fetch(`${t.url}/v2/sys/staff/file/upload`, {
        method: 'POST',
        headers: bearer(admin),
        body: form,
      });
      const body = (await res.json()) as { code: number; data: FileInfo };
      expect(body.code).toBe(0);
      expect(body.data).toMatchObject({ name: 'numbers.csv', size: bytes.length });
      const key = await storageKeyOf(body.data.id);
      expect(await objectKeys()).toContain(`${PREFIX}/${key}`);
      expect(localFiles()).toEqual([]);

      const dl = await fetch(`${t.url}${body.data.url}`);
      expect(dl.status).toBe(200);
      expect(dl.headers.get('content-length')).toBe(String(bytes.length));
      expect(Buffer.from(await dl.arrayBuffer()).equals(bytes)).toBe(true);
      expect(staged()).toEqual([]);
    });

    it('takes a segmented upload: segments in the bucket, assembled, then only the file is left', async () => {
      const SEG = 64 * 1024;
      const content = Buffer.from('segment data 0123456789\n'.repeat(Math.ceil((2.5 * SEG) / 24))).subarray(
        0,
        2.5 * SEG,
      );
      const api = '/v2/download/downloadCenter/api/segmentUpload';
      const init = await t.app.inject({
        method: 'POST',
        url: `${api}/init`,
        headers: bearer(admin),
        payload: { name: 'log.txt', size: content.length, segmentSize: SEG, sha256: sha(content) },
      });
      const { uploadId, totalSegments } = init.json().data as { uploadId: string; totalSegments: number };
      expect(totalSegments).toBe(3);
      for (const i of [2, 0, 1]) {
        const part = content.subarray(i * SEG, (i + 1) * SEG);
        const form = new FormData();
        form.append('uploadId', uploadId);
        form.append('index', String(i));
        form.append('checksum', sha(part));
        form.append('file', new Blob([new Uint8Array(part)]), `part${i}`);
        const res = await fetch(`${t.url}${api}`, { method: 'POST', headers: bearer(admin), body: form });
        expect(((await res.json()) as { code: number }).code).toBe(0);
        // each segment is kept in the bucket, not on this process's disk
        expect(await objectKeys(`${PREFIX}/segments/${uploadId}/`)).toContain(`${PREFIX}/segments/${uploadId}/${i}`);
      }
      expect(staged()).toEqual([]);
      const done = await t.app.inject({
        method: 'POST',
        url: `${api}/complete`,
        headers: bearer(admin),
        payload: { uploadId },
      });
      const info = done.json().data as FileInfo;
      expect(info).toMatchObject({ name: 'log.txt', size: content.length });
      expect(await objectKeys(`${PREFIX}/segments/`)).toEqual([]);
      expect(await objectKeys()).toContain(`${PREFIX}/${await storageKeyOf(info.id)}`);
      const dl = await fetch(`${t.url}${info.url}`);
      expect(Buffer.from(await dl.arrayBuffer()).equals(content)).toBe(true);
      expect(staged()).toEqual([]);
      expect(localFiles()).toEqual([]);
    });

    it('runs an export task whose file lands in the bucket, downloads as a valid XLSX, and expires from it', async () => {
      const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
        (await t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) })).json() as {
          code: number;
          // biome-ignore lint/suspicious/noExplicitAny: the calls answer several shapes, checked field by field
          data: any;
        };
      const API = '/v2/download/downloadCenter/api/task';
      const started = await call('POST', '/v2/sys/staff/user/export', { keyword: 'sales' });
      expect(started.code).toBe(0);
      const { taskId, totalNum } = started.data as { taskId: number; totalNum: number };
      expect(totalNum).toBeGreaterThan(0);
      const done = await poll(
        async () => (await call('GET', `${API}/${taskId}`)).data,
        (x) => x.state === 'done' || x.state === 'failed',
      );
      expect(done).toMatchObject({ state: 'done', rowsWritten: totalNum });
      const key = await storageKeyOf(done.fileId);
      expect(await objectKeys()).toContain(`${PREFIX}/${key}`);
      expect(localFiles()).toEqual([]);

      const { data } = await call('GET', `${API}/${taskId}/url`);
      const dl = await fetch(`${t.url}${data.url}`);
      expect(dl.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await dl.arrayBuffer()) as ArrayBuffer);
      // header + one row per user
      expect(wb.worksheets[0]!.actualRowCount).toBe(totalNum + 1);

      // the cleanup expires it: the object leaves the bucket
      expect(await expireExportTasks(t.p, new Date(Date.now() + 30 * 86_400_000))).toBeGreaterThanOrEqual(1);
      const [task] = await t.p.db.select().from(exportTasks).where(eq(exportTasks.id, taskId));
      expect(task).toMatchObject({ state: 'expired', fileId: null });
      expect(await objectKeys()).not.toContain(`${PREFIX}/${key}`);
      expect((await fetch(`${t.url}${data.url}`)).status).toBe(404);
      expect(staged()).toEqual([]);
    });
  });
});
