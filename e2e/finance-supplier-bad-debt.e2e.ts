import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import { api, apiToken, FINANCE, keyedPost, signedIn, submitModal, useShellServer } from './support/shell.js';

interface Page_<T> {
  records: T[];
  total: number;
}
const rows = (page: Page) => page.locator('.ant-table-row');

/**
 * Supplier bad debt (decision 0125): finance01 hands part of a prepaid sms supplier account's balance to
 * bad debt from the account's row, approves it, and the bad-debt list shows it approved with the
 * balance after; the list at 1280 / 900 / 390 px in both languages.
 */
describe('finance supplier bad debt (a balance handed to bad debt through approval)', () => {
  const shell = useShellServer({ settle: [FINANCE] });

  it('finance01 hands part of a supplier balance to bad debt; approved, the list shows it written off', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const accounts = await api<Page_<{ id: number; code: string; balance: number }>>(
      base,
      token,
      'POST',
      '/v2/fc/account/supplier/sms/page',
      { size: 50 },
    );
    const open = await api<Page_<{ accountCode: string }>>(
      base,
      token,
      'POST',
      '/v2/fc/supplier-control/bad-debt/page',
      {
        size: 50,
        state: 'pending',
      },
    );
    const acc = accounts.records.find((a) => a.balance >= 200 && !open.records.some((o) => o.accountCode === a.code))!;
    expect(acc, 'a demo sms supplier account holding money').toBeTruthy();

    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/financial/account/supplier/sms',
    });
    const row = rows(page).filter({ hasText: acc.code });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await row.getByTestId('supplier-bad-debt').click();
    const amount = page.locator('.ant-modal:visible input[data-testid="bad-debt-amount"]');
    // the amount starts at the whole balance
    await expect.poll(() => amount.inputValue(), { timeout: 10_000 }).not.toBe('');
    await amount.fill('1.00');
    const reason = page.locator('textarea[data-testid="bad-debt-reason"]');
    await reason.fill('Supplier closed down; prepayment lost');
    await expect.poll(() => reason.inputValue()).toBe('Supplier closed down; prepayment lost');
    await shot(page, 'finance-supplier-bad-debt-apply-1280-en');
    await submitModal(page);
    await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 20_000 }).toBe(0);

    const todo = await api<Page_<{ taskId: number }>>(base, token, 'POST', '/v2/workflow/my/toDoPage', {
      page: 1,
      size: 200,
    });
    const task = todo.records.find(
      (r) => JSON.stringify(r).includes('供应商坏账核销') && JSON.stringify(r).includes(acc.code),
    )!;
    expect(task, 'the write-off is to be decided').toBeTruthy();
    const agreed = await keyedPost(base, token, '/v2/workflow/agree', { taskId: task.taskId, opinion: 'ok' });
    expect(agreed.code, agreed.msg).toBe(0);

    const after = await api<Page_<{ id: number; balance: number }>>(
      base,
      token,
      'POST',
      '/v2/fc/account/supplier/sms/page',
      {
        size: 50,
      },
    );
    expect(after.records.find((a) => a.id === acc.id)!.balance).toBe(acc.balance - 100);
    const mine = await api<Page_<{ code: string; accountCode: string; state: string; balanceAfter: number }>>(
      base,
      token,
      'POST',
      '/v2/fc/supplier-control/bad-debt/page',
      { size: 50, supplierAccountId: acc.id, state: 'approved' },
    );
    const written = mine.records.find((r) => r.accountCode === acc.code)!;
    expect(written).toMatchObject({ state: 'approved', balanceAfter: acc.balance - 100 });
    await page.goto(`${base}/financial/supplier-control/bad-debt`);
    const listed = rows(page).filter({ hasText: written.code });
    await expect.poll(() => listed.textContent(), { timeout: 20_000 }).toContain('Approved');
    await shot(page, 'finance-supplier-bad-debt-approved-1280-en');
    await ctx.close();
  });

  it('finance01 posts a confirmed bill’s difference from the bill check; approved, a second time is refused', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const confirmed = await api<Page_<{ id: number; code: string; difference: number }>>(
      base,
      token,
      'POST',
      '/v2/fc/postpaid-supplier/bill-check/page',
      { size: 50, state: 'confirmed' },
    );
    const bill = confirmed.records.find((b) => b.difference !== 0)!;
    expect(bill, 'a confirmed demo bill that differs from our cost').toBeTruthy();
    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'zh-CN',
      width: 1280,
      height: 900,
      at: '/financial/postpaid-supplier/bill-check',
    });
    const row = rows(page).filter({ hasText: bill.code });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await row.getByTestId('bill-difference').click();
    const reason = page.locator('textarea[data-testid="bill-difference-reason"]');
    await reason.fill('差额经双方确认');
    await expect.poll(() => reason.inputValue()).toBe('差额经双方确认');
    await shot(page, 'finance-supplier-bill-difference-1280-zh');
    await submitModal(page);
    await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 20_000 }).toBe(0);
    const todo = await api<Page_<{ taskId: number }>>(base, token, 'POST', '/v2/workflow/my/toDoPage', {
      page: 1,
      size: 200,
    });
    const task = todo.records.find((r) => JSON.stringify(r).includes('供应商账单差额入账'))!;
    expect(task, 'the difference is to be decided').toBeTruthy();
    const agreed = await keyedPost(base, token, '/v2/workflow/agree', { taskId: task.taskId, opinion: 'ok' });
    expect(agreed.code, agreed.msg).toBe(0);
    const again = await keyedPost(base, token, `/v2/fc/postpaid-supplier/bill-check/${bill.id}/post-difference`, {
      reason: 'twice',
    });
    expect(again.code).toBe(10510665);
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
    it(`the bad-debt list at ${width} px in ${locale}`, async () => {
      const { ctx, page } = await signedIn(shell.browser, shell.server.url, FINANCE, {
        locale,
        width,
        height,
        at: '/financial/supplier-control/bad-debt',
      });
      await rows(page).first().waitFor({ timeout: 20_000 });
      await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached', timeout: 20_000 });
      expect(await rows(page).count()).toBeGreaterThan(0);
      await shot(page, `finance-supplier-bad-debt-${width}-${locale === 'en' ? 'en' : 'zh'}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await ctx.close();
    });
});
