import { Errors } from '@portal/contracts';
import type { PortQueryRow } from '@portal/contracts/traffic';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestBatch } from '../src/modules/traffic/ingest.js';
import { splitNumbers } from '../src/modules/traffic/portquery.js';
import { staffUsers } from '../src/platform/access/schema.js';
import type { ConsumerAccountRef } from '../src/platform/ports.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

const DAY = 86_400_000;
const URL = '/v2/traffic/portquery';

let t: TestApp;
let admin: Tokens;
let sales: Tokens;
/** an account sales01 does not own, and one it owns (when the demo has one) */
let foreign: ConsumerAccountRef;
let own: ConsumerAccountRef | undefined;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, DEMO.admin);
  sales = await signIn(t.app, DEMO.sales01);
  const [salesUser] = await t.p.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.username, 'sales01'));
  const sms = (await portOf(t.p.db, 'accounts')!.active()).filter((a) => a.products.includes('sms'));
  foreign = sms.find((a) => a.ownerId !== salesUser!.id)!;
  own = sms.find((a) => a.ownerId === salesUser!.id);
}, 120_000);
afterAll(async () => t?.close());

const ask = async (numbers: string | string[], tokens = admin, lang = 'zh-CN'): Promise<Answer> =>
  (
    await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...bearer(tokens), 'x-lang': lang },
      payload: { numbers },
    })
  ).json();

let seq = 0;
const submit = (account: ConsumerAccountRef, number: string, network: string, daysAgo: number) => ({
  type: 'submit' as const,
  messageId: `PQ${++seq}x${Date.now().toString(36)}`,
  part: 1,
  parts: 1,
  account: account.code,
  number,
  country: 'CN',
  ...(network ? { network } : {}),
  channelId: 0,
  senderId: 'PQTEST',
  submitAt: new Date(t.clock.now().getTime() - daysAgo * DAY).toISOString(),
  status: 'accepted' as const,
});

describe('portquery (number portability)', () => {
  it('splits pasted text on new lines, commas, semicolons and tabs', () => {
    expect(splitNumbers('+8613800000001\n 8618900000002 ,x;\t\n')).toEqual(['+8613800000001', '8618900000002', 'x']);
  });

  it('refuses an empty or too long list with its code, and callers without the screen', async () => {
    expect((await ask(' \n ,')).code).toBe(Errors.TRF_PORTQUERY_EMPTY.code);
    const many = Array.from({ length: 1001 }, (_, i) => `86138${String(i).padStart(8, '0')}`);
    const tooMany = await ask(many.join('\n'), admin, 'en');
    expect(tooMany.code).toBe(Errors.TRF_PORTQUERY_TOO_MANY.code);
    expect(tooMany.msg).toContain('1000');
    const finance = await signIn(t.app, DEMO.finance01);
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(finance),
      payload: { numbers: '8613800000001' },
    });
    expect(res.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'POST', url: URL, payload: { numbers: '8613800000001' } });
    expect(anon.statusCode).toBe(401);
  });

  it('answers the original network by range, the newest network seen in 93 days, and ported', async () => {
    const lines = [
      submit(foreign, '8613800000001', '46000', 30), // older: the range's own operator
      submit(foreign, '8613800000001', '46001', 2), // newest: China Unicom → ported
      submit(foreign, '8618900000002', '46003', 5), // China Telecom's other code → not ported
      submit(foreign, '8613900000003', '46001', 100), // outside the window
      submit(foreign, '8613600000004', '', 1), // no network from the DLR: not counted
    ];
    const ingested = await ingestBatch(t.p.db, t.clock.now(), lines);
    expect(ingested.errors, JSON.stringify(ingested)).toBe(0);
    const a = await ask(
      [
        '+86 138 0000 0001',
        '008618900000002',
        '8613900000003',
        '8613600000004',
        '+12065550100',
        'abc',
        '12',
        '8613800000001',
      ],
      admin,
    );
    expect(a.code).toBe(0);
    const by = new Map<string, PortQueryRow>(a.data.rows.map((r: PortQueryRow) => [r.e164, r]));
    expect(by.get('+8613800000001')).toMatchObject({
      country: 'CN',
      numberType: 'MOBILE',
      range: '138',
      original: { mccmnc: '46000', nameEn: 'China Mobile' },
      lastSeen: { mccmnc: '46001', nameEn: 'China Unicom' },
      lastSeenAt: lines[1]!.submitAt,
      ported: 'yes',
    });
    expect(by.get('+8618900000002')).toMatchObject({
      original: { mccmnc: '46011' },
      lastSeen: { mccmnc: '46003' },
      ported: 'no',
    });
    expect(by.get('+8613900000003')).toMatchObject({
      original: { mccmnc: '46000' },
      lastSeen: null,
      ported: 'unknown',
    });
    expect(by.get('+8613600000004')).toMatchObject({ lastSeen: null, ported: 'unknown' });
    expect(by.get('+12065550100')).toMatchObject({ country: 'US', original: null, range: null, ported: 'unknown' });
    expect(a.data.rows).toHaveLength(5);
    expect(a.data.refused).toEqual([
      { input: 'abc', reason: 'not_a_number' },
      { input: '12', reason: 'not_a_number' },
      { input: '8613800000001', reason: 'duplicate' },
    ]);
  });

  it("shows sales the networks of their own customers' traffic only", async () => {
    const a = await ask('8613800000001', sales);
    expect(a.code).toBe(0);
    expect(a.data.rows[0]).toMatchObject({ original: { mccmnc: '46000' }, lastSeen: null, ported: 'unknown' });
    if (own) {
      expect((await ingestBatch(t.p.db, t.clock.now(), [submit(own, '8613700000005', '46001', 1)])).errors).toBe(0);
      expect((await ask('8613700000005', sales)).data.rows[0]).toMatchObject({ ported: 'yes' });
    }
  });

  it('exports the same answer as XLSX in the caller language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${URL}/export`,
      headers: { ...bearer(admin), 'x-lang': 'en' },
      payload: { numbers: '8613800000001\nnonsense' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(8).value).toBe('Ported');
    expect(ws.getRow(2).getCell(1).value).toBe('+8613800000001');
    expect(ws.getRow(2).getCell(5).value).toBe('46000 China Mobile');
    expect(ws.getRow(2).getCell(8).value).toBe('Yes');
    expect(wb.worksheets[1]!.getRow(2).getCell(2).value).toBe('Not a number');
  });
});
