import { formatNumber } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { shot, views } from './support/browser.js';
import { ADMIN, api, apiToken, signedIn, useShellServer } from './support/shell.js';

const PAGE = '/businessInquiry/agent-query/page';

type AgentRow = {
  agentId: number;
  code: string;
  name: string;
  referred: number;
  withAccount: number;
  dealt: number;
  traffic: { currency: string; count: number; ownCount: number }[];
};

/**
 * agent-query/page (decision 0144) on the demo data: the table is the API's answer for the range the form
 * sent; a keyword typed in the form narrows it to that agent, whose link opens its customers.
 */
describe('agent query', () => {
  const running = useShellServer();

  it("lists the agents with the API's figures and narrows to one by keyword", async () => {
    const { url } = running.server;
    const admin = await apiToken(url, ADMIN);
    const { ctx, page } = await signedIn(running.browser, url, ADMIN, { locale: 'en', width: 1280, height: 900 });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v2/traffic/agent-query?')) asked.push(r.url());
    });
    await page.goto(`${url}${PAGE}`);
    await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => asked.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const sent = new URL(asked.at(-1)!);
    const q = `from=${encodeURIComponent(sent.searchParams.get('from')!)}&to=${encodeURIComponent(sent.searchParams.get('to')!)}`;
    const first = await api<{ records: AgentRow[]; total: number }>(url, admin, 'GET', `/v2/traffic/agent-query?${q}`);
    expect(first.total).toBeGreaterThan(0);
    const top = first.records[0]!;
    const cells = await page.locator('.ant-table-row').first().locator('td').allTextContents();
    expect(cells.join('|')).toContain(top.name);
    expect(cells).toContain(formatNumber(top.referred));
    expect(cells).toContain(formatNumber(top.dealt));
    await expect(page.getByTestId('agentq-summary').textContent()).resolves.toContain(
      `${formatNumber(first.total)} agents`,
    );

    // one agent with referred customers through the keyword
    const all = await api<{ records: AgentRow[] }>(url, admin, 'GET', `/v2/traffic/agent-query?${q}&size=200`);
    const one = all.records.find((r) => r.referred > 0 && r.traffic.some((x) => x.count > 0)) ?? all.records[0]!;
    await page.getByLabel('Keyword', { exact: true }).fill(one.code);
    await page
      .getByTestId('content')
      .getByRole('button', { name: /Search$/ })
      .click();
    await expect.poll(() => asked.at(-1)?.includes(`keyword=${one.code}`), { timeout: 20_000 }).toBe(true);
    await page.getByTestId(`agentq-${one.agentId}`).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBe(1);
    const row = await page.locator('.ant-table-row').first().textContent();
    for (const x of one.traffic.filter((x) => x.count > 0)) expect(row).toContain(formatNumber(x.count));
    await shot(page, 'traffic-agent-query-one-1280-en');
    await expect(page.getByTestId(`agentq-${one.agentId}`).getAttribute('href')).resolves.toBe(
      `/businessInquiry/agent-query/customer?agentId=${one.agentId}`,
    );
    await ctx.close();
  });

  it('draws the screen in both languages at desktop, tablet and phone width', async () => {
    for (const [locale, width] of views([
      ['en', 1280],
      ['zh-CN', 1280],
      ['en', 900],
      ['zh-CN', 900],
      ['en', 390],
      ['zh-CN', 390],
    ] as const)) {
      const { ctx, page } = await signedIn(running.browser, running.server.url, ADMIN, { locale, width, height: 900 });
      await page.goto(`${running.server.url}${PAGE}`);
      await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
      await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 20_000 }).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `traffic-agent-query-${width}-${locale}`);
      await ctx.close();
    }
    // six sign-ins and pages on a shared 2-core machine
  }, 300_000);
});
