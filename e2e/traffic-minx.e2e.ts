import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import { ADMIN, confirmPopconfirm, signedIn, submitModal, useShellServer } from './support/shell.js';

const rows = (page: Page) => page.getByTestId('content').locator('.ant-table-row');

/**
 * minxSolution (decision 0146) on the demo seed: the demo plans with their results per step in both
 * languages at 1280, 900 and 390 px; a plan renamed in the dialog, paused, and its history read.
 */
describe('mixed solutions', () => {
  const running = useShellServer();

  it('lists the demo plans with results per step, edits and pauses one, and shows its history', async () => {
    const { url } = running.server;
    for (const [locale, width] of views([
      ['en', 1280],
      ['zh-CN', 1280],
      ['en', 900],
      ['zh-CN', 900],
      ['zh-CN', 390],
      ['en', 390],
    ] as const)) {
      const { ctx, page } = await signedIn(running.browser, url, ADMIN, {
        locale,
        width,
        height: 900,
        at: '/businessInquiry/minxSolution',
      });
      await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `traffic-minx-${width}-${locale}`);
      await ctx.close();
    }

    const { ctx, page } = await signedIn(running.browser, url, ADMIN, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/businessInquiry/minxSolution',
    });
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // the demo job made fallbacks: some step shows a number above zero
    await expect.poll(() => rows(page).first().textContent()).toMatch(/Voice · 15 min/);

    // a plan of two steps shows both in its dialog: FormModal keeps a Form.List's initial items (decision 0149)
    const dialog = page.locator('.ant-modal:visible').last();
    const steps = dialog.getByTestId('minx-step');
    await rows(page).filter({ hasText: 'WhatsApp · 30 min' }).first().getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => steps.count(), { timeout: 10_000 }).toBe(2);
    expect(await steps.first().textContent()).toContain('Voice');
    expect(await steps.first().locator('input').last().inputValue()).toBe('15');
    expect(await steps.nth(1).textContent()).toContain('WhatsApp');
    expect(await steps.nth(1).locator('input').last().inputValue()).toBe('30');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 10_000 }).toBe(0);

    // a new plan after that starts from the new dialog's values (one step, no name), not the plan's
    await page.getByRole('button', { name: 'New plan' }).click();
    const fresh = page.locator('.ant-modal:visible').last();
    await expect.poll(() => fresh.getByTestId('minx-step').count(), { timeout: 10_000 }).toBe(1);
    expect(await fresh.getByTestId('minx-step').first().textContent()).toContain('Voice');
    expect(await fresh.getByTestId('minx-step').first().locator('input').last().inputValue()).toBe('15');
    expect(await fresh.getByLabel('Plan name').inputValue()).toBe('');
    await fresh.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 10_000 }).toBe(0);

    // rename the first plan in its dialog (its one step as saved)
    const row = rows(page).filter({ hasText: 'OTP fallback' }).first();
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => steps.first().textContent(), { timeout: 10_000 }).toContain('Voice');
    expect(await steps.count()).toBe(1);
    expect(await steps.first().locator('input').last().inputValue()).toBe('15');
    await dialog.getByLabel('Plan name').fill('OTP fallback 2');
    await shot(page, 'traffic-minx-edit-1280-en');
    await submitModal(page);
    await page.getByText('Plan saved').waitFor();
    const renamed = rows(page).filter({ hasText: 'OTP fallback 2' });
    await expect.poll(() => renamed.count(), { timeout: 20_000 }).toBe(1);

    // pause it
    await renamed.getByRole('button', { name: 'Pause' }).click();
    await confirmPopconfirm(page);
    await page.getByText('Plan paused').waitFor();
    await expect.poll(() => renamed.textContent(), { timeout: 20_000 }).toContain('Paused');
    expect(await renamed.getByRole('button', { name: 'Resume' }).count()).toBe(1);

    // its history: the rename and the pause
    await renamed.getByRole('button', { name: 'History' }).click();
    const drawer = page.getByTestId('minx-history');
    await drawer.waitFor();
    await expect
      .poll(() => drawer.locator('.ant-timeline-item').count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    await shot(page, 'traffic-minx-history-1280-en');
    await ctx.close();
  }, 300_000);
});
