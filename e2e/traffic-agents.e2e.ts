import { formatNumber } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { shot, views } from './support/browser.js';
import { ADMIN, api, apiToken, pickRecord, recordOptions, signedIn, useShellServer } from './support/shell.js';

const PATH = '/businessInquiry/agentPerformance';
const DAY = 86_400_000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const SENT = ['sms', 'voice', 'whatsapp', 'email'] as const;

type AgentRow = { agentId: number; currency: string; count: number; referredCount: number; referredCustomers: number };
type Figure = { key: string; currency: string; count: number };

/**
 * agentPerformance (decision 0122) on the demo's figures: whole days before today (the live simulator
 * adds to today only, so they hold still). One agent searched through the form equals the sums of its
 * records as two other screens show them: its own traffic is its row of the R-end daily results, its
 * referred traffic the rows of the C-end daily results of the customers the CRM lists under it.
 */
describe('agent performance', () => {
  const running = useShellServer();

  it("shows an agent's own and referred traffic equal to the daily results of its customers", async () => {
    const { url } = running.server;
    const admin = await apiToken(url, ADMIN);
    const midnight = new Date();
    midnight.setUTCHours(0, 0, 0, 0);
    const days = { from: ymd(new Date(midnight.getTime() - 30 * DAY)), to: ymd(new Date(midnight.getTime() - DAY)) };
    const { ctx, page } = await signedIn(running.browser, url, ADMIN, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: PATH,
    });
    await page.locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v2/traffic/agent-performance?')) asked.push(r.url());
    });
    const range = page.getByTestId('content').locator('.ant-picker-range');
    await range.locator('input').first().click();
    await range.locator('input').first().fill(days.from);
    await page.keyboard.press('Enter');
    await range.locator('input').last().fill(days.to);
    await page.keyboard.press('Enter');
    await expect.poll(() => range.locator('input').last().inputValue()).toBe(days.to);
    await page
      .getByTestId('content')
      .getByRole('button', { name: /Search$/ })
      .click();
    // the range exactly as the screen sent it: the other screens are asked for the same
    await expect.poll(() => asked.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const sent = new URL(asked.at(-1)!);
    const q = `from=${encodeURIComponent(sent.searchParams.get('from')!)}&to=${encodeURIComponent(sent.searchParams.get('to')!)}`;
    const all = await api<{ records: AgentRow[] }>(url, admin, 'GET', `/v2/traffic/agent-performance?${q}&size=200`);
    const agent = all.records.find((r) => r.referredCount > 0)!;
    expect(agent).toBeDefined();

    // one agent through the form
    // the agent picked by its code in the agent picker (decision 0132)
    const [named] = await recordOptions(url, admin, 'agent', [agent.agentId]);
    await pickRecord(page, page.getByLabel('Agent', { exact: true }), named!.code);
    await page
      .getByTestId('content')
      .getByRole('button', { name: /Search$/ })
      .click();
    const row = page.locator('.ant-table-row', { has: page.getByTestId(`agent-${agent.agentId}-${agent.currency}`) });
    await row.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 })
      .toBe(all.records.filter((r) => r.agentId === agent.agentId).length);

    // the daily results answer one product at a time: the agent's figures are every product sent
    const results = async (path: string) =>
      (
        await Promise.all(
          SENT.map((p) => api<{ rows: Figure[] }>(url, admin, 'GET', `${path}?groupBy=customer&product=${p}&${q}`)),
        )
      ).flatMap((a) => a.rows.filter((r) => r.currency === agent.currency));
    const own = (await results('/v2/traffic/results/day/r-end')).filter((r) => r.key === String(agent.agentId));
    const customers = await api<{ records: { id: number }[]; total: number }>(
      url,
      admin,
      'POST',
      '/v2/crm/customer/page',
      {
        agentId: agent.agentId,
        size: 200,
      },
    );
    expect(customers.total).toBeLessThanOrEqual(200);
    const theirs = new Set(customers.records.map((c) => String(c.id)));
    const referred = (await results('/v2/traffic/results/day')).filter((r) => theirs.has(r.key));
    const cells = await row.locator('td').allTextContents();
    // agent, currency, own volume, revenue, cost, profit, referred volume, referred revenue, referred customers
    expect(cells[2]).toBe(formatNumber(own.reduce((n, r) => n + r.count, 0)));
    expect(cells[6]).toBe(formatNumber(referred.reduce((n, r) => n + r.count, 0)));
    expect(cells[8]).toBe(formatNumber(new Set(referred.map((r) => r.key)).size));
    await expect.poll(() => page.getByTestId('agent-totals').textContent()).toContain(agent.currency);
    await shot(page, 'traffic-agents-one-1280-en');
    await ctx.close();
  });

  it('draws in both languages at desktop, tablet and phone width', async () => {
    for (const [locale, width] of views([
      ['en', 1280],
      ['zh-CN', 1280],
      ['en', 900],
      ['zh-CN', 900],
      ['en', 390],
      ['zh-CN', 390],
    ] as const)) {
      const { ctx, page } = await signedIn(running.browser, running.server.url, ADMIN, {
        locale,
        width,
        height: 900,
        at: PATH,
      });
      await page.locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
      await page.getByTestId('agent-totals').waitFor({ timeout: 20_000 });
      await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 20_000 }).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `traffic-agents-${width}-${locale}`);
      await ctx.close();
    }
  });
});
