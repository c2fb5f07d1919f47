import { describe, expect, it } from 'vitest';
import { type Page, shot } from './support/browser.js';
import { shownPane } from './support/pane.js';
import { ADMIN, confirmPopconfirm, signedIn, useShellServer } from './support/shell.js';

const SCREENS = [
  ['sms-appointment-record', 'traffic-appointments'],
  ['twowaytask', 'traffic-twoway-tasks'],
  ['send-query/auto-recall-task', 'traffic-recall-tasks'],
] as const;

const rows = (page: Page) => page.getByTestId('content').locator('.ant-table-row');

/**
 * The screens of decision 0106 on the demo seed: scheduled sends (one cancelled in the browser),
 * two-way tasks with a task's replies, auto-recall tasks with the new-task dialog, the two-way rules;
 * in both languages at desktop and phone width.
 */
describe('scheduled sends, two-way tasks and rules, auto-recall tasks', () => {
  const running = useShellServer();

  it('shows the demo rows of each screen in both languages and at phone width, and cancels a scheduled send', async () => {
    const { url } = running.server;
    for (const [locale, width] of [
      ['en', 1280],
      ['zh-CN', 390],
    ] as const) {
      const { ctx, page } = await signedIn(running.browser, url, ADMIN, { locale, width, height: 900 });
      for (const [route, name] of SCREENS) {
        await page.goto(`${url}/businessInquiry/${route}`);
        await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await shot(page, `${name}-${width}-${locale}`);
      }
      await page.goto(`${url}/setModule/operate-set/two-way`);
      await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await shot(page, `traffic-twoway-rules-${width}-${locale}`);
      await ctx.close();
    }

    // a task's replies open in a drawer
    const { ctx, page } = await signedIn(running.browser, url, ADMIN, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/businessInquiry/twowaytask',
    });
    await rows(page).first().getByRole('button').first().click();
    await page.locator('.ant-drawer .ant-descriptions').waitFor();
    await shot(page, 'traffic-twoway-task-replies-1280-en');
    await page.keyboard.press('Escape');
    // the new recall dialog
    await page.goto(`${url}/businessInquiry/send-query/auto-recall-task`);
    await page.getByRole('button', { name: 'New recall task' }).click();
    await page.locator('.ant-modal').getByText('Recall channel').waitFor();
    await shot(page, 'traffic-recall-new-1280-en');
    await page.keyboard.press('Escape');
    // cancel a waiting scheduled send
    await page.goto(`${url}/businessInquiry/sms-appointment-record`);
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // a sent batch's id opens its send records, searched by that id (decision 0131)
    const sentLink = page.getByTestId('content').locator('.ant-table-row a[href*="sendRcdQuery?batchId="]').first();
    // newest first: the sent batches lie on the later pages
    for (let p = 0; p < 8 && (await sentLink.count()) === 0; p++) {
      await page.getByTestId('content').locator('.ant-pagination-next').click();
      await page.waitForTimeout(800);
    }
    const sentBatch = (await sentLink.textContent())!;
    await sentLink.click();
    await page.waitForURL(/sendRcdQuery\?batchId=/);
    const records = await shownPane(page);
    await expect.poll(() => records.getByLabel('Batch id').inputValue(), { timeout: 20_000 }).toBe(sentBatch);
    await shot(page, 'traffic-batch-records-1280-en');
    await page.goto(`${url}/businessInquiry/sms-appointment-record`);
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const waiting = rows(page)
      .filter({ has: page.getByRole('button', { name: 'Cancel send' }) })
      .first();
    const batch = (await waiting.locator('td').nth(1).textContent())!;
    await waiting.getByRole('button', { name: 'Cancel send' }).click();
    await confirmPopconfirm(page);
    await page.getByText('Scheduled send cancelled').waitFor();
    const row = rows(page).filter({ hasText: batch });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Cancelled');
    expect(await row.getByRole('button', { name: 'Cancel send' }).count()).toBe(0);
    await ctx.close();
  }, 300_000);
});
