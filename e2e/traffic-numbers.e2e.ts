import { formatNumber } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { shot, views } from './support/browser.js';
import { ADMIN, api, apiToken, signedIn, useShellServer } from './support/shell.js';

const PATH = '/businessInquiry/numberPerformance';

type NumberRow = { number: string; product: string; currency: string; count: number; moReplies: number };

/**
 * numberPerformance (decision 0137) on the demo's figures: a caller-number prefix typed into the form asks
 * the API with it, and the screen's first row is the API's first row for that prefix with its volume; the
 * totals and the screen draw in both languages at three widths.
 */
describe('number performance', () => {
  const running = useShellServer();

  it('searches a number prefix through the form and shows the API rows', async () => {
    const { url } = running.server;
    const admin = await apiToken(url, ADMIN);
    const { ctx, page } = await signedIn(running.browser, url, ADMIN, { locale: 'en', width: 1280, height: 900 });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v2/traffic/number-performance?')) asked.push(r.url());
    });
    await page.goto(`${url}${PATH}`);
    await page.getByTestId('number-totals').waitFor({ timeout: 30_000 });
    const sent = new URL(asked.at(-1)!);
    const q = `from=${encodeURIComponent(sent.searchParams.get('from')!)}&to=${encodeURIComponent(sent.searchParams.get('to')!)}`;
    const voice = await api<{ records: NumberRow[] }>(
      url,
      admin,
      'GET',
      `/v2/traffic/number-performance?${q}&product=voice&size=5`,
    );
    expect(voice.records.length).toBeGreaterThan(0);
    const prefix = voice.records[0]!.number.slice(0, 10);
    const want = await api<{ records: NumberRow[]; total: number }>(
      url,
      admin,
      'GET',
      `/v2/traffic/number-performance?${q}&number=${prefix}&size=10`,
    );
    expect(want.total).toBeGreaterThan(0);
    await page.getByTestId('content').getByLabel('Number / sender id').fill(`+${prefix}`);
    await page
      .getByTestId('content')
      .getByRole('button', { name: /Search$/ })
      .click();
    await expect.poll(() => new URL(asked.at(-1)!).searchParams.get('number'), { timeout: 20_000 }).toBe(`+${prefix}`);
    const first = want.records[0]!;
    const row = page.locator('.ant-table-row', {
      has: page.getByTestId(`number-${first.number}-${first.product}-${first.currency}`),
    });
    await row.waitFor({ timeout: 20_000 });
    expect((await row.locator('td').allTextContents())[3]).toBe(formatNumber(first.count));
    await shot(page, 'traffic-numbers-prefix-1280-en');
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
      await page.getByTestId('number-totals').waitFor({ timeout: 30_000 });
      await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 20_000 }).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `traffic-numbers-${width}-${locale}`);
      await ctx.close();
    }
  }, 300_000);
});
