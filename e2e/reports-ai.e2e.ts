import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { api, apiToken, SALES, signedIn, useShellServer } from './support/shell.js';

interface Totals {
  from: string;
  to: string;
  totals: { currency: string; count: number; profit: string }[];
}
const fixed2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Issue 19's end-to-end check of the assistant's data answers: sales01 asks for last week's profit in
 * the panel, gets the profit report's figures for the same week with a link that opens that report
 * on the week; asking about a customer of sales02 is refused without a figure.
 */
describe('the assistant answers with the profit report’s figures, in the asker’s scope', () => {
  const shell = useShellServer({ settle: SALES });

  it('sales01: “我上周的利润是多少” gives the profit report’s totals of the week and opens it; sales02’s customer is refused', async () => {
    const { server, browser } = shell;
    const token = await apiToken(server.url, SALES);
    const { ctx, page } = await signedIn(browser, server.url, SALES, { locale: 'zh-CN' });
    await page.getByTestId('ai-float').click();
    await page.getByTestId('ai-panel').waitFor();
    const input = page.getByTestId('ai-input');
    await input.fill('我上周的利润是多少');
    await input.press('Enter');
    const first = page.getByTestId('ai-message').first();
    await expect.poll(() => first.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    const answer = first.getByTestId('ai-answer');
    const link = answer.locator('a[href^="/reportAnalysis/smsProfitAnalysis"]');
    expect(await link.count()).toBe(1);
    const href = new URL((await link.getAttribute('href'))!, server.url);
    const [from, to] = [href.searchParams.get('from')!, href.searchParams.get('to')!];
    // the week the link names is the last calendar week (Monday to Sunday)
    expect(new Date(`${from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(6);
    // the same week's report as sales01 sees it: the answer gives its count and each currency's profit
    const report = await api<Totals>(server.url, token, 'POST', '/v2/reports/sms-profit/data', {
      period: 'week',
      date: from,
    });
    expect([report.from, report.to]).toEqual([from, to]);
    expect(report.totals.length, 'the demo gives sales01 traffic last week').toBeGreaterThan(0);
    const text = (await answer.textContent()) ?? '';
    expect(text).toContain(`发送 ${report.totals.reduce((a, x) => a + x.count, 0)} 条`);
    for (const tot of report.totals) expect(text).toContain(`利润 ${Number(tot.profit).toFixed(2)}`);
    await shot(page, 'reports-ai-profit-answer-1280-zh-CN');

    // the link opens the profit report on that week: its totals row shows the same profit
    await link.click();
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 10_000 })
      .toBe('/reportAnalysis/smsProfitAnalysis');
    const summary = page.getByTestId('report-table').locator('.ant-table-summary');
    await expect
      .poll(() => summary.textContent(), { timeout: 20_000 })
      .toContain(fixed2.format(Number(report.totals[0]!.profit)));
    for (const tot of report.totals) expect(await summary.textContent()).toContain(fixed2.format(Number(tot.profit)));
    await shot(page, 'reports-ai-profit-report-1280-zh-CN');

    // a customer of sales02: refused, with no figure and no link
    const theirs = await api<{ records: { name: string; code: string }[] }>(
      server.url,
      await apiToken(server.url, { username: 'sales02', password: 'Sales#2026' }),
      'POST',
      '/v2/crm/customer/page',
      { size: 1 },
    );
    const other = theirs.records[0]!;
    // the panel stays open beside the report the link opened
    if (!(await page.getByTestId('ai-panel').isVisible())) await page.getByTestId('ai-float').click();
    await page.getByTestId('ai-panel').waitFor();
    await input.fill(`客户「${other.name}」上周的利润是多少`);
    await input.press('Enter');
    const second = page.getByTestId('ai-message').nth(1);
    await expect.poll(() => second.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    const refused = (await second.getByTestId('ai-answer').textContent()) ?? '';
    expect(refused).toContain('不在您可以查看的范围内');
    expect(refused).not.toContain(other.code);
    expect(refused).not.toMatch(/\d/);
    expect(await second.getByTestId('ai-answer').locator('a').count()).toBe(0);
    await shot(page, 'reports-ai-refused-1280-zh-CN');
    await ctx.close();
  });
});
