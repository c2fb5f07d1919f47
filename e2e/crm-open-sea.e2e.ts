import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot, views } from './support/browser.js';
import {
  ADMIN,
  type DemoUser,
  SALES,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

const SALES02: DemoUser = { username: 'sales02', password: 'Sales#2026' };

/**
 * The open sea in the browser (decision 0033). The clock-moved return is `crm-clock.e2e.ts`
 * (a test server whose clock an administrator moves, decision 0052).
 */
describe('CRM open sea', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer();
    for (const u of [SALES, SALES02, ADMIN]) await settlePopups(server.url, u);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sales01 sees the days left and returns a customer to the open sea with a reason', async () => {
    for (const width of views([1280, 900, 390])) {
      const { ctx, page } = await signedIn(browser, server.url, SALES, {
        locale: 'en',
        width,
        at: '/crm/client-partner/my-client',
      });
      await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await shot(page, `crm-my-customers-days-left-${width}-en`);
      if (width !== 1280) {
        await ctx.close();
        continue;
      }
      expect(await page.locator('.ant-table').textContent()).toMatch(/\d+d left|Stays|Returning now/);
      // one that returns (a locked customer "Stays" and cannot be returned by hand)
      const row = page
        .locator('.ant-table-row')
        .filter({ hasText: /\d+d left/ })
        .first();
      const code = (await row.locator('td').nth(1).textContent())?.trim() ?? '';
      await row.locator('.ant-checkbox-input').check();
      await page.getByRole('button', { name: 'Return to pool' }).click();
      await page.getByTestId('ownership-reason').fill('No budget this year');
      // wait on the call's answer, not a time: the dialog closes on it, the list refetches after
      const answered = page.waitForResponse((r) => r.url().includes('/return-pool'), { timeout: 60_000 });
      await page.locator('.ant-modal:visible').getByRole('button', { name: 'OK' }).click();
      expect((await (await answered).json()).code).toBe(0);
      await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 5_000 }).toBe(0);
      await expect
        .poll(async () => page.locator('.ant-table-row').filter({ hasText: code }).count(), { timeout: 30_000 })
        .toBe(0);
      await ctx.close();
    }
  });

  it('sales02 claims a customer from the open sea', async () => {
    const { ctx, page } = await signedIn(browser, server.url, SALES02, { locale: 'en', at: '/crm/open-sea' });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'crm-open-sea-1280-en');
    // one not returned today or yesterday (no embargo: the seeded ones came back 2–89 days ago)
    const row = page
      .locator('.ant-table-row')
      .filter({ hasNotText: /\b[01]d ago/ })
      .first();
    const code = (await row.locator('td').nth(1).textContent())?.trim() ?? '';
    await row.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Claim' }).click();
    await page.locator('.ant-popconfirm:visible, .ant-modal:visible').getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(async () => page.locator('.ant-table-row').filter({ hasText: code }).count(), { timeout: 10_000 })
      .toBe(0);
    await page.goto(`${server.url}/crm/client-partner/my-client`);
    await expect
      .poll(async () => page.locator('.ant-table-row').filter({ hasText: code }).count(), { timeout: 20_000 })
      .toBe(1);
    await ctx.close();
  });

  it('the rules screens: churn says how it is evaluated', async () => {
    for (const [locale, text] of [
      ['zh-CN', '每天凌晨按流量日统计评估一次'],
      ['en', 'Evaluated every night from the daily traffic figures'],
    ] as const) {
      const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale, at: '/setModule/crm/rules/churn' });
      await expect.poll(() => page.getByTestId('churn-help').textContent(), { timeout: 20_000 }).toContain(text);
      await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await shot(page, `crm-rules-churn-1280-${locale}`);
      await page.goto(`${server.url}/setModule/crm/rules/retention`);
      await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(1);
      await shot(page, `crm-rules-retention-1280-${locale}`);
      await page.goto(`${server.url}/setModule/crm/rules/level`);
      await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await shot(page, `crm-rules-level-1280-${locale}`);
      await ctx.close();
    }
  });
});
