import { Errors } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { srmSuppliers } from '../src/modules/srm/schema.js';
import { tvsNotices } from '../src/modules/srm/tvs/notices.js';
import { tvsRewrites } from '../src/modules/srm/tvs/rewrites.js';
import { srmTvsNotices, srmTvsRewrites, srmTvsWithdrawals } from '../src/modules/srm/tvs/schema.js';
import { tvsWithdrawals } from '../src/modules/srm/tvs/withdrawals.js';
import { rowsOf } from '../src/platform/db/index.js';
import { DEMO, onPostgres, type TestApp, type Tokens } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { keyedPost, startSignedIn } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
const MANAGER = { username: 'purchasemgr', password: 'Purchase#2026' };

let t: TestApp;
let admin: Tokens;
let mgr: Tokens;
let finance: Tokens;
let sales: Tokens;
let partner = 0;
let partner2 = 0;
let carrier = 0;
let k = 0;

/** A supplier written straight to the table: a SIM-farm partner, or an aggregator. */
async function supplier(type: 'sim_farm' | 'aggregator', country = 'ID') {
  const n = ++k;
  const [row] = await t.p.db
    .insert(srmSuppliers)
    .values({ code: `SPV${String(n).padStart(5, '0')}`, name: `TVS Test ${n}`, alias: `tvstest${n}`, type, country })
    .returning({ id: srmSuppliers.id });
  return row!.id;
}
const post = (who: Tokens, url: string, body: object) => keyedPost<Answer>(t, who, url, body);
const count = async (table: string) =>
  rowsOf<{ n: number }>(await t.p.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

beforeAll(async () => {
  [t, admin, mgr, finance, sales] = await startSignedIn([DEMO.admin, MANAGER, DEMO.finance01, DEMO.sales01]);
  partner = await supplier('sim_farm');
  partner2 = await supplier('sim_farm', 'VN');
  carrier = await supplier('aggregator');
}, 600_000);
afterAll(() => t?.close());

let period = 0;
/** a fresh month of 2020+ for each sample, so samples never overlap */
const month = () => {
  const m = period++;
  const y = 2000 + Math.floor(m / 12);
  const mm = String((m % 12) + 1).padStart(2, '0');
  return { periodFrom: `${y}-${mm}-01`, periodTo: `${y}-${mm}-28` };
};

describeResource(tvsWithdrawals, {
  app: () => t,
  sample: () => ({ supplierId: partner, ...month(), amount: 125_000, currency: 'USD', payee: 'Conf bank ****1234' }),
  update: { amount: 130_000, payee: 'Conf bank ****9999' },
  filters: {
    keyword: 'conf',
    supplierId: () => partner,
    state: 'requested',
    currency: 'USD',
    createdAt: ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'],
  },
  ownedRecord: async () => {
    const [row] = await t.p.db
      .insert(srmTvsWithdrawals)
      .values({ supplierId: partner2, ...month(), amount: 10, currency: 'EUR', payee: 'owned' })
      .returning({ id: srmTvsWithdrawals.id });
    return row!.id;
  },
  commands: { approve: {}, reject: { reason: 'statement missing' }, pay: { paymentRef: 'PAY-1' }, cancel: {} },
});

describeResource(tvsNotices, {
  app: () => t,
  sample: (n) => ({
    title: `Conf notice ${n}`,
    body: 'Maintenance window on Sunday 02:00-04:00 UTC',
    countries: ['ID'],
  }),
  update: { title: 'Renamed notice' },
  filters: { keyword: 'conf', state: 'draft', publishedAt: ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'] },
  ownedRecord: async () => {
    const [row] = await t.p.db
      .insert(srmTvsNotices)
      .values({ title: 'Owned', body: 'owned notice', state: 'published', publishedAt: new Date() })
      .returning({ id: srmTvsNotices.id });
    return row!.id;
  },
  commands: { publish: {}, withdraw: {} },
});

describeResource(tvsRewrites, {
  app: () => t,
  sample: (n) => ({
    name: `Conf rule ${n}`,
    supplierId: partner,
    country: 'ID',
    match: 'text',
    pattern: `code${n}`,
    replacement: 'kode',
    priority: 5,
    enabled: true,
  }),
  update: { name: 'Renamed rule', priority: 7 },
  filters: { keyword: 'conf', supplierId: () => partner, country: 'ID', enabled: true },
  ownedRecord: async () => {
    const [row] = await t.p.db
      .insert(srmTvsRewrites)
      .values({ name: 'Owned rule', match: 'text', pattern: 'x', priority: 1 })
      .returning({ id: srmTvsRewrites.id });
    return row!.id;
  },
});

describe('TVS withdrawals', () => {
  const body = (over: object = {}) => ({
    supplierId: partner,
    periodFrom: '2026-05-01',
    periodTo: '2026-05-31',
    amount: 98_765,
    currency: 'IDR',
    payee: 'BCA ****5678',
    ...over,
  });

  it('refuses a supplier that is not a SIM-farm partner, a bad period and an overlap, writing nothing', async () => {
    const before = await count('srm_tvs_withdrawals');
    expect((await post(mgr, '/v2/srm/tvs/withdrawal/save', body({ supplierId: carrier }))).code).toBe(
      Errors.SRM_TVS_NOT_PARTNER.code,
    );
    expect((await post(mgr, '/v2/srm/tvs/withdrawal/save', body({ supplierId: 999_999 }))).code).toBe(
      Errors.SRM_SUPPLIER_UNKNOWN.code,
    );
    expect(
      (await post(mgr, '/v2/srm/tvs/withdrawal/save', body({ periodFrom: '2026-05-31', periodTo: '2026-05-01' }))).code,
    ).toBe(Errors.SRM_WITHDRAWAL_PERIOD.code);
    // earnings not made yet: a period ending tomorrow
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect((await post(mgr, '/v2/srm/tvs/withdrawal/save', body({ periodTo: tomorrow }))).code).toBe(
      Errors.SRM_WITHDRAWAL_PERIOD.code,
    );
    expect((await post(mgr, '/v2/srm/tvs/withdrawal/save', body({ amount: 0 }))).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect(await count('srm_tvs_withdrawals')).toBe(before);
    const first = await post(mgr, '/v2/srm/tvs/withdrawal/save', body());
    expect(first.code, first.msg).toBe(0);
    const overlap = await post(
      mgr,
      '/v2/srm/tvs/withdrawal/save',
      body({ periodFrom: '2026-05-20', periodTo: '2026-06-10' }),
    );
    expect(overlap.code).toBe(Errors.SRM_WITHDRAWAL_OVERLAP.code);
    // another currency, or the next period, is another withdrawal
    expect((await post(mgr, '/v2/srm/tvs/withdrawal/save', body({ currency: 'USD' }))).code).toBe(0);
    expect(
      (await post(mgr, '/v2/srm/tvs/withdrawal/save', body({ periodFrom: '2026-06-01', periodTo: '2026-06-14' }))).code,
    ).toBe(0);
    expect(await count('srm_tvs_withdrawals')).toBe(before + 3);
  });

  it('is decided by someone else, paid by finance with its reference, and frozen after the decision', async () => {
    const made = await post(mgr, '/v2/srm/tvs/withdrawal/save', body({ supplierId: partner2, currency: 'VND' }));
    expect(made.code, made.msg).toBe(0);
    const id = made.data.id as number;
    const detail = async () => (await post(mgr, '/v2/srm/tvs/withdrawal/detail', { id })).data;
    expect((await post(mgr, '/v2/srm/tvs/withdrawal/approve', { id })).code).toBe(Errors.SRM_WITHDRAWAL_OWN.code);
    expect((await post(mgr, '/v2/srm/tvs/withdrawal/pay', { id, paymentRef: 'X-1' })).code).toBe(
      Errors.SRM_WITHDRAWAL_STATE.code,
    );
    // sales hold none of it
    expect((await post(sales, '/v2/srm/tvs/withdrawal/page', {})).code).toBe(Errors.NO_PERMISSION.code);
    const approved = await post(admin, '/v2/srm/tvs/withdrawal/approve', { id });
    expect(approved.code, approved.msg).toBe(0);
    const d = await detail();
    expect(d.state).toBe('approved');
    expect((await post(mgr, '/v2/srm/tvs/withdrawal/update', { id, version: d.version, amount: 1 })).code).toBe(
      Errors.SRM_WITHDRAWAL_STATE.code,
    );
    expect((await post(mgr, '/v2/srm/tvs/withdrawal/cancel', { id })).code).toBe(Errors.SRM_WITHDRAWAL_STATE.code);
    // finance records the payment it made (the ledger is finance's)
    const at = t.clock.now().getTime();
    const paid = await post(finance, '/v2/srm/tvs/withdrawal/pay', { id, paymentRef: 'FIN-2026-0615-01' });
    expect(paid.code, paid.msg).toBe(0);
    const after = await detail();
    expect(after).toMatchObject({ state: 'paid', paymentRef: 'FIN-2026-0615-01', amount: 98_765 });
    expect(Date.parse(after.paidAt)).toBeGreaterThanOrEqual(at - 1000);
    expect(Date.parse(after.paidAt)).toBeLessThanOrEqual(t.clock.now().getTime());
    const timeline = await t.app.inject({
      url: `/v2/srm/tvs/withdrawal/timeline?id=${id}`,
      headers: { authorization: `Bearer ${mgr.token}` },
    });
    const changes = JSON.stringify(timeline.json().data);
    expect(changes).toContain('approved');
    expect(changes).toContain('FIN-2026-0615-01');
  });

  it.runIf(onPostgres)('PostgreSQL: two requests for the same period at once, exactly one is saved', async () => {
    const p = { supplierId: partner2, currency: 'MYR', periodFrom: '2025-03-01', periodTo: '2025-03-31' };
    const answers = await Promise.all([
      post(mgr, '/v2/srm/tvs/withdrawal/save', body(p)),
      post(admin, '/v2/srm/tvs/withdrawal/save', body(p)),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, Errors.SRM_WITHDRAWAL_OVERLAP.code]);
    const rows = rowsOf<{ n: number }>(
      await t.p.db.execute(
        sql`select count(*)::int as n from srm_tvs_withdrawals where supplier_id = ${partner2} and currency = 'MYR'`,
      ),
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('frees the period again when a request is rejected or cancelled', async () => {
    const p = { supplierId: partner2, currency: 'THB', periodFrom: '2026-01-01', periodTo: '2026-01-31' };
    const a = await post(mgr, '/v2/srm/tvs/withdrawal/save', body(p));
    expect((await post(admin, '/v2/srm/tvs/withdrawal/reject', { id: a.data.id, reason: 'numbers differ' })).code).toBe(
      0,
    );
    const b = await post(mgr, '/v2/srm/tvs/withdrawal/save', body(p));
    expect(b.code, b.msg).toBe(0);
    expect((await post(mgr, '/v2/srm/tvs/withdrawal/cancel', { id: b.data.id })).code).toBe(0);
    expect((await post(mgr, '/v2/srm/tvs/withdrawal/save', body(p))).code).toBe(0);
    expect((await post(mgr, '/v2/srm/tvs/withdrawal/detail', { id: a.data.id })).data).toMatchObject({
      state: 'rejected',
      rejectReason: 'numbers differ',
    });
  });
});

describe('TVS notices', () => {
  it('is edited as a draft, published once, then only withdrawn', async () => {
    const made = await post(mgr, '/v2/srm/tvs/notice/save', {
      title: 'Settlement on the 5th',
      body: 'Statements for May are sent on 5 June.',
      countries: ['VN', 'ID', 'VN'],
    });
    expect(made.code, made.msg).toBe(0);
    const id = made.data.id as number;
    const detail = async () => (await post(mgr, '/v2/srm/tvs/notice/detail', { id })).data;
    expect((await detail()).countries).toEqual(['VN', 'ID']);
    expect((await post(mgr, '/v2/srm/tvs/notice/publish', { id })).code).toBe(0);
    const d = await detail();
    expect(d.state).toBe('published');
    expect(Date.now() - Date.parse(d.publishedAt)).toBeLessThan(600_000);
    expect((await post(mgr, '/v2/srm/tvs/notice/update', { id, version: d.version, title: 'Changed' })).code).toBe(
      Errors.SRM_TVS_NOTICE_STATE.code,
    );
    expect((await post(mgr, '/v2/srm/tvs/notice/delete', { id, version: d.version })).code).toBe(
      Errors.SRM_TVS_NOTICE_STATE.code,
    );
    expect((await post(mgr, '/v2/srm/tvs/notice/publish', { id })).code).toBe(Errors.SRM_TVS_NOTICE_STATE.code);
    expect((await post(mgr, '/v2/srm/tvs/notice/withdraw', { id })).code).toBe(0);
    expect((await detail()).state).toBe('withdrawn');
  });
});

describe('TVS content rewriting', () => {
  const rule = (over: object) => ({ name: 'Rule', match: 'text', pattern: 'x', priority: 5, enabled: true, ...over });

  it('refuses a broken or backtracking regular expression and a partner that is not a SIM farm', async () => {
    const before = await count('srm_tvs_rewrites');
    for (const pattern of ['(abc', '(a+)+$', '(\\w*)*x', '(x|y+){2,}'])
      expect((await post(mgr, '/v2/srm/tvs/content-rewrite/save', rule({ match: 'regex', pattern }))).code).toBe(
        Errors.SRM_REWRITE_PATTERN_INVALID.code,
      );
    expect((await post(mgr, '/v2/srm/tvs/content-rewrite/save', rule({ supplierId: carrier }))).code).toBe(
      Errors.SRM_TVS_NOT_PARTNER.code,
    );
    expect(await count('srm_tvs_rewrites')).toBe(before);
  });

  it('previews a text through the enabled rules of a partner and country, by priority', async () => {
    await t.p.db.execute(sql`update srm_tvs_rewrites set enabled = false`);
    const save = async (over: object) => {
      const r = await post(mgr, '/v2/srm/tvs/content-rewrite/save', rule(over));
      expect(r.code, r.msg).toBe(0);
      return r.data.id as number;
    };
    const links = await save({
      name: 'No links',
      match: 'regex',
      pattern: 'https?://\\S+',
      replacement: '[link]',
      priority: 1,
    });
    const code = await save({
      name: 'Code word',
      supplierId: partner,
      pattern: 'OTP',
      replacement: 'kode',
      priority: 2,
    });
    const digits = await save({
      name: 'Spaced digits',
      supplierId: partner,
      country: 'ID',
      match: 'regex',
      pattern: '(\\d{3})(\\d{3})',
      replacement: '$1 $2',
      priority: 3,
    });
    await save({ name: 'Other partner', supplierId: partner2, pattern: 'Your', replacement: 'Ur', priority: 1 });
    await save({ name: 'Off', pattern: 'Your', replacement: 'Ur', priority: 1, enabled: false });
    const text = 'Your OTP is 123456, see https://x.example/a';
    const preview = (q: object) => post(mgr, '/v2/srm/tvs/content-rewrite/preview', { text, ...q });
    const id = await preview({ supplierId: partner, country: 'ID' });
    expect(id.data).toEqual({
      text: 'Your kode is 123 456, see [link]',
      applied: [
        { id: links, name: 'No links' },
        { id: code, name: 'Code word' },
        { id: digits, name: 'Spaced digits' },
      ],
    });
    expect((await preview({ supplierId: partner, country: 'VN' })).data.text).toBe('Your kode is 123456, see [link]');
    expect((await preview({})).data.applied).toEqual([{ id: links, name: 'No links' }]);
    expect((await preview({ supplierId: carrier })).code).toBe(Errors.SRM_TVS_NOT_PARTNER.code);
    expect((await preview({ text: '' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await preview({ supplierId: partner, text: 'Hi' })).code).toBe(0);
    expect((await post(sales, '/v2/srm/tvs/content-rewrite/preview', { text })).code).toBe(Errors.NO_PERMISSION.code);
  });
});
