import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Errors, type FileInfo } from '@portal/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedSecret } from '../src/platform/auth/secrets.js';
import { files, uploadSegments, uploadSessions } from '../src/platform/files/schema.js';
import { signature } from '../src/platform/files/signing.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

// a real 1×1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('files: uploads, segment uploads, signed downloads', () => {
  let t: TestApp & { url: string };
  let admin: Tokens;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
    t = await startTestApp({ listen: true, env: { DATA_DIR: dataDir } });
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (url: string, name: string, bytes: Buffer, type = 'application/octet-stream', tok = admin) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await fetch(`${t.url}${url}`, { method: 'POST', headers: bearer(tok), body: form });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: FileInfo } };
  };
  const SYS = '/v2/sys/staff/file/upload';
  const fileRows = async () => (await t.p.db.select({ n: count() }).from(files))[0]!.n;
  /** every file under the storage and staging directories */
  const onDisk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name))
      : [];
  const staged = () => onDisk(path.join(dataDir, 'tmp'));

  it('stores an upload and answers id, name, size and a signed URL that returns the same bytes', async () => {
    const res = await upload(SYS, 'logo.png', PNG, 'image/png');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'logo.png', size: PNG.length });
    expect(res.body.data.url).toMatch(/^\/v2\/files\/[0-9a-f-]{36}\/content\?exp=\d+&sig=[\w-]+$/);
    const dl = await fetch(`${t.url}${res.body.data.url}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('image/png');
    expect(dl.headers.get('content-disposition')).toContain("filename*=UTF-8''logo.png");
    expect(Buffer.from(await dl.arrayBuffer()).equals(PNG)).toBe(true);
    for (const url of ['/v2/download/downloadCenter/api/upload', '/v2/emailbox/file/uploadFileAndGetPresignedUrl']) {
      const other = await upload(url, '说明.txt', Buffer.from('你好，世界\n'), 'text/plain');
      expect(other.body.code).toBe(0);
      expect(other.body.data.name).toBe('说明.txt');
    }
  });

  it('sanitises names: no directories, no reserved characters', async () => {
    const res = await upload(SYS, '../../etc/pa<ss>|wd.txt', Buffer.from('plain text'), 'text/plain');
    expect(res.body.code).toBe(0);
    expect(res.body.data.name).toBe('pa_ss__wd.txt');
  });

  it('refuses oversize, empty, disallowed and disguised files and keeps nothing of them', async () => {
    const before = await fileRows();
    const big = await upload(SYS, 'big.txt', Buffer.alloc(20 * 1024 * 1024 + 1, 0x61), 'text/plain');
    expect(big.status).toBe(413);
    expect(big.body.code).toBe(Errors.FILE_TOO_LARGE.code);
    expect(big.body.msg).toContain('20 MB');

    const empty = await upload(SYS, 'empty.txt', Buffer.alloc(0), 'text/plain');
    expect([empty.status, empty.body.code]).toEqual([400, Errors.FILE_EMPTY.code]);

    const exe = await upload(SYS, 'setup.exe', Buffer.from('MZ....'));
    expect([exe.status, exe.body.code]).toEqual([415, Errors.FILE_TYPE_NOT_ALLOWED.code]);

    // the declared type (extension) disagrees with the magic bytes, both ways
    const fakePng = await upload(SYS, 'photo.png', Buffer.from('this is not a png at all'), 'image/png');
    expect([fakePng.status, fakePng.body.code]).toEqual([415, Errors.FILE_TYPE_MISMATCH.code]);
    const pngAsText = await upload(SYS, 'notes.txt', PNG, 'text/plain');
    expect(pngAsText.body.code).toBe(Errors.FILE_TYPE_MISMATCH.code);
    const pdfAsDocx = await upload(SYS, 'contract.docx', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'));
    expect(pdfAsDocx.body.code).toBe(Errors.FILE_TYPE_MISMATCH.code);

    expect(await fileRows()).toBe(before);
    expect(staged()).toEqual([]);
  });

  it('needs the multipart field "file" and a signed-in user', async () => {
    const form = new FormData();
    form.append('other', new Blob([PNG]), 'a.png');
    const wrongField = await fetch(`${t.url}${SYS}`, { method: 'POST', headers: bearer(admin), body: form });
    expect((await wrongField.json()).code).toBe(Errors.FILE_MISSING.code);
    const json = await fetch(`${t.url}${SYS}`, {
      method: 'POST',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    const anon = new FormData();
    anon.append('file', new Blob([PNG]), 'a.png');
    const res = await fetch(`${t.url}${SYS}`, { method: 'POST', body: anon });
    expect(res.status).toBe(401);
  });

  it('refuses forged and expired download signatures', async () => {
    const { body } = await upload(SYS, 'a.png', PNG, 'image/png');
    const { id } = body.data as { id: string };
    const url = new URL(body.data.url, t.url);
    const exp = Number(url.searchParams.get('exp'));
    const get = async (q: string) => {
      const res = await fetch(`${t.url}/v2/files/${id}/content?${q}`);
      return [res.status, ((await res.json()) as { code: number }).code];
    };
    // a signature of another file, a changed expiry, garbage
    const other = (await upload(SYS, 'b.png', PNG, 'image/png')).body.data.url as string;
    const otherSig = new URL(other, t.url).searchParams.get('sig');
    expect(await get(`exp=${exp}&sig=${otherSig}`)).toEqual([403, Errors.FILE_URL_INVALID.code]);
    expect(await get(`exp=${exp + 3600}&sig=${url.searchParams.get('sig')}`)).toEqual([
      403,
      Errors.FILE_URL_INVALID.code,
    ]);
    expect(await get(`exp=${exp}&sig=AAAA`)).toEqual([403, Errors.FILE_URL_INVALID.code]);
    // a genuine signature whose time is up
    const secret = await sharedSecret(t.p.db, 'files');
    const past = Math.floor(Date.now() / 1000) - 1;
    expect(await get(`exp=${past}&sig=${signature(secret, id, past)}`)).toEqual([403, Errors.FILE_URL_EXPIRED.code]);
    expect(await get('exp=1')).toEqual([400, Errors.VALIDATION_FAILED.code]);
  });

  describe('segment upload', () => {
    const SEG = 64 * 1024;
    const content = Buffer.from('0123456789abcdef\n'.repeat(Math.ceil((2.5 * SEG) / 17))).subarray(0, 2.5 * SEG);
    const part = (i: number) => content.subarray(i * SEG, (i + 1) * SEG);
    const api = '/v2/download/downloadCenter/api/segmentUpload';

    const init = async (body: object, tok = admin) => {
      const res = await t.app.inject({ method: 'POST', url: `${api}/init`, headers: bearer(tok), payload: body });
      return res.json() as { code: number; data: { uploadId: string; totalSegments: number; received: number[] } };
    };
    const putSegment = async (uploadId: string, index: number, bytes: Buffer, checksum = sha(bytes), tok = admin) => {
      const form = new FormData();
      form.append('uploadId', uploadId);
      form.append('index', String(index));
      form.append('checksum', checksum);
      form.append('file', new Blob([new Uint8Array(bytes)]), `part${index}`);
      const res = await fetch(`${t.url}${api}`, { method: 'POST', headers: bearer(tok), body: form });
      return { status: res.status, body: (await res.json()) as { code: number; data: { received: number[] } } };
    };
    const status = async (uploadId: string, tok = admin) =>
      (
        await t.app.inject({ method: 'GET', url: `${api}/status?uploadId=${uploadId}`, headers: bearer(tok) })
      ).json() as { code: number; data: { received: number[] } };
    const complete = async (uploadId: string) =>
      (
        await t.app.inject({ method: 'POST', url: `${api}/complete`, headers: bearer(admin), payload: { uploadId } })
      ).json() as { code: number; msg: string; data: { id: string; url: string; size: number; name: string } };

    it('assembles segments sent out of order, resumes, refuses bad segments, verifies the whole file', async () => {
      const started = await init({ name: 'big-log.txt', size: content.length, segmentSize: SEG, sha256: sha(content) });
      expect(started.code).toBe(0);
      expect(started.data.totalSegments).toBe(3);
      const id = started.data.uploadId;

      expect((await putSegment(id, 2, part(2))).body.data.received).toEqual([2]);
      expect((await putSegment(id, 0, part(0))).body.data.received).toEqual([0, 2]);
      // the connection drops: resume asks what is there
      expect((await status(id)).data.received).toEqual([0, 2]);

      const dupe = await putSegment(id, 0, part(0));
      expect([dupe.status, dupe.body.code]).toEqual([409, Errors.SEGMENT_DUPLICATE.code]);
      const truncated = await putSegment(id, 1, part(1).subarray(0, SEG - 100));
      expect([truncated.status, truncated.body.code]).toEqual([400, Errors.SEGMENT_SIZE.code]);
      const tooLong = await putSegment(id, 1, Buffer.concat([part(1), Buffer.from('x')]));
      expect(tooLong.body.code).toBe(Errors.SEGMENT_SIZE.code);
      const badSum = await putSegment(id, 1, part(1), sha(Buffer.from('something else')));
      expect([badSum.status, badSum.body.code]).toEqual([400, Errors.SEGMENT_CHECKSUM.code]);
      expect((await putSegment(id, 3, part(1))).body.code).toBe(Errors.SEGMENT_INDEX.code);
      // another user cannot see or feed this upload
      const ops = await signIn(t.app, DEMO.ops01);
      expect((await status(id, ops)).code).toBe(Errors.UPLOAD_NOT_FOUND.code);

      const early = await complete(id);
      expect(early.code).toBe(Errors.SEGMENT_INCOMPLETE.code);
      expect((await status(id)).data.received).toEqual([0, 2]);

      expect((await putSegment(id, 1, part(1))).body.data.received).toEqual([0, 1, 2]);
      const done = await complete(id);
      expect(done.code).toBe(0);
      expect(done.data).toMatchObject({ name: 'big-log.txt', size: content.length });
      const dl = await fetch(`${t.url}${done.data.url}`);
      expect(Buffer.from(await dl.arrayBuffer()).equals(content)).toBe(true);
      // the session and its staged segments are gone
      expect((await status(id)).code).toBe(Errors.UPLOAD_NOT_FOUND.code);
      expect(await t.p.db.select().from(uploadSegments)).toEqual([]);
      expect(staged()).toEqual([]);
    });

    it('refuses an assembled file whose checksum differs from the declared one and keeps nothing', async () => {
      const before = await fileRows();
      const small = content.subarray(0, SEG + 10);
      const started = await init({ name: 'x.txt', size: small.length, segmentSize: SEG, sha256: sha(content) });
      const id = started.data.uploadId;
      await putSegment(id, 0, small.subarray(0, SEG));
      await putSegment(id, 1, small.subarray(SEG));
      const res = await complete(id);
      expect(res.code).toBe(Errors.SEGMENT_FILE_CHECKSUM.code);
      expect(await fileRows()).toBe(before);
      expect(await t.p.db.select().from(uploadSessions)).toEqual([]);
      expect(staged()).toEqual([]);
    });

    it('concurrent completes store one file: one assembles, the others get a clear code, nothing is left', async () => {
      const before = await fileRows();
      const started = await init({ name: 'race.txt', size: content.length, segmentSize: SEG, sha256: sha(content) });
      const id = started.data.uploadId;
      for (let i = 0; i < 3; i++) expect((await putSegment(id, i, part(i))).status).toBe(200);
      // real concurrent HTTP calls (on PostgreSQL each on its own connection)
      const answers = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const res = await fetch(`${t.url}${api}/complete`, {
            method: 'POST',
            headers: { ...bearer(admin), 'content-type': 'application/json' },
            body: JSON.stringify({ uploadId: id }),
          });
          return { status: res.status, body: (await res.json()) as { code: number; data: { id: string } } };
        }),
      );
      const won = answers.filter((a) => a.body.code === 0);
      expect(won).toHaveLength(1);
      for (const a of answers.filter((x) => x.body.code !== 0)) {
        expect(a.status).toBeLessThan(500);
        expect([Errors.UPLOAD_COMPLETING.code, Errors.UPLOAD_NOT_FOUND.code]).toContain(a.body.code);
      }
      expect(await fileRows()).toBe(before + 1);
      expect((await complete(id)).code).toBe(Errors.UPLOAD_NOT_FOUND.code);
      expect(await t.p.db.select().from(uploadSegments)).toEqual([]);
      expect(await t.p.db.select().from(uploadSessions)).toEqual([]);
      expect(staged()).toEqual([]);
    });

    it('a complete that finds the upload already being assembled answers UPLOAD_COMPLETING', async () => {
      const started = await init({ name: 'busy.txt', size: content.length, segmentSize: SEG, sha256: sha(content) });
      const id = started.data.uploadId;
      for (let i = 0; i < 3; i++) await putSegment(id, i, part(i));
      // as a winning complete leaves it while it assembles: the session row claimed, the segments still there
      const [claimed] = await t.p.db.delete(uploadSessions).where(eq(uploadSessions.id, id)).returning();
      const res = await t.app.inject({
        method: 'POST',
        url: `${api}/complete`,
        headers: bearer(admin),
        payload: { uploadId: id },
      });
      expect([res.statusCode, res.json().code]).toEqual([409, Errors.UPLOAD_COMPLETING.code]);
      await t.p.db.insert(uploadSessions).values(claimed!);
      expect((await complete(id)).code).toBe(0);
    });

    it('checks the declared name and size when the upload starts', async () => {
      const exe = await init({ name: 'tool.exe', size: 100, segmentSize: SEG, sha256: sha(content) });
      expect(exe.code).toBe(Errors.FILE_TYPE_NOT_ALLOWED.code);
      const huge = await init({ name: 'a.zip', size: 3 * 1024 ** 3, segmentSize: SEG, sha256: sha(content) });
      expect(huge.code).toBe(Errors.FILE_TOO_LARGE.code);
      const bad = await init({ name: 'a.zip', size: 10, segmentSize: 10, sha256: 'nope' });
      expect(bad.code).toBe(Errors.VALIDATION_FAILED.code);
    });
  });
});
