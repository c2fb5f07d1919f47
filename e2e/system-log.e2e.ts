import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot } from './support/browser.js';
import { ADMIN, api, apiToken, type ShellServer, settlePopups, signedIn, startShellServer } from './support/shell.js';
import { exportedRows } from './support/xlsx.js';

describe('system log (/setModule/systemLog)', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer();
    await settlePopups(server.url, ADMIN);
    // a refused call and a successful one, both audited
    const token = await apiToken(server.url, ADMIN);
    await fetch(`${server.url}/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        username: 'admin',
        password: 'wrong-password',
        client_id: 'staff-web',
        scope: 'staff',
      }),
    });
    await api(server.url, token, 'POST', '/v2/sys/staff/version/popup/read', { id: 1 }).catch(() => undefined);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('admin filters by result and path, sees who, what, result and duration, and exports what is shown', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale: 'en', at: '/setModule/systemLog' });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    await shot(page, 'system-log-1280-en');

    await page.getByLabel('Keyword').fill('/auth/oauth/token');
    // the fourth filter is folded behind "More"
    await page.getByTestId('filters-more').click();
    await page.locator('.ant-form-item').filter({ hasText: 'Result' }).locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Failure' }).click();
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(1);
    const row = page.locator('.ant-table-row').first();
    await expect.poll(() => row.textContent()).toContain('401 · 10010001');
    expect(await row.textContent()).toContain('/auth/oauth/token');
    expect(await row.textContent()).toMatch(/\d+ ms/);

    const { name, rows } = await exportedRows(page);
    expect(name).toMatch(/^system-log_\d{14}\.xlsx$/);
    expect(rows[0]!.slice(0, 3)).toEqual(['Time (UTC)', 'User', 'Action']);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(3, 7)).toEqual(['POST', '/auth/oauth/token', '401', '10010001']);

    // a window without the calls shows nothing
    await page.locator('.ant-picker-range').click();
    await page.locator('.ant-picker-range input').first().fill('2026-01-01');
    await page.locator('.ant-picker-range input').last().fill('2026-01-02');
    await page.keyboard.press('Enter');
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(0);
    await ctx.close();
  });

  it('reads in Chinese on a tablet and a phone', async () => {
    for (const [width, height] of [
      [900, 800],
      [390, 844],
    ] as const) {
      const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
        locale: 'zh-CN',
        width,
        height,
        at: '/setModule/systemLog',
      });
      await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await page.getByText('未选时间范围时显示最近 7 天').count()).toBe(1);
      await shot(page, `system-log-${width}-zh`);
      await ctx.close();
    }
  });
});
