import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import { ADMIN, api, apiToken, FINANCE, SALES, signedIn, useShellServer } from './support/shell.js';

type Option = { id: number; code: string; name: string };
const PAGE = '[data-testid="resource-create-page"]';
const options = (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option');

/**
 * The record pickers (decision 0132) on two forms that took typed ids: a customer's agent (sales01
 * is offered only the R-end partners their data scope covers) and the supplier of a finance
 * blacklist entry (finance is offered every supplier), at 1280, 900 and 390 px in zh-CN and en.
 */
describe('record pickers', () => {
  const shell = useShellServer({ settle: [SALES, FINANCE] });

  it("offers a salesperson only their own agents on the customer form, never another owner's", async () => {
    const base = shell.server.url;
    const [sales, admin] = await Promise.all([apiToken(base, SALES), apiToken(base, ADMIN)]);
    const mine = await api<Option[]>(base, sales, 'GET', '/v2/sys/staff/options/agent');
    const all = await api<Option[]>(base, admin, 'GET', '/v2/sys/staff/options/agent');
    const foreign = all.find((a) => !mine.some((m) => m.id === a.id));
    expect(foreign, 'an agent sales01 does not own').toBeDefined();

    const { ctx, page } = await signedIn(shell.browser, base, SALES, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/crm/customer/add',
    });
    await page.locator(PAGE).waitFor();
    const agent = page.locator(PAGE).getByLabel('Agent (business partner)', { exact: true });
    await agent.click();
    await expect.poll(() => options(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await options(page).count()).toBeLessThanOrEqual(mine.length);
    await expect.poll(() => options(page).first().textContent()).toBe(`${mine[0]!.code} ${mine[0]!.name}`);
    await shot(page, 'record-picker-agent-1280-en');
    // another owner's partner, typed by its exact code, is not offered
    await page.keyboard.type(foreign!.code);
    await expect
      .poll(() => page.locator('.ant-select-dropdown:visible').textContent())
      .toContain('Nothing you may pick matches');
    await shot(page, 'record-picker-agent-foreign-1280-en');
    await page.keyboard.press('Escape');
    await ctx.close();
  });

  for (const [locale, width, height] of views([
    ['zh-CN', 900, 800],
    ['zh-CN', 390, 844],
    ['en', 390, 844],
  ] as const))
    it(`finance picks a supplier by name at ${width} px in ${locale}; the list names the supplier`, async () => {
      const base = shell.server.url;
      const token = await apiToken(base, FINANCE);
      const offered = await api<Option[]>(base, token, 'GET', '/v2/sys/staff/options/supplier');
      expect(offered.length).toBeGreaterThan(0);
      const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
        locale,
        width,
        height,
        at: '/financial/supplier-control/blacklist',
      });
      await page.locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
      await page.getByTestId('list-create').click();
      const dialog = page.locator('.ant-modal:visible');
      await dialog.getByTestId('field-supplierId').click();
      const word = offered[0]!.name.split(' ')[0]!;
      await page.keyboard.type(word);
      await expect.poll(() => options(page).first().textContent(), { timeout: 20_000 }).toContain(word);
      const tag = `${width}-${locale === 'en' ? 'en' : 'zh'}`;
      await shot(page, `record-picker-supplier-${tag}`);
      const picked = (await options(page).first().textContent())!;
      await options(page).first().click();
      await expect.poll(() => dialog.getByTestId('field-supplierId').textContent()).toBe(picked);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await shot(page, `record-picker-supplier-picked-${tag}`);
      await ctx.close();
    });
});
