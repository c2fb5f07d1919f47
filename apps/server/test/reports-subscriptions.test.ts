import { Errors } from '@portal/contracts';
import { reportDefs, ymdOf } from '@portal/contracts/reports';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailModule } from '../src/modules/mail/index.js';
import { rptSubscriptions } from '../src/modules/reports/schema.js';
import { lastComplete, reportSubscriptions, sendDueSubscriptions } from '../src/modules/reports/subscriptions.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { files } from '../src/platform/files/schema.js';
import { filesOf } from '../src/platform/files/service.js';
import { definePorts } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { describeResource } from './support/describe-resource.js';

let t: TestApp;
let sales: Tokens;
let salesId = 0;
let made = 0;
type Sent = { userId: number; to: string[]; subject: string; fileIds: string[]; html: string };
const sent: Sent[] = [];
let mailFails = false;

const newKey = async (who: Tokens) =>
  (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(who) })).json().data.key;
const save = async (who: Tokens, body: object) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/v2/reports/subscription/save',
      headers: { ...bearer(who), 'x-idempotence-key': await newKey(who) },
      payload: body,
    })
  ).json();

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  sales = await signIn(t.app, DEMO.sales01);
  salesId = (await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, 'sales01')))[0]!.id;
  definePorts({
    mail: () => ({
      async send(userId, m) {
        if (mailFails) throw new Error('mailbox not bound');
        sent.push({ userId, to: m.to.map((a) => a.email), subject: m.subject, fileIds: m.fileIds, html: m.html ?? '' });
        return { id: sent.length, messageId: `<${sent.length}@test>` };
      },
    }),
  });
}, 120_000);
afterAll(async () => {
  definePorts({ mail: mailModule.ports!.mail });
  await t?.close();
});

describeResource(reportSubscriptions, {
  app: () => t,
  sample: (n) => ({
    report: reportDefs.smsProfit.key,
    frequency: n % 2 ? 'week' : 'month',
    recipients: `boss${n}@example.com`,
    locale: n % 2 ? 'en' : 'zh-CN',
    enabled: false,
  }),
  update: { recipients: 'changed@example.com', locale: 'en' },
  filters: { report: reportDefs.smsProfit.key, frequency: 'week', enabled: false },
  ownedRecord: async (_t, userId) => {
    const [r] = await t.p.db
      .insert(rptSubscriptions)
      .values({
        report: reportDefs.smsReport.key,
        frequency: 'day',
        recipients: `owned${++made}@example.com`,
        enabled: false,
        ownerId: userId,
      })
      .returning({ id: rptSubscriptions.id });
    return r!.id;
  },
});

describe('report subscriptions', () => {
  it('the last complete day, Monday–Sunday week and month of a day', () => {
    // 2026-11-25 is a Wednesday
    expect(lastComplete('day', '2026-11-25')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(lastComplete('week', '2026-11-25')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    // on a Monday the week that just ended
    expect(lastComplete('week', '2026-11-23')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(lastComplete('month', '2026-03-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('takes only reports the subscriber may open and valid recipients; a refusal stores nothing', async () => {
    const before = (await t.p.db.select().from(rptSubscriptions)).length;
    const denied = await save(sales, {
      report: 'supplier-report',
      frequency: 'week',
      recipients: 'a@b.com',
      locale: 'zh-CN',
      enabled: true,
    });
    expect(denied.code).toBe(Errors.RPT_SUB_REPORT_DENIED.code);
    const waiting = await save(sales, {
      report: 'equip-report',
      frequency: 'week',
      recipients: 'a@b.com',
      locale: 'zh-CN',
      enabled: true,
    });
    expect(waiting.code).not.toBe(0);
    const bad = await save(sales, {
      report: 'sms-profit',
      frequency: 'week',
      recipients: 'a@b.com, nobody',
      locale: 'zh-CN',
      enabled: true,
    });
    expect(bad.code).toBe(Errors.RPT_SUB_RECIPIENT_INVALID.code);
    expect(bad.msg).toContain('nobody');
    expect((await t.p.db.select().from(rptSubscriptions)).length).toBe(before);
  });

  it('mails the last complete period once, as the owner sees it, as an XLSX file of theirs; a failure is kept and retried', async () => {
    // noon (UTC) of the day after the clock's now: the test cannot straddle a midnight
    const now = t.p.clock.now().getTime();
    t.clock.advance(Math.ceil(now / 86_400_000) * 86_400_000 + 12 * 3_600_000 - now);
    sales = await signIn(t.app, DEMO.sales01); // the earlier sign-in has expired on the moved clock
    // a customer of sales01 with traffic on the first day of the week the job will send
    const week = lastComplete('week', ymdOf(t.p.clock.now().getTime()));
    await t.p.db.execute(sql`insert into traffic_daily (day, product, account_id, customer_id, owner_id, channel_id,
        country, network, status, currency, cost_currency, count, segments, delivered, revenue, cost)
      values (${week.from}, 'sms', 7701, 7701, ${salesId}, 0, 'DE', '', 'delivered', 'USD', 'USD', 10, 10, 10, 1, 0.5)`);
    const created = await save(sales, {
      report: 'sms-profit',
      frequency: 'week',
      recipients: 'Boss@Example.com; team@example.com',
      locale: 'zh-CN',
      enabled: true,
    });
    expect(created.code).toBe(0);
    const id = created.data.id as number;
    const mine = () => sent.filter((s) => s.to.includes('team@example.com'));

    mailFails = true;
    await sendDueSubscriptions(t.p);
    let [row] = await t.p.db.select().from(rptSubscriptions).where(eq(rptSubscriptions.id, id));
    expect(row).toMatchObject({ ownerId: salesId, lastPeriod: null, lastError: 'mailbox not bound' });
    expect(mine()).toHaveLength(0);

    mailFails = false;
    await sendDueSubscriptions(t.p);
    [row] = await t.p.db.select().from(rptSubscriptions).where(eq(rptSubscriptions.id, id));
    expect(row).toMatchObject({ lastPeriod: week.from, lastError: null });
    expect(mine()).toHaveLength(1);
    expect(mine()[0]).toMatchObject({ userId: salesId, to: ['Boss@Example.com', 'team@example.com'] });
    expect(mine()[0]!.subject).toContain(`${week.from} ~ ${week.to}`);
    const [file] = await t.p.db.select().from(files).where(eq(files.id, mine()[0]!.fileIds[0]!));
    expect(file).toMatchObject({ ownerUserId: salesId });
    expect(file!.name).toMatch(/\.xlsx$/);

    // the same period is not sent again; the next week is, once it is complete
    await sendDueSubscriptions(t.p);
    expect(mine()).toHaveLength(1);
    t.clock.advance(7 * 86_400_000);
    await sendDueSubscriptions(t.p);
    expect(mine()).toHaveLength(2);
    [row] = await t.p.db.select().from(rptSubscriptions).where(eq(rptSubscriptions.id, id));
    expect(row!.lastPeriod).toBe(lastComplete('week', ymdOf(t.p.clock.now().getTime())).from);
  });
  it('refuses a drill-down that does not fit the report; nothing is stored', async () => {
    sales = await signIn(t.app, DEMO.sales01); // the clock moved a week in the test before
    const before = (await t.p.db.select().from(rptSubscriptions)).length;
    const body = { report: 'sms-profit', frequency: 'week', recipients: 'a@b.com', locale: 'en', enabled: true };
    const step = (dim: string, value: string) => ({ dim, value, label: 'x' });
    for (const filters of [
      [step('account', '1')], // an account without its customer
      [step('customer', 'abc')], // not an id
      [step('customer', '1'), step('account', '2'), step('country', 'germany')],
      [step('supplier', '1')], // not a dimension of the report
      '{"customer":1}', // not a list of steps
    ]) {
      const res = await save(sales, {
        ...body,
        filters: typeof filters === 'string' ? filters : JSON.stringify(filters),
      });
      expect(res.code, JSON.stringify(filters)).toBe(Errors.RPT_SUB_FILTERS_INVALID.code);
    }
    expect(await save(sales, { ...body, locale: 'fr' })).toMatchObject({ code: Errors.VALIDATION_FAILED.code });
    expect((await t.p.db.select().from(rptSubscriptions)).length).toBe(before);
    // a report whose dimensions the stored drill-down does not follow: refused on update too
    const ok = await save(sales, { ...body, filters: JSON.stringify([step('customer', '1')]) });
    expect(ok.code).toBe(0);
    const [row] = await t.p.db.select().from(rptSubscriptions).where(eq(rptSubscriptions.id, ok.data.id));
    const update = await t.app.inject({
      method: 'POST',
      url: '/v2/reports/subscription/update',
      headers: { ...bearer(sales), 'x-idempotence-key': await newKey(sales) },
      payload: { id: row!.id, version: row!.version, report: 'sms-analysis' },
    });
    expect(update.json().code).toBe(Errors.RPT_SUB_FILTERS_INVALID.code);
    const [after] = await t.p.db.select().from(rptSubscriptions).where(eq(rptSubscriptions.id, row!.id));
    expect(after).toMatchObject({ report: 'sms-profit', version: row!.version });
  });

  it("writes the file and the mail in the subscriber's language, at the drill-down subscribed", async () => {
    sales = await signIn(t.app, DEMO.sales01);
    const week = lastComplete('week', ymdOf(t.p.clock.now().getTime()));
    for (const [customer, country] of [
      [7711, 'DE'],
      [7712, 'FR'],
    ] as const)
      await t.p.db.execute(sql`insert into traffic_daily (day, product, account_id, customer_id, owner_id, channel_id,
          country, network, status, currency, cost_currency, count, segments, delivered, revenue, cost)
        values (${week.from}, 'sms', ${customer}, ${customer}, ${salesId}, 0, ${country}, '', 'delivered', 'USD', 'USD', 10, 10, 10, 1, 0.5)`);
    const en = await save(sales, {
      report: 'sms-profit',
      frequency: 'week',
      recipients: 'english@example.com',
      locale: 'en',
      filters: JSON.stringify([{ dim: 'customer', value: '7711', label: 'Acme <Ltd>' }]),
      enabled: true,
    });
    expect(en.code).toBe(0);
    const zh = await save(sales, {
      report: 'sms-profit',
      frequency: 'week',
      recipients: 'chinese@example.com',
      locale: 'zh-CN',
      enabled: true,
    });
    expect(zh.code).toBe(0);
    await sendDueSubscriptions(t.p);
    const to = (email: string) => sent.filter((m) => m.to.includes(email));
    expect(to('english@example.com')).toHaveLength(1);
    expect(to('chinese@example.com')).toHaveLength(1);
    const sheet = async (m: Sent) => {
      const [row] = await t.p.db.select().from(files).where(eq(files.id, m.fileIds[0]!));
      const svc = await filesOf(t.p);
      const chunks: Buffer[] = [];
      for await (const c of await svc.open(row!)) chunks.push(Buffer.from(c));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const rows: unknown[][] = [];
      ws.eachRow((r) => {
        rows.push((r.values as unknown[]).slice(1));
      });
      return { name: row!.name, rows };
    };

    const english = to('english@example.com')[0]!;
    expect(english.subject).toBe(`SMS profit analysis · Customer: Acme <Ltd> ${week.from} ~ ${week.to}`);
    expect(english.html).toContain('is attached');
    expect(english.html).toContain('Acme &lt;Ltd&gt;');
    const e = await sheet(english);
    expect(e.name).toBe(`SMS profit analysis_${week.from}.xlsx`);
    // drilled into the customer: its accounts, English headers, the totals row named in English
    expect(e.rows[0]).toEqual([
      'Account',
      'Currency',
      'Messages',
      'Messages (previous)',
      'Revenue',
      'Revenue (previous)',
      'Cost',
      'Cost (previous)',
      'Gross profit',
      'Gross profit (previous)',
      'Margin %',
      'Margin % (previous)',
    ]);
    expect(e.rows.slice(1).map((r) => r[0])).toEqual(['7711', 'Total']);

    const chinese = to('chinese@example.com')[0]!;
    expect(chinese.subject).toBe(`短信利润分析 ${week.from} ~ ${week.to}`);
    expect(chinese.html).toContain('见附件');
    const c = await sheet(chinese);
    expect(c.name).toBe(`短信利润分析_${week.from}.xlsx`);
    expect(c.rows[0]!.slice(0, 4)).toEqual(['客户', '币种', '条数', '条数 (上期)']);
    const labels = c.rows.slice(1).map((r) => r[0]);
    expect(labels).toContain('7711');
    expect(labels).toContain('7712');
    expect(labels.at(-1)).toBe('合计');
  });
});
