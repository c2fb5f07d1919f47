import { formatNumber } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { shot, views } from './support/browser.js';
import { ADMIN, api, apiToken, signedIn, useShellServer } from './support/shell.js';

const PATH = '/businessInquiry/resultsQuery/ants';
const DAY = 86_400_000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);

type Ant = {
  customerId: number;
  currency: string;
  count: number;
  profit: string | null;
  converted: { profit: string | null; missing: string[] } | null;
};

/**
 * resultsQuery/ants (decision 0129) on the demo's figures, whole days before today (the live simulator adds
 * to today only): the ceiling typed into the form gives the customers the API gives for it, each with its
 * volume; the demo's costs are in USD, so with a USD→CNY rate entered a CNY customer's profit is converted
 * and shows the rate, and a currency without a rate says so.
 */
describe('ant customers and the converted margin', () => {
  const running = useShellServer();

  it('lists the customers under a ceiling, with converted profits and the rate used', async () => {
    const { url } = running.server;
    const admin = await apiToken(url, ADMIN);
    const key = (await api<{ key: string }>(url, admin, 'GET', '/v2/sys/staff/common/request/idempotence')).key;
    const saved = await fetch(`${url}/v2/sys/staff/ref/rate/save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'x-idempotence-key': key },
      body: JSON.stringify({ from: 'USD', to: 'CNY', rate: '7.2', day: '2020-01-01' }),
    });
    expect((await saved.json()).code).toBe(0);

    const midnight = new Date();
    midnight.setUTCHours(0, 0, 0, 0);
    const days = { from: ymd(new Date(midnight.getTime() - 30 * DAY)), to: ymd(new Date(midnight.getTime() - DAY)) };
    const { ctx, page } = await signedIn(running.browser, url, ADMIN, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: PATH,
    });
    await page.getByTestId('content').locator('.ant-picker-range').waitFor({ timeout: 20_000 });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v2/traffic/ants?')) asked.push(r.url());
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
    await expect.poll(() => asked.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const sent = new URL(asked.at(-1)!);
    const q = `from=${encodeURIComponent(sent.searchParams.get('from')!)}&to=${encodeURIComponent(sent.searchParams.get('to')!)}`;
    // every customer with its volume: the median one's volume as the ceiling
    const everyone = await api<{ records: Ant[] }>(
      url,
      admin,
      'GET',
      `/v2/traffic/ants?${q}&maxCount=2000000000&size=200`,
    );
    const volume = new Map<number, number>();
    for (const r of everyone.records) volume.set(r.customerId, (volume.get(r.customerId) ?? 0) + r.count);
    const sorted = [...volume.values()].sort((a, b) => a - b);
    const ceiling = sorted[Math.min(Math.floor(sorted.length / 2), 150)]!;
    const ants = await api<{ records: Ant[]; total: number }>(
      url,
      admin,
      'GET',
      `/v2/traffic/ants?${q}&maxCount=${ceiling}&size=10`,
    );
    expect(ants.total).toBeGreaterThan(0);

    await page.getByLabel('Ceiling').fill(String(ceiling));
    await page
      .getByTestId('content')
      .getByRole('button', { name: /Search$/ })
      .click();
    await expect
      .poll(() => new URL(asked.at(-1)!).searchParams.get('maxCount'), { timeout: 20_000 })
      .toBe(String(ceiling));
    const first = ants.records[0]!;
    const row = page.locator('.ant-table-row', { has: page.getByTestId(`ant-${first.customerId}-${first.currency}`) });
    await row.waitFor({ timeout: 20_000 });
    expect((await row.locator('td').allTextContents())[2]).toBe(formatNumber(first.count));
    await expect.poll(() => page.getByTestId('ant-totals').textContent()).toContain('ant customers in');
    await shot(page, 'traffic-ants-ceiling-1280-en');

    // the demo prices in CNY, EUR and USD and costs in USD: CNY profits converted at 7.2, EUR without a rate
    const cny = everyone.records.find((r) => r.currency === 'CNY' && r.converted?.profit);
    expect(cny).toBeDefined();
    await page.getByLabel('Ceiling').fill('2000000000');
    await page
      .getByTestId('content')
      .getByRole('button', { name: /Search$/ })
      .click();
    const converted = page.getByTestId('converted-profit').first();
    await converted.waitFor({ timeout: 20_000 });
    expect(await converted.textContent()).toContain('1 USD = 7.2 CNY (2020-01-01)');
    if (everyone.records.some((r) => r.converted?.missing.length))
      await expect.poll(() => page.getByTestId('rate-missing').count(), { timeout: 20_000 }).toBeGreaterThan(0);
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
      await page.getByTestId('ant-totals').waitFor({ timeout: 30_000 });
      await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 20_000 }).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `traffic-ants-${width}-${locale}`);
      await ctx.close();
    }
  }, 300_000);
});
