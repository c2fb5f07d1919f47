import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import { ADMIN, api, apiToken, confirmPopconfirm, signedIn, submitModal, useShellServer } from './support/shell.js';

const rows = (page: Page) => page.getByTestId('content').locator('.ant-table-row');
type Review = { id: number; state: string; handset: string };

/**
 * two-way-review (decision 0115) on the demo seed: the answers two-way rules acted on, in both
 * languages at 1280, 900 and 390 px; a pending auto reply approved in the browser.
 */
describe('two-way review', () => {
  // the operations tour is marked seen before the first visit: it would cover the tables
  const running = useShellServer({ tour: true, env: { TRAFFIC_SIMULATOR: 'false' } });

  it('lists the rule actions in both languages at 1280, 900 and 390 px', async () => {
    const { url } = running.server;
    for (const locale of ['en', 'zh-CN'] as const)
      for (const width of views([1280, 900, 390])) {
        const { ctx, page } = await signedIn(running.browser, url, ADMIN, {
          locale,
          width,
          height: 900,
          at: '/businessOperations/two-way-review',
        });
        await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await shot(page, `traffic-twoway-review-${width}-${locale}`);
        await ctx.close();
      }
  }, 180_000);

  it('approves a pending reply on the list', async () => {
    const { url } = running.server;
    const token = await apiToken(url, ADMIN);
    const pending = () =>
      api<{ total: number; records: Review[] }>(url, token, 'POST', '/v2/traffic/two-way-review/page', {
        state: 'pending',
        size: 1,
      });
    const before = (await pending()).total;
    expect(before, 'the demo has pending replies').toBeGreaterThan(0);
    const { ctx, page } = await signedIn(running.browser, url, ADMIN, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/businessOperations/two-way-review',
    });
    // only a pending row offers its decisions
    const row = rows(page).filter({ has: page.getByRole('button', { name: 'Approve' }) });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await row.first().getByRole('button', { name: 'Approve' }).click();
    await confirmPopconfirm(page);
    await expect.poll(async () => (await pending()).total, { timeout: 20_000 }).toBe(before - 1);
    await shot(page, 'traffic-twoway-review-approved-1280-en');
    await ctx.close();
  }, 120_000);

  it('opts an opted-out number back in with a reason (decision 0131)', async () => {
    const { url } = running.server;
    const token = await apiToken(url, ADMIN);
    const optouts = (state: string) =>
      api<{ total: number; records: Review[] }>(url, token, 'POST', '/v2/traffic/two-way-review/page', {
        action: 'optout',
        state,
        size: 1,
      });
    const before = (await optouts('done')).total;
    expect(before, 'the demo has opt-outs').toBeGreaterThan(0);
    // the demo's START already reversed one
    expect((await optouts('reversed')).total).toBeGreaterThan(0);
    for (const [locale, width, reason] of [
      ['en', 1280, 'Customer called to subscribe again'],
      ['zh-CN', 390, '客户来电要求恢复订阅'],
    ] as const) {
      const { ctx, page } = await signedIn(running.browser, url, ADMIN, {
        locale,
        width,
        height: 900,
        at: '/businessOperations/two-way-review',
      });
      const row = rows(page).filter({ has: page.getByTestId('row-optIn') });
      await expect.poll(() => row.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      // a listed one (the state column is hidden at phone width): by its handset
      const handset = (await optouts('done')).records[0]!.handset;
      await row.filter({ hasText: handset }).first().getByTestId('row-optIn').click();
      const dialog = page.locator('.ant-modal:visible').last();
      await dialog.locator('input').first().fill(reason);
      await shot(page, `traffic-twoway-review-optin-${width}-${locale}`);
      await submitModal(page);
      await expect.poll(async () => (await optouts('done')).records[0]?.handset, { timeout: 20_000 }).not.toBe(handset);
      await ctx.close();
    }
  }, 180_000);
});
