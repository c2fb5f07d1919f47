import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import {
  accountCodesIn,
  api,
  apiToken,
  chooseOption,
  confirmPopconfirm,
  FINANCE,
  openDrawerTab,
  signedIn,
  submitModal,
  useShellServer,
} from './support/shell.js';

interface Page_<T> {
  records: T[];
  total: number;
}
interface BillRow {
  id: number;
  code: string;
  accountId: number;
  accountCode: string;
  state: string;
  mailedTo: string | null;
}
const rows = (page: Page) => page.locator('.ant-table-row');

/** types the code into the list's keyword field and searches */
async function search(page: Page, code: string) {
  await page.locator('#keyword').first().fill(code);
  await page.locator('#keyword').first().press('Enter');
}

/**
 * A customer bill mailed (decision 0135): finance01 sets an account's billing contact on the consumer
 * accounts screen, mails one of its issued bills from the bills screen, and the bill shows when, by
 * whom and to whom, its history the mailing; at 1280 / 900 / 390 px in both languages.
 */
describe('finance customer bill mailed to the billing contact', () => {
  const shell = useShellServer({ settle: [FINANCE] });

  it('finance01 sets the billing contact and mails the bill; the bill remembers it', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const issued = await api<Page_<BillRow>>(base, token, 'POST', '/v2/fc/bill/page', {
      size: 20,
      state: ['issued', 'partly_paid', 'overdue', 'paid'],
    });
    const active = await accountCodesIn(base, token);
    const bill = issued.records.find((b) => active.has(b.accountCode))!;
    expect(bill, 'a demo issued bill of an active account').toBeTruthy();
    /** where the bill was last mailed */
    let last = '';

    for (const [locale, width, height] of views([
      ['en', 1280, 900],
      ['zh-CN', 1280, 900],
      ['zh-CN', 900, 900],
      ['en', 900, 900],
      ['zh-CN', 390, 844],
      ['en', 390, 844],
    ] as const)) {
      const en = locale === 'en';
      const tag = `${width}-${en ? 'en' : 'zh'}`;
      const { ctx, page } = await signedIn(shell.browser, base, FINANCE, { locale, width, height });
      if (width === 1280) {
        // the billing contact, kept by finance on the account (opens with what the account holds)
        await page.goto(`${base}/financial/account/consumer/consumer`);
        await search(page, bill.accountCode);
        const acc = rows(page).filter({ hasText: bill.accountCode });
        await expect.poll(() => acc.count(), { timeout: 30_000 }).toBe(1);
        await acc.getByTestId('row-billingContact').click();
        const dialog = page.locator('.ant-modal:visible');
        await dialog.waitFor();
        const address = en ? 'ap@buyer.example' : 'caiwu@buyer.example';
        await dialog.locator('input#billingEmail').fill(address);
        await dialog
          .locator('.ant-select')
          .filter({ has: page.locator('#billingLocale') })
          .click();
        await chooseOption(page, en ? 'English' : '中文');
        await shot(page, `finance-billing-contact-${tag}`);
        await submitModal(page);
        await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 20_000 }).toBe(0);

        // the bill mailed from the bills screen, after a confirm
        await page.goto(`${base}/financial/account/consumer/bill`);
        await search(page, bill.code);
        const row = rows(page).filter({ hasText: bill.code });
        await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
        await row.getByTestId('mail-to-customer').click();
        await page.locator('.ant-popconfirm:visible').waitFor();
        await shot(page, `finance-bill-mail-confirm-${tag}`);
        await confirmPopconfirm(page);
        await expect
          .poll(
            async () =>
              (await api<Page_<BillRow>>(base, token, 'POST', '/v2/fc/bill/page', { keyword: bill.code })).records[0]
                ?.mailedTo,
            { timeout: 30_000 },
          )
          .toBe(address);
        last = address;
      } else {
        await page.goto(`${base}/financial/account/consumer/bill`);
        await search(page, bill.code);
      }
      const row = rows(page).filter({ hasText: bill.code });
      await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
      await shot(page, `finance-bill-mail-list-${tag}`);
      // the detail shows the last mailing; the history lists each one
      await row.getByTestId('row-detail').click();
      const drawer = page.locator('.ant-drawer:visible');
      await expect.poll(() => drawer.textContent(), { timeout: 20_000 }).toContain(last);
      await shot(page, `finance-bill-mail-detail-${tag}`);
      await openDrawerTab(page, en ? 'History' : '变更记录');
      await expect
        .poll(() => drawer.getByText('ap@buyer.example', { exact: false }).count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      await shot(page, `finance-bill-mail-history-${tag}`);
      await ctx.close();
    }
  }, 420_000);
});
