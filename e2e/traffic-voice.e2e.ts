import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import { ADMIN, confirmPopconfirm, signedIn, useShellServer } from './support/shell.js';
import { exportedRows } from './support/xlsx.js';

const SCREENS = [
  ['voiceCcRecord', 'traffic-cc'],
  ['voiceTaskManagement', 'traffic-voice-tasks'],
  ['vos-voice-account', 'traffic-vos-accounts'],
] as const;

const rows = (page: Page) => page.getByTestId('content').locator('.ant-table-row');

/**
 * The voice screens of decision 0130 on the demo seed (the demo platform's call-centre calls, campaigns
 * and the voice accounts): each in both languages at 1280, 900 and 390 px; a running campaign paused.
 */
describe('call-centre records, voice tasks, VOS voice accounts', () => {
  const running = useShellServer();

  it('shows the demo rows of each screen and pauses a running campaign', async () => {
    const { url } = running.server;
    for (const [locale, width] of views([
      ['en', 1280],
      ['zh-CN', 1280],
      ['en', 900],
      ['zh-CN', 390],
      ['en', 390],
    ] as const)) {
      const { ctx, page } = await signedIn(running.browser, url, ADMIN, { locale, width, height: 900 });
      for (const [route, name] of SCREENS) {
        await page.goto(`${url}/businessInquiry/${route}`);
        await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await shot(page, `${name}-${width}-${locale}`);
      }
      await ctx.close();
    }

    const { ctx, page } = await signedIn(running.browser, url, ADMIN, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/businessInquiry/voiceTaskManagement',
    });
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const runningRow = rows(page).filter({ has: page.getByRole('button', { name: 'Pause' }) });
    if ((await runningRow.count()) > 0) {
      const row = runningRow.first();
      const name = (await row.locator('td').nth(1).textContent())!;
      await row.getByRole('button', { name: 'Pause' }).click();
      await confirmPopconfirm(page);
      await page.getByText('Pause requested').waitFor();
      const after = rows(page).filter({ hasText: name });
      await expect.poll(() => after.textContent(), { timeout: 20_000 }).toContain('Waiting for the platform');
      expect(await after.getByRole('button', { name: 'Pause' }).count()).toBe(0);
      await shot(page, 'traffic-voice-task-paused-1280-en');
    }
    // a VOS account's daily balances in finance's report
    await page.goto(`${url}/businessInquiry/vos-voice-account`);
    await rows(page).first().waitFor();
    // the list's file: a line per account shown (one page here), the customer by name
    const firstCode = (await rows(page).first().locator('td').first().textContent())!;
    const file = await exportedRows(page);
    expect(file.name).toMatch(/\.xlsx$/);
    expect(file.rows[0]?.[0]).toBe('Account');
    expect(file.rows.map((r) => r[0])).toContain(firstCode);
    await rows(page).first().getByRole('button', { name: 'Daily balances' }).click();
    await expect.poll(() => page.url()).toContain('/financial/balanceReport/vos/detail');
    await ctx.close();
  }, 240_000);
});
