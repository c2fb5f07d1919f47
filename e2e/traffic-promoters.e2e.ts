import { formatNumber } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { shot, views } from './support/browser.js';
import { ADMIN, api, apiToken, signedIn, useShellServer } from './support/shell.js';

const PATH = '/businessInquiry/star-promoter-performance';

type Row = {
  promoterId: number;
  currency: string | null;
  signUps: number;
  customers: number;
  dealt: number;
  count: number;
};

/**
 * star-promoter-performance (decision 0136) on the demo: the screen's first range (the last 30 days) as it
 * asked for it; the first promoter's row equals the API's figures, and the file of the screen has every row.
 */
describe('star promoter performance', () => {
  const running = useShellServer();

  it('shows each promoter as the API answers, and exports the same rows', async () => {
    const { url } = running.server;
    const admin = await apiToken(url, ADMIN);
    const { ctx, page } = await signedIn(running.browser, url, ADMIN, { locale: 'en', width: 1280, height: 900 });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v2/traffic/star-promoters?')) asked.push(r.url());
    });
    await page.goto(`${url}${PATH}`);
    await page.locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => asked.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const sent = new URL(asked.at(-1)!);
    const q = `from=${encodeURIComponent(sent.searchParams.get('from')!)}&to=${encodeURIComponent(sent.searchParams.get('to')!)}`;
    const all = await api<{ records: Row[]; total: number }>(
      url,
      admin,
      'GET',
      `/v2/traffic/star-promoters?${q}&size=200`,
    );
    const first = all.records[0]!;
    expect(first.count).toBeGreaterThan(0);
    const row = page.locator('.ant-table-row', {
      has: page.getByTestId(`promoter-${first.promoterId}-${first.currency ?? 'none'}`),
    });
    const cells = await row.locator('td').allTextContents();
    // rank, promoter, sign-ups, customers, dealt, currency, volume, …
    expect(cells[0]).toBe('1');
    expect(cells[2]).toBe(formatNumber(first.signUps));
    expect(cells[3]).toBe(formatNumber(first.customers));
    expect(cells[4]).toBe(formatNumber(first.dealt));
    expect(cells[5]).toBe(first.currency);
    expect(cells[6]).toBe(formatNumber(first.count));
    await expect.poll(() => page.getByTestId('promoter-totals').textContent()).toContain('promoters');
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
        await page.locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
        await page.getByTestId('promoter-totals').waitFor({ timeout: 20_000 });
        await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 20_000 }).toBe(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await shot(page, `traffic-promoters-${width}-${locale}`);
        await ctx.close();
      }
    });
});
