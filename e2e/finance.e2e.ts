import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import { shownPane } from './support/pane.js';
import { api, apiToken, FINANCE, openDrawerTab, signedIn, submitModal, useShellServer } from './support/shell.js';

interface Page_<T> {
  records: T[];
  total: number;
}
interface AccountRow {
  id: number;
  code: string;
  billing: string;
  balance: string;
}

/** Picks the option of the antd Select (by its test id) whose text holds `text`. */
async function pick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}
const rows = (page: Page, scope = 'body') => page.locator(`${scope} .ant-table-row`);

describe('finance (accounts, ledger, recharge application, bills, refunds)', () => {
  const shell = useShellServer({ settle: FINANCE });

  it('finance01 walks the accounts, an account’s ledger, a recharge under review, the bills and a refund', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    // the accounts list's first page, as the screen sorts it; an active prepaid account on it
    const accounts = await api<Page_<AccountRow & { state: string }>>(base, token, 'POST', '/v2/fc/account/page', {
      size: 20,
    });
    const acc = accounts.records.find((r) => r.state === 'active' && r.billing === 'prepaid')!;
    expect(acc, 'an active prepaid account on the first page').toBeTruthy();
    // the accounts list
    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      at: '/financial/account/consumer/consumer',
    });
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(Math.min(accounts.total, 20));
    await shot(page, 'finance-accounts-1280-en');

    // an account's details with its ledger (the entries of this account only)
    const entries = await api<Page_<{ accountId: number }>>(base, token, 'POST', '/v2/fc/entry/page', {
      accountId: acc.id,
      size: 20,
    });
    await rows(page).filter({ hasText: acc.code }).getByTestId('row-detail').click();
    await openDrawerTab(page, 'Account ledger');
    const ledger = '[data-testid="account-ledger"]';
    if (entries.total > 0)
      await expect.poll(() => rows(page, ledger).count(), { timeout: 20_000 }).toBe(Math.min(entries.total, 20));
    else await page.locator(`${ledger} .ant-empty`).first().waitFor({ timeout: 20_000 });
    await shot(page, 'finance-account-ledger-1280-en');

    // a recharge application: submitted, shown under review, nothing posted yet
    await page.goto(`${base}/general/process/recharge-apply/recharge/apply`);
    await pick(page, 'money-account', acc.code);
    await page.getByTestId('money-amount').fill('123.45');
    await page.getByTestId('money-reference').fill('E2E-WIRE-1');
    await page.getByTestId('money-reason').fill('e2e recharge');
    await page.getByTestId('money-submit').click();
    await page.waitForURL((u) => u.pathname === '/financial/recharge-apply/recharge/detail', { timeout: 20_000 });
    const pending = await shownPane(page);
    await expect.poll(() => pending.getByText('Under review').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'finance-recharge-pending-1280-en');
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const detail = await api<{ state: string; instanceId: number; amount: string; entryId: number | null }>(
      base,
      token,
      'GET',
      `/v2/fc/financeRecharge/toAccount/${id}`,
    );
    expect(detail).toMatchObject({ state: 'pending', amount: '123.4500', entryId: null });
    const todo = await api<Page_<{ id: number; taskId: number }>>(base, token, 'POST', '/v2/workflow/my/toDoPage', {
      page: 1,
      size: 200,
    });
    expect(todo.records.map((r) => r.id)).toContain(detail.instanceId);
    const after = await api<Page_<AccountRow>>(base, token, 'POST', '/v2/fc/account/page', { keyword: acc.code });
    expect(after.records.find((r) => r.id === acc.id)?.balance).toBe(acc.balance);
    // finance01 agrees: the entry is posted at once, and the account's ledger shows it
    const task = todo.records.find((r) => r.id === detail.instanceId)!;
    const { key } = await api<{ key: string }>(base, token, 'GET', '/v2/sys/staff/common/request/idempotence');
    const agreed = await fetch(`${base}/v2/workflow/agree`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-idempotence-key': key },
      body: JSON.stringify({ taskId: task.taskId, opinion: 'ok' }),
    });
    expect(((await agreed.json()) as { code: number }).code).toBe(0);
    const posted = await api<Page_<AccountRow>>(base, token, 'POST', '/v2/fc/account/page', { keyword: acc.code });
    const balance = posted.records.find((r) => r.id === acc.id)!.balance;
    expect(Number(balance)).toBeCloseTo(Number(acc.balance) + 123.45, 4);
    await page.goto(`${base}/financial/account/consumer/consumer`);
    await rows(page).filter({ hasText: acc.code }).getByTestId('row-detail').click();
    await openDrawerTab(page, 'Account ledger');
    await expect.poll(() => rows(page, ledger).filter({ hasText: '123.45' }).count(), { timeout: 20_000 }).toBe(1);
    acc.balance = balance;

    // the bills list: as many rows as the API has (first page)
    const bills = await api<Page_<unknown>>(base, token, 'POST', '/v2/fc/bill/page', { size: 20 });
    await page.goto(`${base}/financial/account/consumer/bill`);
    if (bills.total > 0)
      await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(Math.min(bills.total, 20));
    else await page.locator('.ant-empty').first().waitFor({ timeout: 20_000 });
    await shot(page, 'finance-bills-1280-en');
    // the prepaid statements tab (decision 0111): the seed's closed months, newest first
    const statements = await api<Page_<{ code: string }>>(base, token, 'POST', '/v2/fc/statement/page', { size: 20 });
    expect(statements.total).toBeGreaterThan(0);
    await page.getByTestId('statements-tab').click();
    const statementRows = rows(page, '[data-testid=statements]');
    await expect.poll(() => statementRows.count(), { timeout: 20_000 }).toBe(Math.min(statements.total, 20));
    await expect.poll(() => statementRows.first().textContent()).toContain(statements.records[0]!.code);
    await shot(page, 'finance-statements-1280-en');

    // a refund of an approved recharge of the account, applied for on the bill-refund screen
    const sources = await api<Page_<{ id: number; code: string; refundable: string }>>(
      base,
      token,
      'POST',
      '/v2/fc/application/page',
      { accountId: acc.id, kind: ['recharge', 'payment'], state: 'approved', size: 50 },
    );
    const source = sources.records.find((s) => Number(s.refundable) >= 1);
    if (source && Number(acc.balance) >= 1) {
      await page.goto(`${base}/financial/credit-customer/bill-refund`);
      await page.getByTestId('refund-apply').click();
      await pick(page, 'money-account', acc.code);
      await pick(page, 'refund-source', source.code);
      await page.getByTestId('refund-amount').fill('1');
      await page.getByTestId('refund-reason').fill('e2e refund');
      await shot(page, 'finance-refund-form-1280-en');
      await submitModal(page);
      await page
        .locator('.ant-modal:visible')
        .waitFor({ state: 'hidden', timeout: 20_000 })
        .catch(() => undefined);
      await shot(page, 'finance-refund-submitted-1280-en');
      // the application under review, nothing posted yet
      const refunds = await api<Page_<{ code: string; state: string; amount: string }>>(
        base,
        token,
        'POST',
        '/v2/fc/application/page',
        { accountId: acc.id, kind: ['refund'], size: 20 },
      );
      expect(refunds.records[0]).toMatchObject({ state: 'pending', amount: '1.0000' });
      await expect
        .poll(() => rows(page).filter({ hasText: refunds.records[0]!.code }).count(), { timeout: 20_000 })
        .toBe(1);
      expect(await rows(page).filter({ hasText: refunds.records[0]!.code }).textContent()).toContain('Under review');
      await shot(page, 'finance-refunds-1280-en');
    }

    // the end-of-day snapshots the seed took for the last 30 days, newest first
    const snaps = await api<Page_<{ accountCode: string; day: string }>>(
      base,
      token,
      'POST',
      '/v2/fc/account/snapshot/page',
      { size: 20 },
    );
    expect(snaps.total).toBeGreaterThan(0);
    await page.goto(`${base}/financial/account/snapshot`);
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(Math.min(snaps.total, 20));
    await expect.poll(() => rows(page).first().textContent()).toContain(snaps.records[0]!.accountCode);
    await shot(page, 'finance-snapshots-1280-en');
    await ctx.close();
  });

  it('finance01 uploads a supplier bill’s lines: bad rows listed, the differences with our cost shown', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const bills = await api<Page_<{ id: number; code: string; periodFrom: string }>>(
      base,
      token,
      'POST',
      '/v2/fc/postpaid-supplier/bill-check/page',
      { size: 20, state: 'draft' },
    );
    const bill = bills.records[0]!;
    expect(bill, 'a seeded draft bill').toBeTruthy();
    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/financial/postpaid-supplier/bill-check',
    });
    const row = rows(page).filter({ hasText: bill.code });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await row.getByTestId('bill-upload').click();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('bill');
    for (const r of [
      ['Date', 'Country', 'Count', 'Amount'],
      [bill.periodFrom, 'ZA', 4321, 987.65],
      [bill.periodFrom, 'ZZZ', 1, 1],
    ])
      ws.addRow(r);
    const file = path.join(os.tmpdir(), `bill-${Date.now()}.xlsx`);
    await wb.xlsx.writeFile(file);
    await page.locator('.ant-modal input[type=file]').setInputFiles(file);
    await expect.poll(() => page.getByTestId('import-errors').textContent()).toMatch(/^Row 3, country: /);
    await shot(page, 'finance-bill-upload-1280-en');
    await page.getByTestId('import-save').click();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Checked');
    // the lines: theirs beside ours, the line we did not carry beyond the tolerance
    const lines = await api<Page_<{ country: string; flagged: boolean }>>(
      base,
      token,
      'POST',
      '/v2/fc/postpaid-supplier/bill-check/line/page',
      { billId: bill.id, size: 20 },
    );
    expect(lines.records.find((l) => l.country === 'ZA')).toMatchObject({ flagged: true });
    await row.getByTestId('row-detail').click();
    await openDrawerTab(page, 'Lines');
    const tab = '[data-testid="bill-lines"]';
    await expect.poll(() => rows(page, tab).count(), { timeout: 20_000 }).toBe(Math.min(lines.total, 20));
    await expect.poll(() => rows(page, tab).filter({ hasText: '987.65' }).count()).toBe(1);
    await shot(page, 'finance-bill-lines-1280-en');
    fs.rmSync(file, { force: true });
    await ctx.close();
  });

  for (const [locale, width, height] of views([
    ['zh-CN', 1280, 800],
    ['zh-CN', 900, 800],
    ['en', 390, 844],
    ['zh-CN', 390, 844],
  ] as const))
    it(`the accounts, bills, refunds and snapshots screens at ${width} px in ${locale}`, async () => {
      const { ctx, page } = await signedIn(shell.browser, shell.server.url, FINANCE, { locale, width, height });
      for (const [path, name] of [
        ['/financial/account/consumer/consumer', 'accounts'],
        ['/financial/account/consumer/bill', 'bills'],
        ['/financial/credit-customer/bill-refund', 'refunds'],
        ['/financial/account/snapshot', 'snapshots'],
        ['/financial/postpaid-supplier/bill-check', 'supplier-bills'],
        ['/financial/postpaid-supplier/soa-manage', 'soa'],
      ] as const) {
        await page.goto(`${shell.server.url}${path}`);
        // loaded: rows or the empty note, and no spinner over the table
        await page.locator('.ant-table-row, .ant-table-placeholder .ant-empty').first().waitFor({ timeout: 20_000 });
        await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached', timeout: 20_000 });
        await shot(page, `finance-${name}-${width}-${locale === 'en' ? 'en' : 'zh'}`);
        if (name === 'soa' && width === 1280) {
          // an agreed statement is closed: no edit on its row; an open one is edited until both sides agree
          const table = page.locator('.ant-table-row');
          const agreed = table.filter({ hasText: '已确认' }).first();
          await agreed.waitFor();
          expect(await agreed.getByTestId('row-edit').count()).toBe(0);
          expect(await table.filter({ hasText: '待确认' }).first().getByTestId('row-edit').count()).toBe(1);
        }
        if (name === 'bills') {
          await page.getByTestId('statements-tab').click();
          await rows(page, '[data-testid=statements]').first().waitFor({ timeout: 20_000 });
          await shot(page, `finance-statements-${width}-${locale === 'en' ? 'en' : 'zh'}`);
        }
        // nothing runs past the window's right edge (the table scrolls inside its card)
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
      }
      await ctx.close();
    });
});
