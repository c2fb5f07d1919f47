import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { CUSTOMER_IMPORT_CHUNK } from '@portal/contracts/crm';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markCustomerDealt } from '../src/modules/crm/deal.js';
import { crmPromotionVisits } from '../src/modules/crm/promotion/schema.js';
import { crmCustomers } from '../src/modules/crm/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, DEMO, signIn, type TestApp, type Tokens } from './harness.js';
import { startSignedIn } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
const HEADER = ['公司名称', '客户简称', '客户类型', '国家/地区', '所属行业', '客户等级', '公司邮箱域名', '公司电话'];
const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe('CRM import, analysis and promotion', () => {
  let t: TestApp;
  let sales: Tokens;
  let admin: Tokens;
  let salesId: number;
  let salesJob: string;

  beforeAll(async () => {
    [t, sales, admin] = await startSignedIn([DEMO.sales01, DEMO.admin]);
    const [me] = await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, 'sales01'));
    salesId = me!.id;
    salesJob = me!.jobNumber;
  }, 60_000);
  afterAll(async () => t?.close());

  const post = async (tok: Tokens, url: string, payload: object, lang?: string): Promise<Answer> => {
    const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok) })).json()
      .data.key;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(tok), [IDEMPOTENCE_HEADER]: key, ...(lang ? { 'x-lang': lang } : {}) },
      payload,
    });
    return res.json();
  };
  const get = (tok: Tokens, url: string) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json() as Answer);

  async function sheet(rows: (string | number)[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('customers');
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  async function preview(who: Tokens, file: Buffer, lang = 'en'): Promise<Answer> {
    const boundary = '----crmimport';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/crm/customer/import/preview',
      headers: { ...bearer(who), 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-lang': lang },
      payload,
    });
    return res.json();
  }
  const customerCount = async () =>
    Number(rowsOf<{ n: string }>(await t.p.db.execute(sql`select count(*) as n from crm_customers`))[0]!.n);

  describe('customer import', () => {
    it('offers the template with the columns the template page lists', async () => {
      const res = await t.app.inject({ url: '/v2/crm/customer/import/template', headers: bearer(sales) });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const header = (wb.worksheets[0]!.getRow(1).values as string[]).slice(1);
      const listed = await get(admin, '/v2/crm/import/templates');
      expect(listed.data[0].columns.map((c: { key: string }) => c.key)).toEqual(header);
      expect(listed.data[1].columns.map((c: { key: string }) => c.key)).toEqual([
        'customerCode',
        'type',
        'content',
        'nextAt',
      ]);
      expect(header).toEqual(expect.arrayContaining(['name', 'alias', 'type', 'country']));
      // the settings list needs the template screen's key: a sales has none
      expect((await get(sales, '/v2/crm/import/templates')).code).toBe(Errors.NO_PERMISSION.code);
    });

    it('imports good rows, refuses existing and blacklisted matches with a reason in the caller’s language', async () => {
      const [existing] = await t.p.db.select().from(crmCustomers).where(eq(crmCustomers.state, 'private')).limit(1);
      const [black] = await t.p.db.select().from(crmCustomers).where(eq(crmCustomers.state, 'blacklist')).limit(1);
      expect(black).toBeDefined();
      const file = await sheet([
        HEADER,
        ['Imported Alpha Logistics', 'imp-alpha', 'C', 'br', 'ecommerce', 'b', 'imp-alpha.example', '+55 11 4161 2345'],
        ['Imported Beta Telecom', 'imp-beta', 'R', 'DE', '', '', 'imp-beta.example, imp-beta.de', ''],
        ['Some Other Name Entirely', existing!.alias, 'C', 'US', '', '', '', ''],
        [`${black!.name}`, 'imp-black', 'C', 'US', '', '', '', ''],
        ['Bad Country Co', 'imp-bad', 'C', 'XYZ', '', '', '', ''],
        ['Free Mail Co Ltd', 'imp-free', 'C', 'CN', '', '', 'gmail.com', ''],
        ['Unknown Level Co', 'imp-level', 'C', 'CN', '', 'Z', '', ''],
      ]);
      const zh = await preview(sales, file, 'zh-CN');
      expect(zh.code).toBe(0);
      expect(zh.data.rows.map((r: { alias: string }) => r.alias)).toEqual(['imp-alpha', 'imp-beta']);
      expect(zh.data.rows[0]).toMatchObject({ row: 2, country: 'BR', level: 'B', phone: '+551141612345' });
      expect(zh.data.rows[1].emailDomains).toEqual(['imp-beta.example', 'imp-beta.de']);
      const byRow = new Map<number, { code: number; message: string }>(
        zh.data.errors.map((e: { row: number; code: number; message: string }) => [e.row, e]),
      );
      expect(byRow.get(4)).toMatchObject({ code: Errors.CRM_IMPORT_SAME_ALIAS.code });
      expect(byRow.get(4)!.message).toContain(existing!.code);
      expect(byRow.get(4)!.message).toContain('客户简称相同');
      expect(byRow.get(5)).toMatchObject({ code: Errors.CRM_IMPORT_BLACKLISTED.code });
      expect(byRow.get(5)!.message).toContain('黑名单');
      expect(byRow.get(6)).toBeDefined();
      expect(byRow.get(7)).toMatchObject({ code: Errors.CRM_FREE_MAIL_DOMAIN.code });
      expect(byRow.get(8)).toMatchObject({ code: Errors.CRM_DICT_VALUE_UNKNOWN.code });
      const en = await preview(sales, file, 'en');
      expect(en.data.errors.find((e: { row: number }) => e.row === 5).message).toContain('blacklisted');

      const before = await customerCount();
      const saved = await post(sales, '/v2/crm/customer/import/commit', { rows: zh.data.rows }, 'zh-CN');
      expect(saved.code).toBe(0);
      expect(saved.data.outcomes.map((o: { ok: boolean }) => o.ok)).toEqual([true, true]);
      expect(saved.data.outcomes[0].customerCode).toMatch(/^CU\d+$/);
      expect(await customerCount()).toBe(before + 2);
      const [alpha] = await t.p.db.select().from(crmCustomers).where(eq(crmCustomers.alias, 'imp-alpha'));
      expect(alpha).toMatchObject({ ownerId: salesId, state: 'private', country: 'BR', createdBy: salesId });

      // the same rows again: each refused by the commit's own check, nothing saved
      const again = await post(sales, '/v2/crm/customer/import/commit', { rows: zh.data.rows }, 'en');
      expect(again.data.outcomes.map((o: { ok: boolean; code: number }) => [o.ok, o.code])).toEqual([
        [false, Errors.CRM_IMPORT_SAME_ALIAS.code],
        [false, Errors.CRM_IMPORT_SAME_ALIAS.code],
      ]);
      expect(again.data.outcomes[0].message).toContain('same alias');
      expect(await customerCount()).toBe(before + 2);
    });

    it('refuses a file that is not a workbook, one without the required columns, and oversized commits', async () => {
      expect((await preview(sales, Buffer.from('name,alias\nA,b'))).code).toBe(Errors.IMPORT_NOT_XLSX.code);
      const noAlias = await preview(
        sales,
        await sheet([
          ['公司名称', '国家/地区'],
          ['X Co', 'CN'],
        ]),
      );
      expect(noAlias.code).toBe(Errors.IMPORT_HEADER_MISSING.code);
      const rows = Array.from({ length: CUSTOMER_IMPORT_CHUNK + 1 }, (_, i) => ({
        row: i + 2,
        name: `Chunk Co ${i}`,
        alias: `chunk-${i}`,
        type: 'C',
        country: 'CN',
      }));
      const before = await customerCount();
      expect((await post(sales, '/v2/crm/customer/import/commit', { rows })).code).toBe(Errors.VALIDATION_FAILED.code);
      const twice = await post(sales, '/v2/crm/customer/import/commit', {
        rows: [rows[0], { ...rows[1], alias: 'CHUNK-0' }],
      });
      expect(twice.code).toBe(Errors.DUPLICATE.code);
      expect(await customerCount()).toBe(before);
    });

    it('imports follow-ups onto customers in my scope by code; others are refused with the reason', async () => {
      const [mine] = await t.p.db
        .select()
        .from(crmCustomers)
        .where(and(eq(crmCustomers.ownerId, salesId), eq(crmCustomers.state, 'private')))
        .limit(1);
      const [notMine] = await t.p.db
        .select()
        .from(crmCustomers)
        .where(sql`${crmCustomers.ownerId} <> ${salesId}`)
        .limit(1);
      const file = await sheet([
        ['客户编号', '跟进方式', '跟进内容', '下次跟进时间'],
        [mine!.code.toLowerCase(), 'call', 'Imported call about OTP', '2030-01-02 10:30'],
        [notMine!.code, 'call', 'Not my customer', ''],
        [mine!.code, 'fax', 'Unknown type', ''],
        [mine!.code, 'visit', 'Bad date', 'next week'],
      ]);
      const boundary = '----fu';
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/crm/follow-up/import/preview',
        headers: { ...bearer(sales), 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-lang': 'en' },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      const preview = res.json() as Answer;
      expect(preview.code).toBe(0);
      expect(preview.data.rows).toHaveLength(1);
      const codes = new Map(preview.data.errors.map((e: { row: number; code: number }) => [e.row, e.code]));
      expect(codes.get(3)).toBe(Errors.CRM_IMPORT_CUSTOMER_UNKNOWN.code);
      expect(codes.get(4)).toBe(Errors.HISTORY_FOLLOW_UP_TYPE_UNKNOWN.code);
      expect(codes.get(5)).toBe(Errors.IMPORT_CELL_FORMAT.code);
      const saved = await post(sales, '/v2/crm/follow-up/import/commit', { rows: preview.data.rows });
      expect(saved.data.outcomes).toMatchObject([{ ok: true, customerCode: mine!.code }]);
      const [after] = await t.p.db.select().from(crmCustomers).where(eq(crmCustomers.id, mine!.id));
      expect(after!.nextContactAt?.getFullYear()).toBe(2030);
      const timeline = await get(sales, `/v2/crm/customer/timeline?id=${mine!.id}`);
      expect(JSON.stringify(timeline.data)).toContain('Imported call about OTP');
      // a row naming someone else's customer is refused at saving time too
      const sneaky = await post(sales, '/v2/crm/follow-up/import/commit', {
        rows: [{ row: 2, customerCode: notMine!.code, type: 'call', content: 'x' }],
      });
      expect(sneaky.data.outcomes[0]).toMatchObject({ ok: false, code: Errors.CRM_IMPORT_CUSTOMER_UNKNOWN.code });
    });

    it('is only for holders of the import key', async () => {
      const ops = await signIn(t.app, DEMO.ops01);
      expect((await preview(ops, await sheet([HEADER]))).code).toBe(Errors.NO_PERMISSION.code);
      expect((await get(ops, '/v2/crm/customer/import/template')).code).toBe(Errors.NO_PERMISSION.code);
    });
  });

  describe('sales funnel and account tracking', () => {
    const period = () => {
      const to = t.p.clock.now();
      const from = new Date(to.getTime() - 200 * 86_400_000);
      return { from: ymd(from), to: ymd(to) };
    };

    it('counts the caller’s opportunities of the period by stage and outcome, as the table holds them', async () => {
      const q = period();
      const funnel = await post(sales, '/v2/crm/analysis/sales-funnel', q);
      expect(funnel.code).toBe(0);
      const start = new Date(`${q.from}T00:00:00`);
      const expected = rowsOf<{ status: string; stage: string; n: string; amount: string }>(
        await t.p.db.execute(sql`select status, stage, count(*) as n, sum(amount) as amount from crm_opportunities
          where owner_id = ${salesId} and created_at >= ${start} group by status, stage`),
      );
      const n = (status: string) => expected.filter((e) => e.status === status).reduce((s, e) => s + Number(e.n), 0);
      expect(n('open') + n('won')).toBeGreaterThan(0);
      const d = funnel.data;
      expect(d.won.count).toBe(n('won'));
      expect(d.lost.count).toBe(n('lost'));
      expect(d.invalid).toBe(n('invalid'));
      expect(d.stages.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(n('open'));
      for (const e of expected.filter((x) => x.status === 'open')) {
        const stage = d.stages.find((s: { code: string }) => s.code === e.stage);
        expect(stage.count).toBe(Number(e.n));
      }
      const wonAmount = expected.filter((e) => e.status === 'won').reduce((s, e) => s + Number(e.amount), 0);
      expect(d.won.amounts.reduce((s: number, a: { amount: number }) => s + a.amount, 0)).toBe(wonAmount);
      const closed = n('won') + n('lost');
      expect(d.winRate).toBe(closed ? Math.round((n('won') / closed) * 1000) / 10 : null);
      // data scope: a sales sees only their own; the administrator asking for that sales sees the same
      expect(d.byOwner.map((o: { ownerId: number }) => o.ownerId)).toEqual([salesId]);
      const asAdmin = await post(admin, '/v2/crm/analysis/sales-funnel', { ...q, ownerId: salesId });
      expect(asAdmin.data).toEqual(d);
      const everyone = await post(admin, '/v2/crm/analysis/sales-funnel', q);
      expect(everyone.data.byOwner.length).toBeGreaterThan(1);
      // asking for someone else gives a sales nothing more than their scope
      const other = everyone.data.byOwner.find((o: { ownerId: number }) => o.ownerId !== salesId).ownerId;
      const peek = await post(sales, '/v2/crm/analysis/sales-funnel', { ...q, ownerId: other });
      expect(peek.data.byOwner).toEqual([]);
    });

    it('refuses a backwards or too long period', async () => {
      const backwards = await post(sales, '/v2/crm/analysis/sales-funnel', { from: '2026-05-02', to: '2026-05-01' });
      expect(backwards.code).toBe(Errors.CRM_ANALYSIS_PERIOD.code);
      const long = await post(sales, '/v2/crm/analysis/account-track', { from: '2024-01-01', to: '2026-01-01' });
      expect(long.code).toBe(Errors.CRM_ANALYSIS_PERIOD.code);
      const garbage = await post(sales, '/v2/crm/analysis/account-track', { from: 'yesterday', to: '2026-01-01' });
      expect(garbage.code).toBe(Errors.VALIDATION_FAILED.code);
    });

    it('tracks new customers, follow-ups and first paid traffic per sales', async () => {
      const q = period();
      const before = (await post(sales, '/v2/crm/analysis/account-track', q)).data;
      expect(before.accountsAvailable).toBe(true);
      expect(before.trafficAvailable).toBe(true);
      const mine = () => before.rows.find((r: { ownerId: number }) => r.ownerId === salesId);
      expect(before.rows.every((r: { ownerId: number }) => r.ownerId === salesId)).toBe(true);
      const made = await post(sales, '/v2/crm/customer/save', {
        name: 'Tracked Freight Partners',
        alias: 'tracked-freight',
        type: 'C',
        country: 'FR',
      });
      expect(made.code).toBe(0);
      const follow = await post(sales, '/v2/crm/customer/follow-up', {
        id: made.data.id,
        type: 'call',
        content: 'first call',
        contacts: [],
        fileIds: [],
      });
      expect(follow.code).toBe(0);
      const after = (await post(sales, '/v2/crm/analysis/account-track', q)).data;
      const now = after.rows.find((r: { ownerId: number }) => r.ownerId === salesId);
      expect(now.newCustomers).toBe((mine()?.newCustomers ?? 0) + 1);
      expect(now.followUps).toBe((mine()?.followUps ?? 0) + 1);
      expect(now.jobNumber).toBe(salesJob);
      expect(now.firstPaidCustomers).toBe(mine()?.firstPaidCustomers ?? 0);
      // its first paid traffic (the deal event): counted once for its owner, in the period only
      expect(await markCustomerDealt(t.p.db, t.p.clock, made.data.id)).toBe(true);
      expect(await markCustomerDealt(t.p.db, t.p.clock, made.data.id)).toBe(false);
      const dealt = (await post(sales, '/v2/crm/analysis/account-track', q)).data;
      const paid = dealt.rows.find((r: { ownerId: number }) => r.ownerId === salesId);
      expect(paid.firstPaidCustomers).toBe(now.firstPaidCustomers + 1);
      const earlier = { from: '2025-01-01', to: '2025-03-01' };
      const old = (await post(sales, '/v2/crm/analysis/account-track', earlier)).data;
      expect(old.rows.find((r: { ownerId: number }) => r.ownerId === salesId)?.firstPaidCustomers ?? 0).toBe(0);
    });

    it('counts the accounts opened in the period for their customers’ owners, through the accounts port', async () => {
      const q = period();
      const start = new Date(`${q.from}T00:00:00`);
      const end = new Date(`${q.to}T00:00:00`);
      end.setDate(end.getDate() + 1);
      const truth = rowsOf<{ owner: number; n: string }>(
        await t.p.db.execute(sql`select c.owner_id as owner, count(*) as n from fin_accounts a
          join crm_customers c on c.id = a.customer_id
          where a.opened_at >= ${start} and a.opened_at < ${end} and c.owner_id is not null group by c.owner_id`),
      );
      expect(truth.length).toBeGreaterThan(1);
      const all = (await post(admin, '/v2/crm/analysis/account-track', q)).data;
      expect(all.accountsAvailable).toBe(true);
      for (const e of truth)
        expect(all.rows.find((r: { ownerId: number }) => r.ownerId === Number(e.owner))?.newAccounts).toBe(Number(e.n));
      // a sales counts their own customers' accounts only
      const mine = (await post(sales, '/v2/crm/analysis/account-track', q)).data;
      expect(mine.rows.every((r: { ownerId: number }) => r.ownerId === salesId)).toBe(true);
      const own = mine.rows.find((r: { ownerId: number }) => r.ownerId === salesId)?.newAccounts ?? 0;
      expect(own).toBe(Number(truth.find((e) => Number(e.owner) === salesId)?.n ?? 0));
    });

    it('has the deal event of every seeded dealt customer, as the deal path writes it', async () => {
      const missing = rowsOf<{ n: string }>(
        await t.p.db.execute(sql`select count(*) as n from crm_customers c where c.dealt and c.code like 'CD%'
          and not exists (select 1 from record_events e where e.entity = 'crm.customer' and e.record_id = c.id::text
            and e.kind = 'state' and e.actor_id is null and e.data->>'reason' = 'paid_traffic'
            and e.changes = '[{"field":"dealt","from":false,"to":true}]'::jsonb and e.at > c.created_at)`),
      );
      const dealt = rowsOf<{ n: string }>(
        await t.p.db.execute(sql`select count(*) as n from crm_customers where dealt`),
      );
      expect(Number(dealt[0]!.n)).toBeGreaterThan(100);
      expect(Number(missing[0]!.n)).toBe(0);
    });
  });

  describe('promotion link', () => {
    it('gives my link for my own job number only, counts visits and records sign-ups', async () => {
      const link = await get(sales, `/kunlun/crm/main/get/promotionLink?jobNumber=${salesJob}`);
      expect(link.data.link).toBe(`${t.p.config.publicUrl}/promo/${salesJob}`);
      expect((await get(sales, '/kunlun/crm/main/get/promotionLink?jobNumber=E9999')).code).toBe(
        Errors.NO_PERMISSION.code,
      );
      const start = await get(sales, '/v2/crm/promotion/mine');
      expect(start.data).toMatchObject({ link: link.data.link });

      const page = await t.app.inject({ url: `/promo/${salesJob}`, headers: { 'accept-language': 'zh-CN' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('企业通信服务咨询');
      await t.app.inject({ url: `/promo/${salesJob}`, headers: { 'accept-language': 'en' } });
      const visits = await t.p.db
        .select({ n: sql<number>`count(*)::int` })
        .from(crmPromotionVisits)
        .where(and(eq(crmPromotionVisits.userId, salesId)));
      expect(visits[0]!.n).toBe(start.data.visits + 2);

      const form = 'company=Lima+Parcel+SAC&name=Rosa&email=Rosa%40limaparcel.pe&phone=%2B5114160000';
      const signed = await t.app.inject({
        method: 'POST',
        url: `/promo/${salesJob}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
        payload: form,
      });
      expect(signed.statusCode).toBe(200);
      expect(signed.body).toContain('promo-thanks');
      const repeated = await t.app.inject({
        method: 'POST',
        url: `/promo/${salesJob}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh-CN' },
        payload: form.replace('Rosa%40', 'rosa%40'),
      });
      expect(repeated.statusCode).toBe(400);
      expect(repeated.body).toContain('已通过此链接登记过');
      const bad = await t.app.inject({
        method: 'POST',
        url: `/promo/${salesJob}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'company=X&name=&email=nope',
      });
      expect(bad.statusCode).toBe(400);

      const mine = await get(sales, '/v2/crm/promotion/mine');
      expect(mine.data).toMatchObject({ visits: start.data.visits + 2, signUps: start.data.signUps + 1 });
      expect(mine.data.recent[0]).toMatchObject({ company: 'Lima Parcel SAC', email: 'rosa@limaparcel.pe' });
      const summary = await get(sales, '/v2/sys/staff/home/summary');
      expect(summary.data.linkPromotion).toBe(`${mine.data.visits} / ${mine.data.signUps}`);
    });

    it('answers an unknown link with 404 and counts nothing; the JSON calls serve a marketing site', async () => {
      const page = await t.app.inject({ url: '/promo/NOBODY1' });
      expect(page.statusCode).toBe(404);
      const visit = await t.app.inject({ method: 'POST', url: '/v2/crm/promotion/visit', payload: { ref: 'NOBODY1' } });
      expect(visit.json().code).toBe(Errors.CRM_PROMOTION_UNKNOWN.code);
      const before = (await get(sales, '/v2/crm/promotion/mine')).data;
      expect(
        (await t.app.inject({ method: 'POST', url: '/v2/crm/promotion/visit', payload: { ref: salesJob } })).json()
          .code,
      ).toBe(0);
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/v2/crm/promotion/signup',
        payload: { ref: salesJob, company: 'Quito Cargo', name: 'Ana', email: 'ana@quitocargo.ec' },
      });
      expect(signUp.json().code).toBe(0);
      const after = (await get(sales, '/v2/crm/promotion/mine')).data;
      expect(after).toMatchObject({ visits: before.visits + 1, signUps: before.signUps + 1 });
    });
  });
});
