import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  FINANCE,
  pickRecord,
  recordOptions,
  signedIn,
  submitModal,
  useShellServer,
} from './support/shell.js';

interface Page_<T> {
  records: T[];
  total: number;
}
const rows = (page: Page) => page.locator('.ant-table-row');

/** Types a day into an antd DatePicker and confirms it. */
async function typeDay(page: Page, testId: string, day: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

/** Supplier control lists (decision 0114): the seeded rows shown, a supplier blacklisted on the screen. */
describe('finance supplier control (blacklist, exemptions, whitelist)', () => {
  const shell = useShellServer({ settle: [FINANCE, ADMIN] });

  it('finance01 sees the seeded blacklist and blacklists one more supplier', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const listed = await api<Page_<{ supplierId: number }>>(
      base,
      token,
      'POST',
      '/v2/fc/supplier-control/blacklist/page',
      {
        size: 200,
      },
    );
    expect(listed.total, 'seeded blacklist rows').toBeGreaterThan(0);
    const white = await api<Page_<{ supplierId: number }>>(
      base,
      token,
      'POST',
      '/v2/fc/supplier-control/whitelist/page',
      {
        size: 200,
      },
    );
    const taken = new Set([...listed.records, ...white.records].map((r) => r.supplierId));
    const accounts = await api<Page_<{ supplierId: number; supplierName: string }>>(
      base,
      token,
      'POST',
      '/v2/fc/account/supplier/sms/page',
      { size: 200 },
    );
    const free = accounts.records.find((a) => !taken.has(a.supplierId))!;
    expect(free, 'a supplier on neither list').toBeTruthy();

    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/financial/supplier-control/blacklist',
    });
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(Math.min(listed.total, 20));
    await page.getByTestId('list-create').click();
    const dialog = page.locator('.ant-modal:visible');
    // the supplier picked by its code (decision 0132): finance keeps every supplier's books, so it is offered
    const [named] = await recordOptions(base, token, 'supplier', [free.supplierId]);
    await pickRecord(page, page.getByTestId('field-supplierId'), named!.code);
    await expect.poll(() => dialog.getByTestId('field-supplierId').textContent()).toContain(named!.name);
    await typeDay(page, 'field-fromDay', '2026-11-01');
    await page.getByTestId('field-enabled').click();
    await page.getByTestId('field-reason').fill('Kept a prepayment after the contract ended');
    await shot(page, 'finance-supplier-blacklist-add-1280-en');
    await submitModal(page);
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    await expect
      .poll(() => rows(page).filter({ hasText: free.supplierName }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await shot(page, 'finance-supplier-blacklist-added-1280-en');
    const after = await api<Page_<{ supplierId: number }>>(
      base,
      token,
      'POST',
      '/v2/fc/supplier-control/blacklist/page',
      {
        size: 200,
        supplierId: free.supplierId,
      },
    );
    expect(after.total).toBe(1);
    await ctx.close();
  });

  for (const [locale, width, height] of views([
    ['en', 1280, 800],
    ['zh-CN', 1280, 800],
    ['zh-CN', 900, 800],
    ['en', 390, 844],
    ['zh-CN', 390, 844],
  ] as const))
    it(`the three lists at ${width} px in ${locale}`, async () => {
      const { ctx, page } = await signedIn(shell.browser, shell.server.url, FINANCE, { locale, width, height });
      for (const kind of ['blacklist', 'exempt', 'whitelist'] as const) {
        await page.goto(`${shell.server.url}/financial/supplier-control/${kind}`);
        await rows(page).first().waitFor({ timeout: 20_000 });
        await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached', timeout: 20_000 });
        await shot(page, `finance-supplier-${kind}-${width}-${locale === 'en' ? 'en' : 'zh'}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
      }
      // the thresholds are an administrator's setting, like the other finance settings
      const admin = await signedIn(shell.browser, shell.server.url, ADMIN, {
        locale,
        width,
        height,
        at: '/setModule/financial/supplier-control-set',
      });
      await rows(admin.page).first().waitFor({ timeout: 20_000 });
      await admin.page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached', timeout: 20_000 });
      await shot(admin.page, `finance-supplier-control-set-${width}-${locale === 'en' ? 'en' : 'zh'}`);
      expect(
        await admin.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await admin.ctx.close();
      await ctx.close();
    });
});
