import { Readable } from 'node:stream';
import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Q } from '../src/modules/quotation/rating.js';
import { qmAiQuoteRuns } from '../src/modules/quotation/schema.js';
import { channelRefs } from '../src/modules/srm/index.js';
import { filesOf } from '../src/platform/files/service.js';
import { portOf } from '../src/platform/ports.js';
import { type Answer, approvalWorld, type Person, type Wf } from './approval-support.js';
import { bearer, startTestApp, type TestApp } from './harness.js';

let t: TestApp;
let w: Wf;
let channelId = 0;
let networks: string[] = [];

/** a POST with a fresh idempotence key (the save is a check-repeat route) */
const op = async (who: Person, url: string, payload: object): Promise<Answer> => {
  const key = (
    await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(w.tok[who]) })
  ).json().data.key;
  return (
    await t.app.inject({ method: 'POST', url, headers: { ...bearer(w.tok[who]), [IDEMPOTENCE_HEADER]: key }, payload })
  ).json();
};
const runs = async () => (await t.p.db.select({ n: count() }).from(qmAiQuoteRuns))[0]!.n;
const read = async (who: Person, query: string, file: { name: string; content: string | Buffer } | null) => {
  const boundary = '----aiquote';
  const part = file
    ? `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`
    : `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(part),
    Buffer.from(file?.content ?? 'no file'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v2/qm/ai-quote/read?${query}`,
    headers: { ...bearer(w.tok[who]), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json() as Answer;
};

/** a carrier's sheet: two title rows, odd headers, the rate's currency in its header */
async function carrierSheet(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Rates');
  ws.addRow(['Acme Global Telecom — A2P SMS rate notice']);
  ws.addRow([]);
  ws.addRow([
    'Country Name',
    'Operator Name',
    'Mobile Country Code',
    'Mobile Network Code',
    'New Rate (USD)',
    'Valid From',
  ]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

beforeAll(async () => {
  t = await startTestApp();
  w = await approvalWorld(t);
  const channel = (await channelRefs(t.p.db)).find(
    (c) => c.product === 'sms' && c.state !== 'closed' && c.networks.length >= 2,
  );
  channelId = channel!.id;
  networks = channel!.networks;
}, 180_000);
afterAll(() => t?.close());

describe('AI vendor quotes (decision 0112)', () => {
  it('reads an odd carrier sheet into the import’s preview (an increase), saves it through the guarded commit, logs the run', async () => {
    const [n1] = networks;
    const now = t.p.clock.now();
    const cost = await portOf(t.p.db, 'rating')!.costFor({
      channelId,
      product: 'sms',
      destination: { network: n1! },
      at: now,
      units: 1,
    });
    const up = new Q(cost?.unitPrice ?? '0.01').add('0.002').toFixed(4);
    const day = new Date(now.getTime() + 3 * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');
    const sheet = await carrierSheet([
      ['X', 'Net one', n1!.slice(0, 3), n1!.slice(3), up, day],
      ['CN', 'Telecom', '460', '11', '0.0288', day],
      ['??', 'Broken', '4x0', '9', 'free', day],
    ]);
    const before = await runs();
    const a = await read('admin', `channelId=${channelId}&product=sms`, { name: 'acme-rates.xlsx', content: sheet });
    expect(a.code).toBe(0);
    expect(a.data.headerRow).toBe(3);
    expect(a.data.mappedBy).toBe('rules');
    expect(a.data.modelConfigured).toBe(false);
    expect(a.data.mapping).toMatchObject({ country: 0, network: 1, mcc: 2, mnc: 3, rate: 4, effectiveDate: 5 });
    expect(a.data.rowsRead).toBe(3);
    expect(a.data.rowsUnderstood).toBe(2);
    const p1 = a.data.preview.rows.find((r: { dest: string }) => r.dest === n1);
    expect(p1.change).toBe(cost ? 'increase' : 'new');
    expect(p1.currency).toBe('USD');
    // the bad row is reported by its line in the sheet (title rows and header above it)
    expect(a.data.preview.errors.every((e: { row: number }) => e.row === 6)).toBe(true);
    expect(await runs()).toBe(before + 1);
    const [run] = await t.p.db.select().from(qmAiQuoteRuns).where(eq(qmAiQuoteRuns.id, a.data.runId));
    expect(run).toMatchObject({
      outcome: 'draft',
      source: 'acme-rates.xlsx',
      rowsRead: 3,
      rowsUnderstood: 2,
      rowsNotUnderstood: 1,
    });
    expect(run!.reasons).toContain('6 ');
    expect(run!.mappingText).toContain('rate ← New Rate (USD)');

    // staff edit the mapping: read again into the same run
    const again = await read(
      'admin',
      `channelId=${channelId}&product=sms&runId=${a.data.runId}&mapping=${encodeURIComponent(JSON.stringify({ ...a.data.mapping, network: null }))}`,
      { name: 'acme-rates.xlsx', content: sheet },
    );
    expect(again.code).toBe(0);
    expect(again.data.runId).toBe(a.data.runId);
    expect(again.data.mappedBy).toBe('staff');
    expect(await runs()).toBe(before + 1);

    const saved = await op('admin', `/v2/qm/ai-quote/${a.data.runId}/save`, { rows: again.data.preview.rows });
    expect(saved.code).toBe(0);
    expect(saved.data.saved + saved.data.held).toBe(2);
    const [done] = await t.p.db.select().from(qmAiQuoteRuns).where(eq(qmAiQuoteRuns.id, a.data.runId));
    expect(done).toMatchObject({ outcome: 'saved', savedCount: saved.data.saved, heldCount: saved.data.held });
    expect(done!.requestId).toBe(saved.data.requestId);
    // a run is saved once
    const twice = await op('admin', `/v2/qm/ai-quote/${a.data.runId}/save`, { rows: again.data.preview.rows });
    expect(twice.code).toBe(Errors.QM_AI_QUOTE_CLOSED.code);
  });

  it('refuses bad input with a catalogue code and logs nothing', async () => {
    const q = `channelId=${channelId}&product=sms`;
    const before = await runs();
    expect((await read('admin', q, null)).code).toBe(Errors.FILE_MISSING.code);
    expect((await read('admin', q, { name: 'x.xlsx', content: Buffer.from('PK\u0003\u0004 not a zip') })).code).toBe(
      Errors.QM_AI_QUOTE_UNREADABLE.code,
    );
    expect((await read('admin', q, { name: 'x.csv', content: '' })).code).toBe(Errors.FILE_EMPTY.code);
    expect(
      (await read('admin', q, { name: 'notes.csv', content: 'Remarks,Contact\ncall us,noc@example.com\n' })).code,
    ).toBe(Errors.QM_AI_QUOTE_NO_COLUMNS.code);
    expect(
      (await read('admin', `channelId=990001&product=sms`, { name: 'a.csv', content: 'MCC,MNC,Rate\n460,00,0.1' }))
        .code,
    ).toBe(Errors.QM_BOOK_UNKNOWN.code);
    expect((await read('ops01', q, { name: 'a.csv', content: 'MCC,MNC,Rate\n460,00,0.1' })).code).toBe(
      Errors.NO_PERMISSION.code,
    );
    const badMap = await read('admin', `${q}&mapping=${encodeURIComponent('{"mcc":99}')}`, {
      name: 'a.csv',
      content: 'MCC,MNC,Rate\n460,00,0.1',
    });
    expect(badMap.code).toBe(Errors.VALIDATION_FAILED.code);
    // a mail that does not exist, and another user's mail: not found through the mail port
    const noMail = await op('admin', '/v2/qm/ai-quote/read-mail', { channelId, product: 'sms', mailId: 99_000_001 });
    expect(noMail.code).toBe(Errors.QM_AI_QUOTE_MAIL_NOT_FOUND.code);
    expect(await runs()).toBe(before);
  });

  it('keeps a run in its runner’s data scope: another sales user can neither save nor discard it', async () => {
    const csv = `MCC,MNC,Price,Currency\n${networks[1]!.slice(0, 3)},${networks[1]!.slice(3)},0.5,USD\n`;
    const a = await read('salesmgr', `channelId=${channelId}&product=sms`, { name: 'mgr.csv', content: csv });
    expect(a.code).toBe(0);
    const save = await op('sales01', `/v2/qm/ai-quote/${a.data.runId}/save`, { rows: a.data.preview.rows });
    expect(save.code).toBe(Errors.QM_AI_QUOTE_NOT_FOUND.code);
    expect((await op('sales01', `/v2/qm/ai-quote/${a.data.runId}/discard`, {})).code).toBe(
      Errors.QM_AI_QUOTE_NOT_FOUND.code,
    );
    const list = await op('sales01', '/v2/qm/ai-quote-log/page', { size: 200 });
    expect(list.data.records.some((r: { id: number }) => r.id === a.data.runId)).toBe(false);
    expect((await op('salesmgr', `/v2/qm/ai-quote/${a.data.runId}/discard`, {})).code).toBe(0);
    const [run] = await t.p.db.select().from(qmAiQuoteRuns).where(eq(qmAiQuoteRuns.id, a.data.runId));
    expect(run!.outcome).toBe('discarded');
  });

  it('lists the caller’s mails holding a price list and reads one into a draft; nobody else’s mail is listed or read', async () => {
    const [n1] = networks;
    const csv = `MCC,MNC,Rate,Currency\n${n1!.slice(0, 3)},${n1!.slice(3)},0.0123,USD\n`;
    const files = await filesOf(t.p);
    const deck = await files.storeUpload(Readable.from(Buffer.from(csv)), {
      name: 'acme-deck.csv',
      purpose: 'emailAttachment',
      ownerUserId: w.ids.admin,
    });
    const sent = await portOf(t.p.db, 'mail')!.send(w.ids.admin, {
      to: [{ email: 'rates@acme.example' }],
      subject: 'Acme SMS deck',
      html: '<p>our new deck</p>',
      fileIds: [deck.id],
    });
    const mails = async (who: Person) =>
      (await t.app.inject({ url: '/v2/qm/ai-quote/mails', headers: bearer(w.tok[who]) })).json() as Answer;
    const mine = await mails('admin');
    expect(mine.code, JSON.stringify(mine)).toBe(0);
    expect(mine.data[0]).toMatchObject({ mailId: sent.id, subject: 'Acme SMS deck', fileName: 'acme-deck.csv' });
    // a mail without such an attachment is not offered
    expect(mine.data.every((m: { fileName: string }) => /\.(csv|xlsx)$/.test(m.fileName))).toBe(true);
    // another buyer's list does not hold it, nor can they read it; a user without the screen is refused
    expect((await mails('salesmgr')).data.map((m: { mailId: number }) => m.mailId)).not.toContain(sent.id);
    const before = await runs();
    const theirs = await op('salesmgr', '/v2/qm/ai-quote/read-mail', { channelId, product: 'sms', mailId: sent.id });
    expect(theirs.code).toBe(Errors.QM_AI_QUOTE_MAIL_NOT_FOUND.code);
    expect(await runs()).toBe(before);
    expect((await mails('ops01')).code).toBe(Errors.NO_PERMISSION.code);
    // read: the mail's attachment goes through the same guess and preview as an upload, logged with the mail
    const r = await op('admin', '/v2/qm/ai-quote/read-mail', { channelId, product: 'sms', mailId: sent.id });
    expect(r.code, JSON.stringify(r)).toBe(0);
    expect(r.data).toMatchObject({ rowsRead: 1, rowsUnderstood: 1 });
    expect(r.data.preview.rows).toHaveLength(1);
    const [run] = await t.p.db.select().from(qmAiQuoteRuns).where(eq(qmAiQuoteRuns.id, r.data.runId));
    expect(run).toMatchObject({ outcome: 'draft' });
    expect(await runs()).toBe(before + 1);
  });
});
