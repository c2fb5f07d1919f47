import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import {
  api,
  apiToken,
  FINANCE,
  keyedPost,
  openDrawerTab,
  SALES,
  settlePopups,
  signedIn,
  submitModal,
  useShellServer,
} from './support/shell.js';

interface Page_<T> {
  records: T[];
  total: number;
}
interface AccountRow {
  id: number;
  code: string;
  billing: string;
  state: string;
  balance: string;
}

/** Picks the option of the antd Select (by its test id) whose text holds `text`. */
async function pick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}
const rows = (page: Page, scope = 'body') => page.locator(`${scope} .ant-table-row`);

/** Opens the supplier screen's Applications tab and waits until it is the active one. */
async function applicationsTab(page: Page) {
  const tab = page.locator('.ant-tabs-tab').filter({ has: page.getByTestId('supplier-applications-tab') });
  await expect
    .poll(async () => {
      await tab.click();
      return (await tab.getAttribute('class')) ?? '';
    })
    .toContain('ant-tabs-tab-active');
  await expect
    .poll(() => page.locator('.ant-table-row:visible').count(), { timeout: 30_000 })
    .toBeGreaterThan(0)
    .catch(async (err) => {
      await shot(page, 'finance-supplier-applications-failed');
      throw err;
    });
}

/**
 * finance01 agrees to the pending request whose to-do record holds every one of `texts` (through the
 * API: the to-do screen's row was not found in time on the loaded e2e machine, see decision 0096).
 */
async function agree(_page: Page, base: string, texts: string[]) {
  const token = await apiToken(base, FINANCE);
  const todo = await api<Page_<{ id: number; taskId: number }>>(base, token, 'POST', '/v2/workflow/my/toDoPage', {
    page: 1,
    size: 200,
  });
  const task = todo.records.find((r) => texts.every((t) => JSON.stringify(r).includes(t)));
  expect(task, `finance01 has the to-do of ${texts.join(' ')}`).toBeTruthy();
  const res = await keyedPost(base, token, '/v2/workflow/agree', { taskId: task!.taskId, opinion: 'ok' });
  expect(res.code, res.msg).toBe(0);
}

/**
 * Issue 17's story end to end (decision 0096): sales01 applies for a recharge of a customer account,
 * finance01 approves it in the to-do list, the account's balance and its ledger show it at once; the
 * demo debtor's overdue bill makes the ladder suspend its account, and a reinstatement approved by
 * finance makes it active again.
 */
describe('finance story (recharge by approval, suspension and reinstatement)', () => {
  const shell = useShellServer({ settle: FINANCE });

  it('sales01 applies, finance01 approves, the balance and the ledger change', async () => {
    const base = shell.server.url;
    // sales01's start-up popups would cover the form (the server settles finance01's)
    await settlePopups(base, SALES);
    const [salesToken, finToken] = await Promise.all([apiToken(base, SALES), apiToken(base, FINANCE)]);
    const mine = await api<Page_<AccountRow>>(base, salesToken, 'POST', '/v2/fc/account/page', { size: 50 });
    const acc = mine.records.find((r) => r.state === 'active' && r.billing === 'prepaid')!;
    expect(acc, 'sales01 has an active prepaid account').toBeTruthy();

    const { ctx: salesCtx, page: sales } = await signedIn(shell.browser, base, SALES, {
      locale: 'en',
      at: '/general/process/recharge-apply/recharge/apply',
    });
    await pick(sales, 'money-account', acc.code);
    await sales.getByTestId('money-amount').fill('321.09');
    await sales.getByTestId('money-reference').fill('E2E-STORY-1');
    await sales.getByTestId('money-reason').fill('e2e story recharge');
    await sales.getByTestId('money-submit').click();
    await sales.waitForURL((u) => u.pathname === '/financial/recharge-apply/recharge/detail', { timeout: 20_000 });
    const id = Number(new URL(sales.url()).searchParams.get('id'));
    // under review, nothing posted (read from the detail call: the page is in sales01's saved language)
    expect(
      await api<{ state: string; entryId: number | null }>(
        base,
        salesToken,
        'GET',
        `/v2/fc/financeRecharge/toAccount/${id}`,
      ),
    ).toMatchObject({ state: 'pending', entryId: null });
    await shot(sales, 'finance-story-applied-1280');
    await salesCtx.close();

    const { ctx: finCtx, page: fin } = await signedIn(shell.browser, base, FINANCE, { locale: 'en' });
    await agree(fin, base, [acc.code, '321.09']);
    const detail = await api<{ state: string; entryId: number | null; balanceAfter: string | null }>(
      base,
      finToken,
      'GET',
      `/v2/fc/financeRecharge/toAccount/${id}`,
    );
    expect(detail.state).toBe('approved');
    expect(detail.entryId).not.toBeNull();
    const expected = (Number(acc.balance) + 321.09).toFixed(4);
    expect(detail.balanceAfter).toBe(expected);

    // the account's balance is the balance after the entry
    const after = await api<Page_<AccountRow>>(base, salesToken, 'POST', '/v2/fc/account/page', { size: 50 });
    expect(Number(after.records.find((r) => r.code === acc.code)?.balance)).toBeCloseTo(Number(expected), 4);
    // the recharge records (newest first) show the entry at once
    await fin.goto(`${base}/financial/recharge-record/platform`);
    const first = rows(fin).first();
    await expect.poll(() => first.textContent(), { timeout: 20_000 }).toContain(acc.code);
    expect(await first.textContent()).toContain('321.09');
    await shot(fin, 'finance-story-ledger-1280-en');
    await finCtx.close();
  }, 240_000);

  it('the demo debtor is suspended by the ladder and reinstated by an approved application', async () => {
    const base = shell.server.url;
    const finToken = await apiToken(base, FINANCE);
    // the demo data's one postpaid account that owes (its bills are unpaid)
    const bills = await api<
      Page_<{ id: number; code: string; accountId: number; accountCode: string; unpaid: string; dueDay: string }>
    >(base, finToken, 'POST', '/v2/fc/bill/page', { size: 200, state: ['issued', 'overdue', 'partly_paid'] });
    // the debtor's bill is the one longest past due (other postpaid accounts may owe a bill just issued)
    const owing = bills.records
      .filter((b) => Number(b.unpaid) > 0)
      .sort((a, b) => a.dueDay.localeCompare(b.dueDay))[0]!;
    expect(owing, 'the seeded debtor has an unpaid bill').toBeTruthy();
    // the ladder from the bills screen: the debtor's oldest bill is past the suspend step
    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      at: '/financial/account/consumer/bill',
    });
    await page.getByTestId('overdue-run').click();
    const state = async () =>
      (
        await api<Page_<AccountRow>>(base, finToken, 'POST', '/v2/fc/account/page', { keyword: owing.accountCode })
      ).records.find((r) => r.id === owing.accountId)?.state;
    await expect.poll(state, { timeout: 30_000 }).toBe('suspended');

    // reinstated from its row, approved by finance
    await page.goto(`${base}/financial/account/consumer/consumer`);
    const row = rows(page).filter({ hasText: owing.accountCode });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await row.first().getByTestId('account-reinstate').click();
    await page
      .locator('textarea[data-testid="reinstate-reason"], [data-testid="reinstate-reason"] textarea')
      .first()
      .fill('customer promised to pay this week');
    await shot(page, 'finance-story-reinstate-1280-en');
    await submitModal(page);
    await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 20_000 }).toBe(0);
    expect(await state()).toBe('suspended');
    await agree(page, base, ['恢复账户申请', owing.accountCode]);
    await expect.poll(state, { timeout: 20_000 }).toBe('active');
    await ctx.close();

    // the debtor's overdue bill written off from its row (decisions 0080, 0104), agreed in the to-do screen
    const balance = async () =>
      Number(
        (
          await api<Page_<AccountRow>>(base, finToken, 'POST', '/v2/fc/account/page', { keyword: owing.accountCode })
        ).records.find((r) => r.id === owing.accountId)?.balance,
      );
    const before = await balance();
    const { ctx: woCtx, page: wo } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      at: '/financial/account/consumer/bill',
    });
    const content = wo.getByTestId('content');
    await content.getByLabel('Bill number').fill(owing.code);
    await content.getByRole('button', { name: 'Search' }).click();
    const billRow = rows(wo).filter({ hasText: owing.code });
    await expect.poll(() => billRow.count(), { timeout: 20_000 }).toBe(1);
    await billRow.getByTestId('bill-write-off').click();
    await wo
      .locator('textarea[data-testid="write-off-reason"], [data-testid="write-off-reason"] textarea')
      .first()
      .fill('customer insolvent, debt written off');
    await shot(wo, 'finance-story-write-off-1280-en');
    await submitModal(wo);
    await expect.poll(() => wo.locator('.ant-modal:visible').count(), { timeout: 20_000 }).toBe(0);
    // the to-do screen: the request found by the bill's code, opened and agreed
    await wo.goto(`${base}/general/my-agent`);
    await wo.locator('input[data-testid="list-keyword"], [data-testid="list-keyword"] input').first().fill(owing.code);
    await wo.getByTestId('content').getByRole('button', { name: 'Search' }).click();
    const todo = rows(wo).filter({ hasText: owing.code });
    await expect.poll(() => todo.count(), { timeout: 30_000 }).toBe(1);
    await todo.getByTestId('row-open').click();
    await wo.waitForURL(/\/general\/my-agent\/profile\?id=\d+/, { timeout: 20_000 });
    await wo.getByTestId('action-agree').click();
    await wo
      .locator(
        'textarea[data-testid="action-opinion"], [data-testid="action-opinion"] textarea, input[data-testid="action-opinion"]',
      )
      .first()
      .fill('agreed: written off');
    await wo.getByTestId('action-confirm').click();
    await expect.poll(() => wo.getByTestId('action-agree').count(), { timeout: 20_000 }).toBe(0);
    // the bill reads "Written off" and owes nothing; the account's balance rose by what it owed
    await wo.goto(`${base}/financial/account/consumer/bill`);
    await content.getByLabel('Bill number').fill(owing.code);
    await content.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => billRow.first().textContent(), { timeout: 20_000 }).toContain('Written off');
    await shot(wo, 'finance-story-written-off-1280-en');
    expect(await balance()).toBeCloseTo(before + Number(owing.unpaid), 4);
    await woCtx.close();
  }, 360_000);

  it('finance01 reads the supplier accounts and a prepayment lands in the account’s entries once approved', async () => {
    const base = shell.server.url;
    const finToken = await apiToken(base, FINANCE);
    const list = await api<Page_<{ id: number; code: string; balance: number }>>(
      base,
      finToken,
      'POST',
      '/v2/fc/account/supplier/sms/page',
      { size: 20 },
    );
    expect(list.total, 'seeded sms supplier accounts').toBeGreaterThan(0);
    for (const [locale, width] of views([
      ['en', 1280],
      ['zh-CN', 1280],
      ['en', 390],
      ['zh-CN', 390],
    ] as const)) {
      const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
        locale,
        width,
        height: 860,
        at: '/financial/account/supplier/sms',
      });
      await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(Math.min(list.total, 20));
      await shot(page, `finance-supplier-sms-${width}-${locale}`);
      await applicationsTab(page);
      await shot(page, `finance-supplier-applications-${width}-${locale}`);
      await ctx.close();
    }
    const acc = list.records[0]!;
    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      at: '/financial/account/supplier/sms',
    });
    const row = rows(page).filter({ hasText: acc.code });
    await expect.poll(() => row.count(), { timeout: 60_000 }).toBe(1);
    await row.getByTestId('supplier-apply').click();
    await page
      .locator('[data-testid="supplier-amount"] input, input[data-testid="supplier-amount"]')
      .first()
      .fill('1234.56');
    await page.locator('textarea[data-testid="supplier-reason"]').fill('e2e prepayment');
    await shot(page, 'finance-supplier-apply-1280-en');
    await submitModal(page);
    await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 20_000 }).toBe(0);
    await agree(page, base, ['供应商预付申请', acc.code]);
    await page.goto(`${base}/financial/account/supplier/sms`);
    await rows(page).filter({ hasText: acc.code }).getByTestId('row-detail').click();
    await openDrawerTab(page, 'Entries');
    const entries = rows(page, '[data-testid="supplier-entries"]');
    await expect.poll(() => entries.first().textContent(), { timeout: 20_000 }).toContain('1,234.56');
    await shot(page, 'finance-supplier-entries-1280-en');
    const after = await api<Page_<{ id: number; balance: number }>>(
      base,
      finToken,
      'POST',
      '/v2/fc/account/supplier/sms/page',
      { size: 20 },
    );
    expect(after.records.find((r) => r.id === acc.id)?.balance).toBe(acc.balance + 123_456);
    // the applications tab lists it, approved (decision 0104): a fresh screen, the tab active before reading
    await page.goto(`${base}/financial/account/supplier/sms`);
    await applicationsTab(page);
    const applied = page.locator('.ant-table-row:visible').filter({ hasText: acc.code });
    await expect
      .poll(() => applied.count(), { timeout: 30_000 })
      .toBeGreaterThan(0)
      .catch(async (err) => {
        await shot(page, 'finance-supplier-applications-failed');
        throw err;
      });
    expect(await applied.first().textContent()).toContain('Approved');
    expect(await applied.first().textContent()).toContain('1,234.56');
    await shot(page, 'finance-supplier-applications-1280-en');
    await ctx.close();
  }, 300_000);
});
