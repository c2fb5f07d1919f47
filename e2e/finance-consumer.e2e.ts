import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import { api, apiToken, FINANCE, signedIn, submitModal, useShellServer } from './support/shell.js';

interface Page_<T> {
  records: T[];
  total: number;
}
interface Verification {
  id: number;
  legalName: string;
  state: string;
  rejectReason: string | null;
}

const rows = (page: Page) => page.locator('.ant-table-row');
const dialog = (page: Page) => page.locator('.ant-modal:visible');

/** Picks the option of the antd Select (by its test id) whose text holds `text`. */
async function pick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}
/** Types a day into an antd DatePicker and confirms it. */
async function typeDay(page: Page, testId: string, day: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

const SCREENS = [
  ['authcheck', '/financial/account/consumer/authcheck'],
  ['contract', '/financial/account/consumer/contract'],
  ['client', '/financial/account/consumer/client'],
  ['aws-user', '/financial/account/consumer/awsUser'],
  ['voice-records', '/financial/recharge-record/voice'],
] as const;

/** The rest of account/consumer (decision 0121): a verification rejected, a contract added, the screens. */
describe('finance: verifications, contracts, client apps, AWS users, voice top-ups (decision 0121)', () => {
  const shell = useShellServer({ settle: FINANCE });

  it('finance01 rejects a pending verification with a reason and adds a contract', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const pending = await api<Page_<Verification>>(base, token, 'POST', '/v2/fc/verification/page', {
      state: 'pending',
      size: 1,
    });
    const target = pending.records[0]!;
    expect(target, 'a seeded pending verification').toBeTruthy();

    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/financial/account/consumer/authcheck',
    });
    const row = rows(page).filter({ hasText: target.legalName });
    await row.first().waitFor({ timeout: 20_000 });
    await row.first().getByTestId('row-reject').click();
    await page.getByTestId('command-reason').fill('Licence scan is unreadable');
    await shot(page, 'finance-authcheck-reject-1280-en');
    await submitModal(page);
    await expect.poll(() => dialog(page).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => row.first().textContent(), { timeout: 10_000 }).toContain('Rejected');
    const after = await api<Verification>(base, token, 'POST', '/v2/fc/verification/detail', { id: target.id });
    expect(after.state).toBe('rejected');
    expect(after.rejectReason).toBe('Licence scan is unreadable');

    const accounts = await api<Page_<{ code: string }>>(base, token, 'POST', '/v2/fc/account/page', {
      state: 'active',
      size: 1,
    });
    const acc = accounts.records[0]!;
    const contractNo = `E2E-${Date.now()}`;
    await page.goto(`${base}/financial/account/consumer/contract`);
    await rows(page).first().waitFor({ timeout: 20_000 });
    await page.getByTestId('list-create').click();
    await page.getByTestId('field-contractNo').fill(contractNo);
    await page.getByTestId('field-title').fill('SMS services agreement');
    await pick(page, 'money-account', acc.code);
    await typeDay(page, 'field-startsOn', '2026-12-01');
    await typeDay(page, 'field-endsOn', '2027-11-30');
    await shot(page, 'finance-contract-create-1280-en');
    await submitModal(page);
    await expect.poll(() => dialog(page).count(), { timeout: 10_000 }).toBe(0);
    const made = await api<Page_<{ contractNo: string; accountCode: string; endsOn: string }>>(
      base,
      token,
      'POST',
      '/v2/fc/contract/page',
      { keyword: contractNo, size: 5 },
    );
    expect(made.records.map((r) => [r.contractNo, r.accountCode, r.endsOn])).toEqual([
      [contractNo, acc.code, '2027-11-30'],
    ]);
    await expect.poll(() => rows(page).filter({ hasText: contractNo }).count(), { timeout: 10_000 }).toBe(1);
    await ctx.close();
  });

  for (const [locale, width, height] of views([
    ['en', 1280, 800],
    ['zh-CN', 1280, 800],
    ['zh-CN', 900, 800],
    ['en', 390, 844],
    ['zh-CN', 390, 844],
  ] as const))
    it(`the screens at ${width} px in ${locale}`, async () => {
      const { ctx, page } = await signedIn(shell.browser, shell.server.url, FINANCE, { locale, width, height });
      for (const [name, path] of SCREENS) {
        await page.goto(`${shell.server.url}${path}`);
        await rows(page).first().waitFor({ timeout: 20_000 });
        await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached', timeout: 20_000 });
        await shot(page, `finance-${name}-${width}-${locale === 'en' ? 'en' : 'zh'}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
      }
      await ctx.close();
    });
});
