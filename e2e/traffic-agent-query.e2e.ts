import { formatNumber } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { shot, views } from './support/browser.js';
import { ADMIN, api, apiToken, signedIn, tab, useShellServer } from './support/shell.js';

const PAGE = '/businessInquiry/agent-query/page';
const CUSTOMERS = '/businessInquiry/agent-query/customer';

type AgentRow = {
  agentId: number;
  code: string;
  name: string;
  referred: number;
  withAccount: number;
  dealt: number;
  traffic: { currency: string; count: number; ownCount: number }[];
};
type CustomerRow = { customerId: number; name: string; accounts: number; traffic: { count: number }[] };
type CustomersPage = {
  records: CustomerRow[];
  total: number;
  agent: { name: string };
  summary: { customers: number };
};

/**
 * agent-query/page (decision 0144) on the demo data: the table is the API's answer for the range the form
 * sent; a keyword typed in the form narrows it to that agent, whose link opens its customers
 * (agent-query/customer, decision 0147) in a tab named after it, with the API's figures.
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
    const href = `${CUSTOMERS}?agentId=${one.agentId}&name=${encodeURIComponent(one.name)}`;
    await expect(page.getByTestId(`agentq-${one.agentId}`).getAttribute('href')).resolves.toBe(href);

    // the link opens the agent's customers in a tab named after the agent, with the API's figures
    const customersAsked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v2/traffic/agent-query/customers?')) customersAsked.push(r.url());
    });
    await page.getByTestId(`agentq-${one.agentId}`).click();
    await expect(tab(page, href).textContent()).resolves.toContain(one.name);
    await page.getByTestId('agentc-summary').waitFor({ timeout: 30_000 });
    const cSent = new URL(customersAsked.at(-1)!);
    expect(cSent.searchParams.get('agentId')).toBe(String(one.agentId));
    const cq = `agentId=${one.agentId}&from=${encodeURIComponent(cSent.searchParams.get('from')!)}&to=${encodeURIComponent(cSent.searchParams.get('to')!)}`;
    const customers = await api<CustomersPage>(url, admin, 'GET', `/v2/traffic/agent-query/customers?${cq}`);
    expect(customers.total).toBe(one.referred);
    await expect(page.getByTestId('agentc-agent').textContent()).resolves.toContain(one.name);
    await expect(page.getByTestId('agentc-summary').textContent()).resolves.toContain(
      `Customers: ${formatNumber(customers.total)}`,
    );
    const shown = page.locator('.ant-table-row:visible');
    if (customers.total > 0) {
      const c = customers.records[0]!;
      const cells = await shown.first().locator('td').allTextContents();
      expect(cells.join('|')).toContain(c.name);
      expect(cells).toContain(formatNumber(c.accounts));
      for (const x of c.traffic) expect(cells.join('|')).toContain(formatNumber(x.count));
      await expect(shown.count()).resolves.toBe(Math.min(20, customers.total));
    }
    await ctx.close();
  });

  it("draws the agent list and one agent's customers in both languages at desktop, tablet and phone width", async () => {
    const { url } = running.server;
    const admin = await apiToken(url, ADMIN);
    const to = new Date();
    const from = new Date(to.getTime() - 30 * 86_400_000);
    const agents = await api<{ records: AgentRow[] }>(
      url,
      admin,
      'GET',
      `/v2/traffic/agent-query?from=${from.toISOString()}&to=${to.toISOString()}&size=200`,
    );
    const agent =
      agents.records.find((r) => r.referred > 1 && r.traffic.some((x) => x.count > 0)) ??
      agents.records.find((r) => r.referred > 0) ??
      agents.records[0]!;
    const customers = `${CUSTOMERS}?agentId=${agent.agentId}&name=${encodeURIComponent(agent.name)}`;
    for (const [locale, width] of views([
      ['en', 1280],
      ['zh-CN', 1280],
      ['en', 900],
      ['zh-CN', 900],
      ['en', 390],
      ['zh-CN', 390],
    ] as const)) {
      const { ctx, page } = await signedIn(running.browser, url, ADMIN, { locale, width, height: 900 });
      for (const [path, name] of [
        [PAGE, 'traffic-agent-query'],
        [customers, 'traffic-agent-customers'],
      ] as const) {
        await page.goto(`${url}${path}`);
        await page.locator('.ant-table-row:visible').first().waitFor({ timeout: 30_000 });
        await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 20_000 }).toBe(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} ${width}`).toBeLessThanOrEqual(0);
        await shot(page, `${name}-${width}-${locale}`);
      }
      await ctx.close();
    }
    // six sign-ins and twelve pages on a shared 2-core machine
  }, 360_000);
});
