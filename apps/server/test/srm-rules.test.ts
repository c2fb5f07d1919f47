import { Errors } from '@portal/contracts';
import { DEFAULT_SEA_RULES } from '@portal/contracts/srm';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnIdleSuppliers } from '../src/modules/srm/retention.js';
import { srmSuppliers } from '../src/modules/srm/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { bearer, type TestApp, type Tokens } from './harness.js';
import { keyedPost, startSignedIn } from './support/signed-in.js';

const DAY = 86_400_000;
// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
const PW = 'Purchase#2026';

const PURCHASE = (username: string) => ({ username, password: PW }) as const;

let t: TestApp;
let buyer: Tokens;
let mgr: Tokens;
let buyerId: number;
let n = 0;

beforeAll(async () => {
  [t, buyer, mgr] = await startSignedIn([PURCHASE('purchase01'), PURCHASE('purchasemgr')]);
  buyerId = (
    await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'purchase01'))
  )[0]!.id;
}, 60_000);
afterAll(async () => t?.close());

const post = (tok: Tokens, url: string, payload: object) => keyedPost<Answer>(t, tok, url, payload);
const get = (tok: Tokens, url: string) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json() as Answer);
/** A private supplier of purchase01 taken `daysAgo` days ago (by the app clock). */
const owned = async (over: Partial<typeof srmSuppliers.$inferInsert>, daysAgo = 0) => {
  n++;
  const at = new Date(t.clock.now().getTime() - daysAgo * DAY);
  const [s] = await t.p.db
    .insert(srmSuppliers)
    .values({
      code: `RL${String(n).padStart(6, '0')}`,
      name: `Rules Carrier ${n}`,
      alias: `rulescarrier${n}`,
      type: 'aggregator',
      country: 'DE',
      state: 'private',
      ownerId: buyerId,
      ownedAt: at,
      createdAt: at,
      ...over,
    })
    .returning({ id: srmSuppliers.id });
  return s!.id;
};
const stateOf = async (id: number) =>
  (await t.p.db.select({ state: srmSuppliers.state }).from(srmSuppliers).where(eq(srmSuppliers.id, id)))[0]!.state;

describe('purchase rules: domain', () => {
  it('the duplicate check skips the shared domains; a buyer may not change them', async () => {
    await owned({ domains: ['gmail.com', 'routes-rules.example'] });
    const q = { name: 'Completely Different Name', domains: ['gmail.com'], phones: [] };
    const before = await post(buyer, '/v2/srm/supplier/duplicates', q);
    expect(before.data.matches.some((m: { reason: string }) => m.reason === 'domain')).toBe(false);
    expect((await post(mgr, '/v2/srm/settings/domain-rules', { ignoredDomains: [] })).code).toBe(0);
    const now = await post(buyer, '/v2/srm/supplier/duplicates', q);
    expect(now.data.matches.some((m: { reason: string }) => m.reason === 'domain')).toBe(true);
    const saved = await post(mgr, '/v2/srm/settings/domain-rules', {
      ignoredDomains: ['Gmail.com ', 'qq.com', 'gmail.com'],
    });
    expect(saved.data.ignoredDomains).toEqual(['gmail.com', 'qq.com']);
    expect((await post(mgr, '/v2/srm/settings/domain-rules', { ignoredDomains: ['not a domain'] })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await get(buyer, '/v2/srm/settings/domain-rules')).code).toBe(Errors.NO_PERMISSION.code);
  });
});

describe('purchase rules: retention', () => {
  it('a level’s own idle days come before the sea rules’; 0 keeps the level; unknown levels are refused', async () => {
    expect((await post(mgr, '/v2/srm/settings/sea-rules', { ...DEFAULT_SEA_RULES, retentionDays: 90 })).code).toBe(0);
    const bad = await post(mgr, '/v2/srm/settings/retention-rules', { byLevel: [{ level: 'nowhere', days: 5 }] });
    expect(bad.code).toBe(Errors.SRM_DICT_VALUE_UNKNOWN.code);
    const twice = await post(mgr, '/v2/srm/settings/retention-rules', {
      byLevel: [
        { level: 'tier1', days: 5 },
        { level: 'tier1', days: 6 },
      ],
    });
    expect(twice.code).toBe(Errors.VALIDATION_FAILED.code);
    const ok = await post(mgr, '/v2/srm/settings/retention-rules', {
      byLevel: [
        { level: 'tier1', days: 10 },
        { level: 'direct', days: 0 },
      ],
    });
    expect(ok.code, ok.msg).toBe(0);
    const tier1 = await owned({ level: 'tier1' }, 20);
    const tier2 = await owned({ level: 'tier2' }, 20);
    const tier2Old = await owned({ level: 'tier2' }, 120);
    const direct = await owned({ level: 'direct' }, 400);
    await returnIdleSuppliers(t.p);
    expect(await stateOf(tier1)).toBe('sea');
    expect(await stateOf(tier2)).toBe('private');
    expect(await stateOf(tier2Old)).toBe('sea');
    expect(await stateOf(direct)).toBe('private');
    expect((await get(mgr, '/v2/srm/settings/retention-rules')).data.byLevel).toHaveLength(2);
  });
});

describe('purchase-set/clue', () => {
  it('the purchasing manager sets how recent a followed lead is; everyone reads it; bad values are refused', async () => {
    expect((await get(buyer, '/v2/srm/settings/clue')).data).toEqual({ followedWithinDays: 0 });
    expect((await post(mgr, '/v2/srm/settings/clue', { followedWithinDays: 30 })).code).toBe(0);
    expect((await get(buyer, '/v2/srm/settings/clue')).data).toEqual({ followedWithinDays: 30 });
    expect((await post(buyer, '/v2/srm/settings/clue', { followedWithinDays: 5 })).code).toBe(
      Errors.NO_PERMISSION.code,
    );
    expect((await post(mgr, '/v2/srm/settings/clue', { followedWithinDays: 5000 })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await get(buyer, '/v2/srm/settings/clue')).data).toEqual({ followedWithinDays: 30 });
  });
});

describe('supplier import (XLSX with preview)', () => {
  async function sheet(rows: (string | number)[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('suppliers');
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  async function preview(who: Tokens, file: Buffer): Promise<Answer> {
    const boundary = '----srmimport';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/srm/supplier/import/preview',
      headers: { ...bearer(who), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    return res.json();
  }

  it('previews good rows and refuses bad ones with their reason; the commit saves them as my suppliers', async () => {
    const template = await t.app.inject({ url: '/v2/srm/supplier/import/template', headers: bearer(buyer) });
    expect(template.statusCode).toBe(200);
    const blacklisted = await owned({ state: 'blacklist', ownerId: null, domains: ['shady-routes.example'] });
    expect(blacklisted).toBeGreaterThan(0);
    const file = await sheet([
      ['name', '供应商简称', 'type', 'country', 'products', 'level', 'domains'],
      [
        'Aurora Nordic Messaging AB',
        'aurora-nordic',
        'aggregator',
        'se',
        'sms, voice',
        'tier1',
        'auroranordic.example',
      ],
      ['Shady Routes Ltd', 'shady-two', 'aggregator', 'GB', 'sms', '', 'shady-routes.example'],
      ['Bad Level Telecom', 'bad-level', 'operator', 'FR', 'sms', 'platinum', ''],
      ['X', 'x', 'operator', 'FR', 'sms', '', ''],
    ]);
    const res = await preview(buyer, file);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.rows.map((r: { alias: string }) => r.alias)).toEqual(['aurora-nordic']);
    const reasons = new Map(res.data.errors.map((e: { row: number; code: number }) => [e.row, e.code]));
    expect(reasons.get(3)).toBe(Errors.SRM_BLACKLISTED_MATCH.code);
    expect(reasons.get(4)).toBe(Errors.SRM_DICT_VALUE_UNKNOWN.code);
    expect(reasons.has(5)).toBe(true);
    const commit = await post(buyer, '/v2/srm/supplier/import/commit', { rows: res.data.rows });
    expect(commit.code, commit.msg).toBe(0);
    const [outcome] = commit.data.outcomes;
    expect(outcome).toMatchObject({ row: 2, ok: true });
    expect(outcome.supplierCode).toMatch(/^SP\d{6}$/);
    const saved = (await t.p.db.select().from(srmSuppliers).where(eq(srmSuppliers.id, outcome.id)))[0]!;
    expect(saved).toMatchObject({ ownerId: buyerId, state: 'private', country: 'SE', admitted: false });
    // the same row again is refused at saving time by the duplicate check (same domain: block)
    const again = await post(buyer, '/v2/srm/supplier/import/commit', { rows: res.data.rows });
    expect(again.data.outcomes[0]).toMatchObject({ ok: false });
  });
});
