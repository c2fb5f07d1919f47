import { formatNumber } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { shot, views } from './support/browser.js';
import { ADMIN, api, apiToken, signedIn, useShellServer } from './support/shell.js';

const SMS = '/businessInquiry/app-query/sms';
const VOICE = '/businessInquiry/app-query/voice';

type AppRow = {
  accountId: number;
  accountCode: string | null;
  currency: string;
  count: number;
  segments: number;
  apps: { appId: string }[];
};

/**
 * app-query (decision 0138) on the demo's traffic: the screen's rows are the API's for the range the
 * form sent; an application typed in the form narrows the table to its account's rows.
 */
describe('application query', () => {
  const running = useShellServer();

  it("lists the accounts' SMS with their applications and narrows to one application", async () => {
    const { url } = running.server;
    const admin = await apiToken(url, ADMIN);
    const { ctx, page } = await signedIn(running.browser, url, ADMIN, { locale: 'en', width: 1280, height: 900 });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v2/traffic/apps/sms?')) asked.push(r.url());
    });
    await page.goto(`${url}${SMS}`);
    await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => asked.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const sent = new URL(asked.at(-1)!);
    const q = `from=${encodeURIComponent(sent.searchParams.get('from')!)}&to=${encodeURIComponent(sent.searchParams.get('to')!)}`;
    const first = await api<{ records: AppRow[]; total: number }>(
      url,
      admin,
      'GET',
      `/v2/traffic/apps/sms?${q}&size=200`,
    );
    const row = first.records.find((r) => r.apps.length > 0)!;
    expect(row).toBeDefined();
    // the first row of the table is the API's first, figures as the API answers them
    const top = first.records[0]!;
    const cells = await page.locator('.ant-table-row').first().locator('td').allTextContents();
    expect(cells).toContain(formatNumber(top.count));
    expect(cells).toContain(formatNumber(top.segments));

    // one application through the form: only its account's rows
    const appId = row.apps[0]!.appId;
    await page.getByLabel('Application', { exact: true }).fill(appId);
    await page
      .getByTestId('content')
      .getByRole('button', { name: /Search$/ })
      .click();
    await expect.poll(() => asked.at(-1)?.includes(`appId=${appId}`), { timeout: 20_000 }).toBe(true);
    const mine = first.records.filter((r) => r.accountId === row.accountId);
    await page.getByTestId(`app-row-${row.accountId}-${row.currency}`).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBe(mine.length);
    await expect(page.locator('.ant-table-row').first().textContent()).resolves.toContain(appId);
    await shot(page, 'traffic-apps-one-1280-en');
    await ctx.close();
  });

  it('draws both screens in both languages at desktop, tablet and phone width', async () => {
    for (const [path, name] of [
      [SMS, 'sms'],
      [VOICE, 'voice'],
    ] as const) {
      for (const [locale, width] of views([
        ['en', 1280],
        ['zh-CN', 1280],
        ['en', 900],
        ['zh-CN', 900],
        ['en', 390],
        ['zh-CN', 390],
      ] as const)) {
        if (name === 'voice' && width !== 1280) continue;
        const { ctx, page } = await signedIn(running.browser, running.server.url, ADMIN, {
          locale,
          width,
          height: 900,
          at: path,
        });
        await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
        await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 20_000 }).toBe(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await shot(page, `traffic-apps-${name}-${width}-${locale}`);
        await ctx.close();
      }
    }
  });
});
