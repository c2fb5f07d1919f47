import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AI_API, Errors, KB_MAX_BYTES } from '@portal/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KnowledgeBase } from '../src/modules/ai/knowledge/knowledge-base.js';
import { removeDocument, saveDocument } from '../src/modules/ai/knowledge/store.js';
import { aiKbDocuments, aiKbIndexSnapshots } from '../src/modules/ai/schema.js';
import { bearer, DEMO, onPostgres, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/ai/${name}`, import.meta.url));
const DOCX = fixture('kb-rcs-guide.docx');
const PDF = fixture('kb-whatsapp-templates.pdf');
const SYS_UPLOAD = '/v2/sys/staff/file/upload';
const DC_UPLOAD = '/v2/download/downloadCenter/api/upload';
const KB = `${AI_API}/knowledge/documents`;
const MMS =
  '# 彩信发送指南\n\n## 彩信大小限制是多少？\n\n彩信（MMS）单条不超过 300KB，超过时请压缩图片后再发送。\n\n## 彩信支持哪些格式？\n\n支持 jpg、png、gif 和 mp3。\n';
const silent = { info() {}, warn() {} };

// biome-ignore lint/suspicious/noExplicitAny: the answers of many routes, read field by field
interface Envelope<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

/** The answer text of one question asked in a new conversation, and the documents it cites. */
async function ask(app: TestApp['app'], tok: Tokens, content: string) {
  const conv = await app.inject({
    method: 'POST',
    url: `${AI_API}/conversations`,
    headers: bearer(tok),
    payload: { initialQuestion: content },
  });
  const res = await app.inject({
    method: 'POST',
    url: `${AI_API}/chat/sse`,
    headers: bearer(tok),
    payload: { stream: true, content, conversationUuid: conv.json().data.uuid },
  });
  const events = res.body
    .split('\n\n')
    .filter((b) => b.trim())
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1],
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
    }));
  return {
    answer: events
      .filter((e) => e.event === 'message')
      .map((e) => e.data.content)
      .join(''),
    sources: events.filter((e) => e.event === 'kbdocs').map((e) => e.data.document_name as string),
  };
}

describe('AI knowledge base: documents through the upload service', () => {
  let t: TestApp & { url: string };
  let admin: Tokens;
  let sales: Tokens;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ai-kb-'));
    t = await startTestApp({ listen: true, env: { DATA_DIR: dataDir, AI_EMBEDDED_PAUSE_MS: '0' } });
    [admin, sales] = await Promise.all([signIn(t.app, DEMO.admin), signIn(t.app, DEMO.sales01)]);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A file through the platform's upload service (multipart field `file`); answers the envelope. */
  const upload = async (name: string, bytes: Buffer | string, who: Tokens = admin, url = SYS_UPLOAD) => {
    const form = new FormData();
    form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
    const res = await fetch(`${t.url}${url}`, { method: 'POST', headers: bearer(who), body: form });
    return (await res.json()) as Envelope<{ id: string; name: string; size: number; url: string }>;
  };
  const uploaded = async (name: string, bytes: Buffer | string, who: Tokens = admin, url = SYS_UPLOAD) => {
    const r = await upload(name, bytes, who, url);
    expect(r.code, `${name}: ${r.msg}`).toBe(0);
    return r.data.id;
  };
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = admin) => {
    const r = await t.app.inject({
      method,
      url,
      headers: { ...bearer(who), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
    return { ...r.json(), status: r.statusCode } as Envelope;
  };
  const viewOf = async (uuid: string) => (await call('GET', `${AI_API}/kb/documents/${uuid}`)).data;
  const total = async () => (await call('GET', `${KB}?page=1&size=1`)).data.total as number;

  it('adds a markdown document from an uploaded file; answers cite it at once; the view links the original', async () => {
    const before = await total();
    const fileId = await uploaded('mms.md', MMS);
    const added = await call('POST', KB, { fileId });
    expect(added.code, added.msg).toBe(0);
    expect(added.data).toMatchObject({ title: '彩信发送指南', fileName: 'mms.md', format: 'md', chunks: 2 });
    expect(added.data.builtin).toBe(false);
    expect(await total()).toBe(before + 1);

    const { answer, sources } = await ask(t.app, admin, '彩信大小限制是多少');
    expect(answer).toContain('300KB');
    expect(sources).toContain('彩信发送指南');

    const view = await call('GET', `${AI_API}/kb/documents/${added.data.uuid}`, undefined, sales);
    expect(view.data).toMatchObject({ title: '彩信发送指南', format: 'md' });
    expect(view.data.body).toContain('300KB');
    expect(view.data.file).toMatchObject({ id: fileId, name: 'mms.md', size: Buffer.byteLength(MMS) });
    const original = await fetch(`${t.url}${view.data.file.url}`);
    expect(await original.text()).toBe(MMS);
    await call('DELETE', `${KB}/${added.data.uuid}`);
  });

  it('extracts the text of docx and pdf files, which then answer questions', async () => {
    const docx = await call('POST', KB, { fileId: await uploaded('kb-rcs-guide.docx', DOCX) });
    expect(docx.code, docx.msg).toBe(0);
    expect(docx.data).toMatchObject({ title: 'kb-rcs-guide', format: 'docx', bytes: DOCX.length });
    const pdf = await call('POST', KB, {
      fileId: await uploaded('kb-whatsapp-templates.pdf', PDF),
      title: 'WhatsApp template approval',
    });
    expect(pdf.code, pdf.msg).toBe(0);
    expect(pdf.data).toMatchObject({ title: 'WhatsApp template approval', format: 'pdf', bytes: PDF.length });

    const zh = await ask(t.app, admin, 'RCS 品牌认证需要多久？');
    expect(zh.answer).toContain('5 个工作日');
    expect(zh.sources).toContain('kb-rcs-guide');
    const en = await ask(t.app, admin, 'How long does Meta take to review a WhatsApp template?');
    expect(en.answer).toContain('24 hours');
    expect(en.sources).toContain('WhatsApp template approval');

    const view = await call('GET', `${AI_API}/kb/documents/${docx.data.uuid}`);
    expect(view.data.body).toContain('品牌认证通常需要 5 个工作日');
    expect(view.data.file.name).toBe('kb-rcs-guide.docx');
    for (const d of [docx, pdf]) expect((await call('DELETE', `${KB}/${d.data.uuid}`)).code).toBe(0);
  });

  it('replaces a document with another uploaded file; the replaced original is deleted', async () => {
    const firstFile = await uploaded('mms.md', MMS);
    const added = (await call('POST', KB, { fileId: firstFile })).data;
    const firstUrl = (await call('GET', `${AI_API}/kb/documents/${added.uuid}`)).data.file.url as string;

    const secondFile = await uploaded('mms.txt', '彩信大小限制：彩信（MMS）单条不超过 500KB。');
    const replaced = await call('PUT', `${KB}/${added.uuid}`, { fileId: secondFile, title: '彩信发送指南' });
    expect(replaced.code, replaced.msg).toBe(0);
    expect(replaced.data).toMatchObject({ uuid: added.uuid, title: '彩信发送指南', format: 'txt', chunks: 1 });
    const { answer } = await ask(t.app, admin, '彩信大小限制是多少');
    expect(answer).toContain('500KB');
    expect(answer).not.toContain('300KB');
    const view = (await call('GET', `${AI_API}/kb/documents/${added.uuid}`)).data;
    expect(view.file).toMatchObject({ id: secondFile, name: 'mms.txt' });
    expect((await fetch(`${t.url}${firstUrl}`).then((r) => r.json())).code).toBe(Errors.NOT_FOUND.code);

    // replacing a built-in document makes it an uploaded one
    const builtin = (await call('GET', `${KB}?page=1&size=100&keyword=module-voip`)).data.records[0];
    expect(builtin.builtin).toBe(true);
    // the keyword's _ and % are characters, not wildcards (no file name has "module%voip" or "module_voip")
    expect((await call('GET', `${KB}?page=1&size=100&keyword=module%25voip`)).data.total).toBe(0);
    expect((await call('GET', `${KB}?page=1&size=100&keyword=module_voip`)).data.total).toBe(0);
    const voip = await call('PUT', `${KB}/${builtin.uuid}`, {
      fileId: await uploaded('module-voip.md', '# 语音线路\n\n语音线路的默认并发上限是 60 路。\n'),
    });
    expect(voip.data).toMatchObject({ builtin: false, title: '语音线路', chunks: 1 });
    expect((await ask(t.app, admin, '语音线路的默认并发上限是多少')).answer).toContain('60 路');

    expect((await call('DELETE', `${KB}/${added.uuid}`)).code).toBe(0);
  });

  it('removes a document: gone from answers, the view and the list, its original deleted', async () => {
    const fileId = await uploaded('mms.md', MMS);
    const added = (await call('POST', KB, { fileId })).data;
    const url = (await call('GET', `${AI_API}/kb/documents/${added.uuid}`)).data.file.url as string;
    const before = await total();
    expect((await call('DELETE', `${KB}/${added.uuid}`)).code).toBe(0);
    expect(await total()).toBe(before - 1);
    expect((await call('GET', `${AI_API}/kb/documents/${added.uuid}`)).code).toBe(Errors.KB_DOC_NOT_FOUND.code);
    expect((await call('DELETE', `${KB}/${added.uuid}`)).code).toBe(Errors.KB_DOC_NOT_FOUND.code);
    expect((await ask(t.app, admin, '彩信大小限制是多少')).answer).not.toContain('300KB');
    expect((await fetch(`${t.url}${url}`).then((r) => r.json())).code).toBe(Errors.NOT_FOUND.code);
    // the file went with the document: it cannot make another one
    expect((await call('POST', KB, { fileId })).code).toBe(Errors.KB_FILE_NOT_FOUND.code);
  });

  it('refuses bad input with clear codes and changes nothing', async () => {
    const kept = (await call('POST', KB, { fileId: await uploaded('mms.md', MMS) })).data;
    const before = await total();
    const refusals: [string, object, number][] = [
      ['no file id', {}, Errors.VALIDATION_FAILED.code],
      ['not a uuid', { fileId: 'abc' }, Errors.VALIDATION_FAILED.code],
      ['unknown file', { fileId: randomUUID() }, Errors.KB_FILE_NOT_FOUND.code],
      [
        "someone else's file",
        { fileId: await uploaded('mine.md', '# 我的\n\n销售的文件。', sales) },
        Errors.KB_FILE_NOT_FOUND.code,
      ],
      [
        'a file uploaded for another purpose',
        { fileId: await uploaded('dc.txt', '下载中心的文件', admin, DC_UPLOAD) },
        Errors.KB_FILE_PURPOSE.code,
      ],
      [
        'an unsupported type',
        { fileId: await uploaded('rates.csv', 'country,price\nCN,0.05\n') },
        Errors.KB_FORMAT_UNSUPPORTED.code,
      ],
      ['a text file of blanks', { fileId: await uploaded('blank.txt', '  \n\n \t \n') }, Errors.KB_EMPTY.code],
      ['a pdf without text', { fileId: await uploaded('blank.pdf', textlessPdf()) }, Errors.KB_EMPTY.code],
      [
        'a damaged docx',
        { fileId: await uploaded('cut.docx', DOCX.subarray(0, DOCX.length - 120)) },
        Errors.KB_FILE_CORRUPT.code,
      ],
      [
        'a damaged pdf',
        { fileId: await uploaded('bad.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300, 0x41)])) },
        Errors.KB_FILE_CORRUPT.code,
      ],
      [
        'a file over the document limit',
        { fileId: await uploaded('huge.txt', Buffer.alloc(KB_MAX_BYTES + 1, 'a')) },
        Errors.KB_TOO_LARGE.code,
      ],
      ['the original of another document', { fileId: (await viewOf(kept.uuid)).file.id }, Errors.KB_FILE_IN_USE.code],
    ];
    for (const [what, body, code] of refusals) {
      const r = await call('POST', KB, body);
      expect(r.code, `${what}: ${r.msg}`).toBe(code);
      expect(r.status, what).toBeGreaterThanOrEqual(400);
      expect(r.msg, what).not.toMatch(/\{\w+\}/);
      // replacing with the same file is refused the same way and leaves the document as it was
      if (code !== Errors.KB_FILE_IN_USE.code)
        expect((await call('PUT', `${KB}/${kept.uuid}`, body)).code, what).toBe(code);
    }
    expect((await call('POST', KB, refusals[9]![1])).msg).toBe('The pdf document is damaged and cannot be read');
    expect((await call('PUT', `${KB}/${randomUUID()}`, { fileId: await uploaded('x.md', '# x\n\nx') })).code).toBe(
      Errors.KB_DOC_NOT_FOUND.code,
    );
    // a file type the upload service itself refuses never becomes a file
    expect((await upload('evil.md', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).code).toBe(
      Errors.FILE_TYPE_MISMATCH.code,
    );

    expect(await total()).toBe(before);
    const view = await viewOf(kept.uuid);
    expect(view.body).toContain('300KB');
    expect(view.file.name).toBe('mms.md');
    expect((await ask(t.app, admin, '彩信大小限制是多少')).answer).toContain('300KB');
    await call('DELETE', `${KB}/${kept.uuid}`);
  });

  it('the server persists the index after documents change', async () => {
    const added = (await call('POST', KB, { fileId: await uploaded('mms.md', MMS) })).data;
    // a save that began before the change finished before its answer: wait for a later one
    const since = Date.now();
    const live = (await call('GET', `${KB}?page=1&size=1`)).data.total as number;
    const fresh = new KnowledgeBase(t.p.db, t.p.bus, silent, { saveDelayMs: 60_000 });
    const saved = async () =>
      (await t.p.db.select().from(aiKbIndexSnapshots).where(eq(aiKbIndexSnapshots.fingerprint, fresh.fingerprint)))[0];
    await expect.poll(async () => ((await saved())?.savedAt.getTime() ?? 0) > since, { timeout: 15_000 }).toBe(true);
    expect((await saved())?.documents).toBe(live);
    expect(await fresh.ready()).toMatchObject({ source: 'snapshot', reindexed: 0, documents: live });
    expect(fresh.index.documents('彩信大小限制是多少', 1)[0]?.docUuid).toBe(added.uuid);
    await fresh.close();
    await call('DELETE', `${KB}/${added.uuid}`);
  });

  it('persists the index; a start loads it and re-reads only what changed since', async () => {
    const { db, bus } = t.p;
    // a fingerprint of its own, so the server's snapshot (saved after the other tests' changes) stays apart
    const fingerprint = `test-${randomUUID()}`;
    const opts = { saveDelayMs: 60_000, fingerprint };
    const first = new KnowledgeBase(db, bus, silent, opts);
    const built = await first.ready();
    expect(built).toMatchObject({ source: 'database', removed: 0 });
    expect(built.documents).toBeGreaterThanOrEqual(24);
    expect(built.reindexed).toBe(built.documents);
    expect(await first.persist()).toBeGreaterThan(1000);
    const [row] = await db.select().from(aiKbIndexSnapshots).where(eq(aiKbIndexSnapshots.fingerprint, fingerprint));
    expect(row).toMatchObject({ documents: built.documents, passages: built.passages });

    const second = new KnowledgeBase(db, bus, silent, opts);
    expect(await second.ready()).toMatchObject({
      source: 'snapshot',
      documents: built.documents,
      passages: built.passages,
      reindexed: 0,
      removed: 0,
    });
    for (const q of ['SIM 卡池端口离线如何排查？', 'How do I handle a sender ID rejected by the operator?', '彩信']) {
      expect(second.index.documents(q, 3)).toEqual(first.index.documents(q, 3));
    }

    // documents change without this index hearing of it (a process that stopped before saving)
    const [gone, replaced] = await db
      .select({ uuid: aiKbDocuments.uuid })
      .from(aiKbDocuments)
      .where(eq(aiKbDocuments.builtin, true))
      .limit(2);
    const userId = 1;
    const source = (body: string) => ({
      fileId: randomUUID(),
      fileName: 'x.md',
      format: 'md' as const,
      body,
      bytes: body.length,
    });
    const { row: added } = await saveDocument(
      db,
      userId,
      source('# 国际漫游\n\n国际漫游短信按目的国报价的 1.5 倍计费。'),
      undefined,
    );
    await saveDocument(db, userId, source('# 替换\n\n替换后的内容：卡池端口巡检每周两次。'), undefined, replaced!.uuid);
    await removeDocument(db, userId, gone!.uuid);

    const third = new KnowledgeBase(db, bus, silent, opts);
    expect(await third.ready()).toMatchObject({
      source: 'snapshot',
      documents: built.documents,
      reindexed: 2,
      removed: 1,
    });
    expect(third.index.documents('国际漫游短信计费', 1)[0]?.docUuid).toBe(added.uuid);
    expect(third.index.passagesOf(replaced!.uuid).map((p) => p.text)).toEqual(['替换后的内容：卡池端口巡检每周两次。']);
    expect(third.index.passagesOf(gone!.uuid)).toHaveLength(0);

    // a damaged snapshot, or one of another fingerprint, is not used: everything is indexed again
    const mine = eq(aiKbIndexSnapshots.fingerprint, fingerprint);
    await db
      .update(aiKbIndexSnapshots)
      .set({ data: Buffer.from('not gzip') })
      .where(mine);
    const fourth = new KnowledgeBase(db, bus, silent, opts);
    expect(await fourth.ready()).toMatchObject({ source: 'database', documents: built.documents });
    await fourth.persist();
    await db
      .update(aiKbIndexSnapshots)
      .set({ fingerprint: `${fingerprint}-other-tokenizer` })
      .where(mine);
    const fifth = new KnowledgeBase(db, bus, silent, opts);
    expect((await fifth.ready()).source).toBe('database');
    await fifth.persist();
    const sixth = new KnowledgeBase(db, bus, silent, opts);
    expect(await sixth.ready()).toMatchObject({ source: 'snapshot', reindexed: 0 });
    for (const kb of [first, second, third, fourth, fifth, sixth]) await kb.close();
    await db.delete(aiKbIndexSnapshots).where(like(aiKbIndexSnapshots.fingerprint, `${fingerprint}%`));
  });
});

/** A well-formed one-page pdf with no text on it. */
function textlessPdf(): Buffer {
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describe.skipIf(!onPostgres)('AI knowledge base across two server processes (PostgreSQL)', () => {
  let a: TestApp & { url: string };
  let b: TestApp & { url: string };
  let adminA: Tokens;
  let adminB: Tokens;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ai-kb2-'));
    const env = { DATA_DIR: dataDir, AI_EMBEDDED_PAUSE_MS: '0' };
    a = await startTestApp({ listen: true, env });
    b = await startTestApp({ listen: true, env, databaseUrl: a.databaseUrl, seed: false });
    [adminA, adminB] = await Promise.all([signIn(a.app, DEMO.admin), signIn(b.app, DEMO.admin)]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a document added in one process answers in the other; removed there, it is gone in the first', async () => {
    const form = new FormData();
    form.append('file', new Blob([MMS]), 'mms.md');
    const file = await fetch(`${a.url}${SYS_UPLOAD}`, { method: 'POST', headers: bearer(adminA), body: form }).then(
      (r) => r.json(),
    );
    const added = await a.app
      .inject({ method: 'POST', url: KB, headers: bearer(adminA), payload: { fileId: file.data.id } })
      .then((r) => r.json());
    expect(added.code, added.msg).toBe(0);
    await expect
      .poll(async () => (await ask(b.app, adminB, '彩信大小限制是多少')).answer, { timeout: 10_000 })
      .toContain('300KB');
    const removed = await b.app.inject({ method: 'DELETE', url: `${KB}/${added.data.uuid}`, headers: bearer(adminB) });
    expect(removed.json().code).toBe(0);
    await expect
      .poll(async () => (await ask(a.app, adminA, '彩信大小限制是多少')).answer, { timeout: 10_000 })
      .not.toContain('300KB');
  });
});
