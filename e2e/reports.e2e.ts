import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot, views } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  motionDone,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

interface Answer {
  from: string;
  to: string;
  dim: string;
  rows: { key: string; label: string; revenue: string; cost: string | null; profit: string | null }[];
  totals: { currency: string; cost: string | null }[];
}

const PATH = '/reportAnalysis/smsProfitAnalysis';
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** The SMS profit report over the demo traffic history: period, drill-down, export, both languages and widths. */
describe('the SMS profit report', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer();
    await settlePopups(server.url, ADMIN);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens with the demo figures, changes the period, drills down once and exports what it shows', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale: 'zh-CN', at: PATH });
    await page.getByTestId('report-chart').locator('canvas').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('report-drill').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'reports-profit-week-1280-zh');

    // the demo's CNY and EUR customers are costed in USD (decision 0109): no cost, profit or margin in their
    // currency, the cost in USD beside it, and the note under the table (their totals rows always show)
    const token = await apiToken(server.url, ADMIN);
    const week = await api<Answer>(server.url, token, 'POST', '/v2/reports/sms-profit/data', {
      period: 'week',
      date: ymd(new Date(Date.now() - 7 * 86_400_000)),
    });
    const apart = week.totals.filter((r) => r.cost === null).map((r) => r.currency);
    expect(apart.length).toBeGreaterThan(0);
    expect(week.rows.filter((r) => r.cost === null).every((r) => r.profit === null)).toBe(true);
    await page.getByTestId('report-cost-note').scrollIntoViewIfNeeded({ timeout: 10_000 });
    await shot(page, 'reports-profit-cost-note-1280-zh');
    expect(await page.getByTestId('report-cost-apart').count()).toBeGreaterThanOrEqual(apart.length);
    expect(await page.getByTestId('report-cost-apart').first().textContent()).toMatch(/^[\d,]+\.\d{2} [A-Z]{3}$/);

    // the month of the screen's date (a week ago): the table shows the API's customers for that month
    await page.getByTestId('report-period').getByText('月', { exact: true }).click();
    const month = await api<Answer>(server.url, token, 'POST', '/v2/reports/sms-profit/data', {
      period: 'month',
      date: ymd(new Date(Date.now() - 7 * 86_400_000)),
    });
    await expect
      .poll(() => page.getByTestId('report-drill').first().textContent(), { timeout: 10_000 })
      .toBe(month.rows[0]!.label);

    // drill into the first customer: its accounts
    await page.getByTestId('report-drill').first().click();
    await expect
      .poll(() => page.getByTestId('report-breadcrumb').textContent(), { timeout: 10_000 })
      .toContain(month.rows[0]!.label);
    const accounts = await api<Answer>(server.url, token, 'POST', '/v2/reports/sms-profit/data', {
      period: 'month',
      date: ymd(new Date(Date.now() - 7 * 86_400_000)),
      customer: Number(month.rows[0]!.key),
    });
    expect(accounts.dim).toBe('account');
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(accounts.rows.length);
    await shot(page, 'reports-profit-drill-1280-zh');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^短信利润分析_\d{14}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push(Array.from((r.values as unknown[]).slice(1), (v) => String(v ?? ''))));
    expect(rows[0]!.slice(0, 2)).toEqual(['账户', '币种']);
    expect(rows.slice(1, 1 + accounts.rows.length).map((r) => r[0])).toEqual(accounts.rows.map((r) => r.label));
    expect(rows.at(-1)![0]).toBe('合计');
    await ctx.close();
  });

  it('draws in English and at phone width', async () => {
    for (const [locale, width] of views([
      ['en', 1280],
      ['en', 390],
      ['zh-CN', 390],
    ] as const)) {
      const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale, width, height: 900, at: PATH });
      await page.getByTestId('report-chart').locator('canvas').first().waitFor({ timeout: 20_000 });
      await expect.poll(() => page.getByTestId('report-drill').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await shot(page, `reports-profit-week-${width}-${locale}`);
      await page.getByTestId('report-cost-note').scrollIntoViewIfNeeded();
      await shot(page, `reports-profit-cost-note-${width}-${locale}`);
      await ctx.close();
    }
  });

  it('shows the consumption report and the SMS ramp-up from the same kernel', async () => {
    // the demo accounts' consumption of last week, each against its balance
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'zh-CN',
      at: '/reportAnalysis/consume-report',
    });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByTestId('report-chart').locator('canvas').first().waitFor();
    await shot(page, 'reports-consume-1280-zh');
    // the seeded accounts all sent from the first history day: none started last week
    await page.goto(`${server.url}/reportAnalysis/startSms`);
    await page.getByText('该期间没有数据').waitFor({ timeout: 20_000 });
    await shot(page, 'reports-start-sms-1280-zh');
    await ctx.close();
  });

  it('draws the supplier, channel and voice reports and names what the device report waits for', async () => {
    for (const [locale, width] of [
      ['zh-CN', 1280],
      ['en', 390],
    ] as const) {
      const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale, width, height: 900 });
      for (const [path, key, head] of [
        ['/reportAnalysis/supplierReport', 'supplier-report', { 'zh-CN': '供应商', en: 'Supplier' }],
        ['/reportAnalysis/channelReport', 'channel-report', { 'zh-CN': '通道', en: 'Channel' }],
        ['/reportAnalysis/voiceReport', 'voice-report', { 'zh-CN': '客户', en: 'Customer' }],
      ] as const) {
        // the screen's own answer (its default period: the last complete week)
        const answered = page.waitForResponse((r) => r.url().endsWith(`/v2/reports/${key}/data`));
        await page.goto(`${server.url}${path}`);
        const answer = ((await (await answered).json()) as { data: Answer }).data;
        await expect
          .poll(() => page.getByTestId('report-table').locator('th').first().textContent(), { timeout: 20_000 })
          .toBe(head[locale]);
        await expect
          .poll(() => page.getByTestId('report-table').locator('.ant-table-row').count(), { timeout: 20_000 })
          .toBe(Math.min(answer.rows.length, 20));
        // the first row names the API's first group (a link, or '-' for traffic without a supplier / channel)
        if (answer.rows.length)
          expect(
            await page
              .getByTestId('report-table')
              .locator('.ant-table-row')
              .first()
              .locator('td')
              .first()
              .textContent(),
          ).toBe(answer.rows[0]!.label);
        await shot(page, `reports-${key}-${width}-${locale}`);
      }
      await page.goto(`${server.url}/reportAnalysis/equipReport`);
      await page.getByTestId('report-waiting').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('report-waiting').textContent()).toContain(
        locale === 'en' ? 'operations room' : '运营室',
      );
      await shot(page, `reports-equip-waiting-${width}-${locale}`);
      await ctx.close();
    }
  });
  it('subscribes from the report screen: the report, its drill-down and period filled in, in my language', async () => {
    const token = await apiToken(server.url, ADMIN);
    for (const [locale, width] of views([
      ['en', 1280],
      ['zh-CN', 900],
      ['en', 900],
      ['zh-CN', 390],
    ] as const)) {
      const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale, width, height: 900, at: PATH });
      await expect.poll(() => page.getByTestId('report-drill').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      const customer = (await page.getByTestId('report-drill').first().textContent())!;
      await page.getByTestId('report-drill').first().click();
      await expect
        .poll(() => page.getByTestId('report-breadcrumb').textContent(), { timeout: 20_000 })
        .toContain(customer);
      await page.getByTestId('report-subscribe').click();
      const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('subscription-drill') });
      await modal.waitFor({ timeout: 20_000 });
      const en = locale === 'en';
      expect(await modal.getByTestId('subscription-drill').textContent()).toContain(
        `${en ? 'Customer' : '客户'}: ${customer}`,
      );
      expect(await modal.textContent()).toContain(en ? 'SMS profit analysis' : '短信利润分析');
      expect(await modal.textContent()).toContain(en ? 'English' : '中文');
      const email = `sub-${locale}-${width}-${Date.now()}@example.com`;
      await modal.getByLabel(en ? 'Recipients (comma-separated)' : '收件人（逗号分隔）').fill(email);
      await motionDone(modal);
      await shot(page, `reports-subscribe-${width}-${locale}`);
      await modal.locator('.ant-modal-footer .ant-btn-primary').click();
      await modal.waitFor({ state: 'hidden', timeout: 20_000 });
      const list = await api<{ records: Record<string, unknown>[] }>(
        server.url,
        token,
        'POST',
        '/v2/reports/subscription/page',
        { page: 1, size: 50 },
      );
      const made = list.records.find((r) => r.recipients === email);
      expect(made).toMatchObject({ report: 'sms-profit', frequency: 'week', locale, enabled: true });
      const steps = JSON.parse(String(made!.filters)) as { dim: string; label: string }[];
      expect(steps.map((x) => [x.dim, x.label])).toEqual([['customer', customer]]);
      await ctx.close();
    }
    // the list reads the drill-down as the breadcrumb does
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'en',
      at: '/reportAnalysis/subscriptions',
    });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    expect(await page.locator('.ant-table-tbody').textContent()).toContain('Customer: ');
    await shot(page, 'reports-subscriptions-1280-en');
    await ctx.close();
    const phone = await signedIn(browser, server.url, ADMIN, {
      locale: 'zh-CN',
      width: 390,
      height: 900,
      at: '/reportAnalysis/subscriptions',
    });
    await expect.poll(() => phone.page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    await shot(phone.page, 'reports-subscriptions-390-zh-CN');
    await phone.ctx.close();
  }, 240_000); // four sign-ins, drills and saves: about 90 s at load 11
});
