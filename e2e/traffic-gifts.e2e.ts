import { formatNumber } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { shot, views } from './support/browser.js';
import { ADMIN, api, apiToken, signedIn, useShellServer } from './support/shell.js';

const PATH = '/businessInquiry/gift-performance';

type Row = { accountId: number; currency: string; gifts: number; giftAmount: string; count: number };

/**
 * gift-performance (decision 0143) on the demo: the screen's first range (the last 90 days) as it asked for
 * it; the first account's row equals the API's figures, the switch adds accounts without gifts, and the
 * Export button downloads the file.
 */
describe('gift performance', () => {
  const running = useShellServer();

  it('shows each account as the API answers, the switch adds the others, and exports', async () => {
    const { url } = running.server;
    const admin = await apiToken(url, ADMIN);
    const { ctx, page } = await signedIn(running.browser, url, ADMIN, { locale: 'en', width: 1280, height: 900 });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v2/traffic/gift-performance?')) asked.push(r.url());
    });
    await page.goto(`${url}${PATH}`);
    await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => asked.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const sent = new URL(asked.at(-1)!);
    const q = `from=${encodeURIComponent(sent.searchParams.get('from')!)}&to=${encodeURIComponent(sent.searchParams.get('to')!)}`;
    const gifts = await api<{ records: Row[]; total: number }>(url, admin, 'GET', `/v2/traffic/gift-performance?${q}`);
    const first = gifts.records[0]!;
    expect(first.gifts).toBeGreaterThan(0);
    const row = page.locator('.ant-table-row', { has: page.getByTestId(`gift-${first.accountId}-${first.currency}`) });
    const cells = await row.locator('td').allTextContents();
    // account, owner, currency, gifts, amount, volume, …
    expect(cells[2]).toBe(first.currency);
    expect(cells[3]).toBe(formatNumber(first.gifts));
    expect(cells[4]).toBe(formatNumber(first.giftAmount));
    expect(cells[5]).toBe(formatNumber(first.count));
    await expect.poll(() => page.getByTestId('gift-totals').textContent()).toContain('gifts');
    const every = await api<{ total: number }>(url, admin, 'GET', `/v2/traffic/gift-performance?${q}&all=true`);
    expect(every.total).toBeGreaterThan(gifts.total);
    // the switch sits behind the search card's More
    await page.getByTestId('content').getByText('More').first().click();
    await page.getByRole('switch').click();
    await page
      .getByTestId('content')
      .getByRole('button', { name: /Search$/ })
      .first()
      .click();
    await expect.poll(() => asked.some((a) => a.includes('all=true')), { timeout: 20_000 }).toBe(true);
    const download = page.waitForEvent('download', { timeout: 20_000 });
    await page
      .getByTestId('content')
      .getByRole('button', { name: /Export/ })
      .first()
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    await ctx.close();
  });

  for (const locale of ['en', 'zh-CN'] as const)
    it(`draws in ${locale} at desktop, tablet and phone width`, async () => {
      for (const width of views([1280, 900, 390])) {
        const { ctx, page } = await signedIn(running.browser, running.server.url, ADMIN, {
          locale,
          width,
          height: 900,
          at: PATH,
        });
        await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
        await page.getByTestId('gift-totals').waitFor({ timeout: 20_000 });
        await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 20_000 }).toBe(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await shot(page, `traffic-gifts-${width}-${locale}`);
        await ctx.close();
      }
    });
});
