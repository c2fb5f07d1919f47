import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import {
  accountCodesIn,
  api,
  apiToken,
  chooseOption,
  FINANCE,
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
  accountCode: string;
  mailedTo: string | null;
  mailedAt: string | null;
}
const rows = (page: Page) => page.locator('.ant-table-row');

/**
 * Bills mailed by themselves (decision 0142): finance01 flags an account's billing contact "mail bills
 * automatically", chooses the sender mailbox on the bills screen and runs the mailing now; the account's
 * unmailed bills are marked mailed to the contact. The toolbar and the sender dialog at 1280 / 900 / 390 px
 * in both languages.
 */
describe('finance bills mailed automatically', () => {
  const shell = useShellServer({ settle: [FINANCE] });

  it('finance01 flags the account, picks the sender and runs the mailing; the bill is marked mailed', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const issued = await api<Page_<BillRow>>(base, token, 'POST', '/v2/fc/bill/page', {
      size: 50,
      state: ['issued', 'partly_paid', 'overdue', 'paid'],
    });
    const active = await accountCodesIn(base, token);
    const bill = issued.records.find((b) => !b.mailedAt && active.has(b.accountCode))!;
    expect(bill, 'a demo bill not mailed yet').toBeTruthy();
    const address = 'billing@auto.example';

    // the flag lives on the account's billing contact and needs its e-mail
    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/financial/account/consumer/consumer',
    });
    await page.locator('#keyword').first().fill(bill.accountCode);
    await page.locator('#keyword').first().press('Enter');
    const acc = rows(page).filter({ hasText: bill.accountCode });
    await expect.poll(() => acc.count(), { timeout: 30_000 }).toBe(1);
    await acc.getByTestId('row-billingContact').click();
    const contact = page.locator('.ant-modal:visible');
    await contact.waitFor();
    await contact.locator('input#billingEmail').fill(address);
    await contact.locator('#autoMail').click();
    await submitModal(page);
    await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 20_000 }).toBe(0);

    // the sender: finance01's own mailbox
    await page.goto(`${base}/financial/account/consumer/bill`);
    await page.getByTestId('auto-mail').click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByTestId('auto-mail-sender').waitFor({ timeout: 20_000 });
    await dialog.getByTestId('auto-mail-sender').click();
    await chooseOption(page, '@');
    await submitModal(page);
    await page.getByText('Sender mailbox saved').waitFor({ timeout: 20_000 });

    // run now: the bill goes to the contact, marked as the system's
    await page.getByTestId('auto-mail-run').click();
    await page.getByText(/Mailed \/ failed: [1-9]/).waitFor({ timeout: 60_000 });
    const mailed = await api<Page_<BillRow>>(base, token, 'POST', '/v2/fc/bill/page', { keyword: bill.code });
    expect(mailed.records[0]?.mailedTo).toBe(address);
    await ctx.close();

    for (const [locale, width, height] of views([
      ['en', 1280, 900],
      ['zh-CN', 1280, 900],
      ['en', 900, 900],
      ['zh-CN', 900, 900],
      ['en', 390, 844],
      ['zh-CN', 390, 844],
    ] as const)) {
      const tag = `${width}-${locale === 'en' ? 'en' : 'zh'}`;
      const s = await signedIn(shell.browser, base, FINANCE, {
        locale,
        width,
        height,
        at: '/financial/account/consumer/bill',
      });
      await s.page.getByTestId('auto-mail').waitFor({ timeout: 30_000 });
      await expect.poll(() => rows(s.page).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await shot(s.page, `finance-bill-automail-list-${tag}`);
      await s.page.getByTestId('auto-mail').click();
      const d = s.page.locator('.ant-modal:visible');
      // the dialog opens with the sender chosen above
      await expect.poll(() => d.textContent(), { timeout: 20_000 }).toContain('@');
      await shot(s.page, `finance-bill-automail-sender-${tag}`);
      await s.ctx.close();
    }
  }, 420_000);
});
