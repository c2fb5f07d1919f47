import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import { api, apiToken, FINANCE, keyedPost, signedIn, submitModal, useShellServer } from './support/shell.js';

interface Page_<T> {
  records: T[];
  total: number;
}
interface BillRow {
  id: number;
  code: string;
  theirAmount: number;
  paid: number;
  payState: string;
}
const rows = (page: Page) => page.locator('.ant-table-row');

/**
 * Supplier bills paid and the supplier-overdue list (decision 0120): finance01 pays half of a confirmed
 * demo bill from the bill check, approves it, and the bill shows partly paid; the overdue list at
 * 1280 / 900 / 390 px in both languages.
 */
describe('finance supplier overdue (a bill paid by approval, the overdue list)', () => {
  const shell = useShellServer({ settle: [FINANCE] });

  it('finance01 pays part of a confirmed bill on the bill check; approved, the bill is partly paid', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const unpaid = await api<Page_<BillRow>>(base, token, 'POST', '/v2/fc/postpaid-supplier/bill-check/page', {
      size: 50,
      state: 'confirmed',
      payState: 'unpaid',
    });
    const bill = unpaid.records.find((b) => b.theirAmount >= 200)!;
    expect(bill, 'a confirmed unpaid demo bill').toBeTruthy();
    const half = Math.floor(bill.theirAmount / 2);

    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/financial/postpaid-supplier/bill-check',
    });
    const row = rows(page).filter({ hasText: bill.code });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await row.getByTestId('bill-pay').click();
    const amount = page.locator('.ant-modal:visible input[data-testid="bill-pay-amount"]');
    // the amount starts at what the bill owes
    await expect.poll(() => amount.inputValue(), { timeout: 10_000 }).not.toBe('');
    await amount.fill((half / 100).toFixed(2));
    await page.getByTestId('bill-pay-reference').fill('TT-E2E-1');
    await page.locator('textarea[data-testid="bill-pay-reason"]').fill('First half of the bill');
    await expect
      .poll(() => page.locator('textarea[data-testid="bill-pay-reason"]').inputValue())
      .toBe('First half of the bill');
    await shot(page, 'finance-supplier-bill-pay-1280-en');
    await submitModal(page);
    await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 20_000 }).toBe(0);

    // finance approves the payment (to-do through the API, as the finance story does)
    const todo = await api<Page_<{ taskId: number }>>(base, token, 'POST', '/v2/workflow/my/toDoPage', {
      page: 1,
      size: 200,
    });
    const task = todo.records.find((r) => JSON.stringify(r).includes('供应商付款申请'))!;
    expect(task, 'the payment is to be decided').toBeTruthy();
    const agreed = await keyedPost(base, token, '/v2/workflow/agree', { taskId: task.taskId, opinion: 'ok' });
    expect(agreed.code, agreed.msg).toBe(0);

    const after = await api<Page_<BillRow>>(base, token, 'POST', '/v2/fc/postpaid-supplier/bill-check/page', {
      size: 5,
      keyword: bill.code,
    });
    expect(after.records[0]).toMatchObject({ paid: half, payState: 'partly' });
    await page.reload();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Partly paid');
    await shot(page, 'finance-supplier-bill-partly-paid-1280-en');
    await ctx.close();
  });

  for (const [locale, width, height] of views([
    ['en', 1280, 800],
    ['zh-CN', 1280, 800],
    ['en', 900, 800],
    ['zh-CN', 900, 800],
    ['en', 390, 844],
    ['zh-CN', 390, 844],
  ] as const))
    it(`the overdue list at ${width} px in ${locale}`, async () => {
      const { ctx, page } = await signedIn(shell.browser, shell.server.url, FINANCE, {
        locale,
        width,
        height,
        at: '/financial/supplier-control/overdue',
      });
      await rows(page).first().waitFor({ timeout: 20_000 });
      await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached', timeout: 20_000 });
      expect(await rows(page).count()).toBeGreaterThan(0);
      await shot(page, `finance-supplier-overdue-${width}-${locale === 'en' ? 'en' : 'zh'}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await ctx.close();
    });
});
