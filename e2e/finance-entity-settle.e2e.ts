import { describe, expect, it } from 'vitest';
import { type Locator, type Page, shot, views } from './support/browser.js';
import { shownPane } from './support/pane.js';
import { api, apiToken, chooseOption, FINANCE, signedIn, submitModal, useShellServer } from './support/shell.js';

interface Page_<T> {
  records: T[];
  total: number;
}
interface Settlement {
  id: number;
  period: string;
  accountCode: string;
  amount: string;
  state: string;
  sellerAmount: string | null;
  buyerAmount: string | null;
}
/** the rows of the page, or of one pane after an in-app navigation (support/pane.ts) */
const rows = (scope: Page | Locator) => scope.locator('.ant-table-row:visible');
const settled = async (scope: Page | Locator) => {
  await rows(scope).first().waitFor({ timeout: 20_000 });
  await scope.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached', timeout: 20_000 });
};

/** Picks the option of the antd Select (by its test id) whose text holds `text`. */
async function pick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await chooseOption(page, text);
}

/** The month before the server's (YYYY-MM). */
const lastMonth = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};

/** Entity settlement and VOS balances (decision 0119): a month generated, confirmed by both sides, the VOS days. */
describe('finance entity settlement and VOS balances', () => {
  const shell = useShellServer({ settle: FINANCE });

  it('finance01 generates last month, both entities confirm one settlement, and reads a voice account’s days', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const period = lastMonth();
    // generate last month from the traffic rollups (idempotent: the seed made it once already)
    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/financial/entitySettle/report',
    });
    await settled(page);
    await page.getByTestId('entity-generate').click();
    const periodInput = page.getByTestId('entity-period');
    await periodInput.waitFor();
    await expect.poll(() => periodInput.inputValue()).toBe(period);
    await submitModal(page);
    const result = page.getByTestId('entity-generate-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toContain(period);
    await shot(page, 'finance-entity-report-generated-1280-en');
    const report = await api<Page_<Settlement>>(base, token, 'POST', '/v2/fc/entity-settle/report/page', {
      period,
      size: 200,
    });
    expect(report.total, 'settlements of last month').toBeGreaterThan(0);

    // proofreading: the seller's side, then the buyer's confirm the same amount
    const pending = report.records.find((r) => r.state !== 'confirmed')!;
    expect(pending, 'a settlement not confirmed yet').toBeTruthy();
    await page.goto(`${base}/financial/entitySettle/proofreading`);
    await settled(page);
    const row = rows(page).filter({ hasText: pending.accountCode }).filter({ hasText: period });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    for (const side of ['Seller', 'Buyer']) {
      await row.getByTestId('row-confirm').click();
      const amount = page.getByTestId('command-amount');
      await amount.waitFor();
      // the dialog starts from the generated amount
      await expect.poll(() => amount.inputValue()).not.toBe('');
      await pick(page, 'command-side', side);
      if (side === 'Seller') await shot(page, 'finance-entity-confirm-1280-en');
      await submitModal(page);
      await page.locator('.ant-modal:visible').waitFor({ state: 'detached', timeout: 20_000 });
    }
    const one = async () =>
      (
        await api<Page_<Settlement>>(base, token, 'POST', '/v2/fc/entity-settle/proofreading/page', {
          period,
          size: 200,
        })
      ).records.find((r) => r.id === pending.id)!;
    await expect.poll(async () => (await one()).state, { timeout: 20_000 }).toBe('confirmed');
    expect(Number((await one()).sellerAmount)).toBe(Number(pending.amount));
    // a confirmed period is confirmed no more: the row offers neither command
    await expect.poll(() => row.getByTestId('row-confirm').count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Confirmed');
    await shot(page, 'finance-entity-proofreading-confirmed-1280-en');

    // the lines behind it
    await row.getByRole('button', { name: 'Lines' }).click();
    await page.waitForURL(/proofreadData\?settlementId=/);
    const lines = await shownPane(page);
    await settled(lines);
    await expect.poll(() => rows(lines).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // the screen says whose lines these are; every row is that settlement's account, counts with separators
    expect(await page.getByTestId('proofread-one-settlement').textContent()).toContain(`#${pending.id}`);
    for (const text of await rows(lines).allTextContents()) expect(text).toContain(pending.accountCode);
    const found = await api<Page_<{ count: number }>>(base, token, 'POST', '/v2/fc/entity-settle/proofread-data/page', {
      settlementId: pending.id,
      size: 20,
    });
    const big = found.records.find((l) => l.count >= 1000);
    expect(big, 'a line of 1,000 messages or more').toBeTruthy();
    expect(await rows(lines).allTextContents()).toContainEqual(
      expect.stringContaining(big!.count.toLocaleString('en-US')),
    );
    await shot(page, 'finance-entity-proofread-data-1280-en');

    // VOS balances: one voice account's days
    await page.goto(`${base}/financial/balanceReport/vos`);
    await settled(page);
    const first = rows(page).first();
    await first.getByTestId('vos-days').click();
    await page.waitForURL(/balanceReport\/vos\/detail\?accountId=/);
    const detail = await shownPane(page);
    await settled(detail);
    const accountId = Number(new URL(page.url()).searchParams.get('accountId'));
    const days = await api<Page_<{ accountId: number }>>(base, token, 'POST', '/v2/fc/balance-report/vos/page', {
      accountId,
      size: 20,
    });
    expect(days.total).toBeGreaterThan(0);
    await expect.poll(() => rows(detail).count(), { timeout: 20_000 }).toBe(Math.min(days.total, 20));
    await shot(page, 'finance-vos-detail-1280-en');
    await ctx.close();
  });

  for (const [locale, width, height] of views([
    ['zh-CN', 1280, 800],
    ['en', 1280, 800],
    ['zh-CN', 900, 800],
    ['en', 900, 800],
    ['zh-CN', 390, 844],
    ['en', 390, 844],
  ] as const))
    it(`the entity settlement and VOS screens at ${width} px in ${locale}`, async () => {
      const { ctx, page } = await signedIn(shell.browser, shell.server.url, FINANCE, { locale, width, height });
      for (const [path, name] of [
        ['/financial/entitySettle/account', 'entity-accounts'],
        ['/financial/entitySettle/report', 'entity-report'],
        ['/financial/entitySettle/proofreading', 'entity-proofreading'],
        ['/financial/proofreadData', 'entity-proofread-data'],
        ['/financial/balanceReport/vos', 'vos-balances'],
      ] as const) {
        await page.goto(`${shell.server.url}${path}`);
        await settled(page);
        await shot(page, `finance-${name}-${width}-${locale === 'en' ? 'en' : 'zh'}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
      }
      await ctx.close();
    });
});
