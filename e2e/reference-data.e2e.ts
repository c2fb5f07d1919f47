import type { RateAnswer } from '@portal/contracts/reference';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Page, shot } from './support/browser.js';
import { ADMIN, api, apiToken, openDrawerTab, SALES, signedIn, submitModal, useShellServer } from './support/shell.js';

/** Picks an option of an antd Select by typing its text. */
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

describe('reference data settings (currencies, exchange rates)', () => {
  const shell = useShellServer();

  it('admin finds a currency and changes its symbol', async () => {
    const { ctx, page } = await signedIn(shell.browser, shell.server.url, ADMIN, {
      locale: 'en',
      at: '/setModule/financial/currency',
    });
    const rows = page.locator('.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(10);
    await page.locator('#keyword').fill('yen');
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain('Japanese Yen');
    await shot(page, 'reference-currency-1280-en');
    await rows.first().getByTestId('row-edit').click();
    await expect.poll(() => page.getByTestId('field-nameEn').inputValue(), { timeout: 10_000 }).toBe('Japanese Yen');
    await page.getByTestId('field-symbol').fill('円');
    await submitModal(page);
    await expect.poll(() => rows.first().textContent(), { timeout: 10_000 }).toContain('円');
    await ctx.close();
  });

  it('admin enters two days of a rate, filters them, corrects one, reads its history and exports them', async () => {
    const { ctx, page } = await signedIn(shell.browser, shell.server.url, ADMIN, {
      locale: 'en',
      at: '/setModule/financial/xe-rate',
    });
    const dialog = page.locator('.ant-modal:visible');
    await page.getByTestId('list-create').waitFor({ timeout: 20_000 });
    for (const [day, rate] of [
      ['2026-01-01', '7.1'],
      ['2026-02-01', '7.2'],
    ] as const) {
      await page.getByTestId('list-create').click();
      await pick(page, 'field-from', 'USD');
      await pick(page, 'field-to', 'CNY');
      await typeDay(page, 'field-day', day);
      await page.getByTestId('field-rate').fill(rate);
      await submitModal(page);
      await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    }
    // a rate entered by a colleague for another pair, so the filter has something to leave out
    const token = await apiToken(shell.server.url, ADMIN);
    const key = (await api<{ key: string }>(shell.server.url, token, 'GET', '/v2/sys/staff/common/request/idempotence'))
      .key;
    const res = await fetch(`${shell.server.url}/v2/sys/staff/ref/rate/save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-idempotence-key': key },
      body: JSON.stringify({ from: 'EUR', to: 'USD', rate: '1.08', day: '2026-01-05' }),
    });
    expect((await res.json()).code).toBe(0);
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(3);

    await pick(page, 'rate-filter-to', 'CNY');
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(2);
    expect(await page.locator('.ant-table-row').first().textContent()).toContain('2026-02-01');
    await shot(page, 'reference-rates-1280-en');

    // any signed-in user (a picker, a bill) gets the rate in force on a past day
    const sales = await apiToken(shell.server.url, SALES);
    const jan = await api<RateAnswer>(
      shell.server.url,
      sales,
      'GET',
      '/v2/sys/staff/ref/rate/at?from=USD&to=CNY&day=2026-01-31',
    );
    expect(jan).toMatchObject({ rate: '7.1', effectiveDay: '2026-01-01' });
    const viaBase = await api<RateAnswer>(
      shell.server.url,
      sales,
      'GET',
      '/v2/sys/staff/ref/rate/at?from=EUR&to=CNY&day=2026-02-02',
    );
    expect(viaBase).toMatchObject({ rate: '7.776', via: 'base' });

    // correct February: the correction is in the rate's history
    const feb = page.locator('.ant-table-row').filter({ hasText: '2026-02-01' });
    await feb.getByTestId('row-edit').click();
    await expect.poll(() => page.getByTestId('field-rate').inputValue(), { timeout: 10_000 }).toBe('7.2');
    await page.getByTestId('field-rate').fill('7.25');
    await submitModal(page);
    await expect.poll(() => feb.textContent(), { timeout: 10_000 }).toContain('7.25');
    await feb.getByTestId('row-detail').click();
    const detail = page.getByTestId('resource-detail');
    await openDrawerTab(page, 'History');
    const history = detail.getByTestId('record-timeline');
    await expect.poll(() => history.textContent(), { timeout: 15_000 }).toContain('7.25');
    await page.waitForTimeout(400); // the drawer slides in
    await shot(page, 'reference-rate-history-1280-en');
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count(), { timeout: 10_000 }).toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^exchange-rates_\d{14}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push(Array.from((r.values as unknown[]).slice(1), (v) => String(v ?? ''))));
    expect(rows.map((r) => r.slice(0, 4))).toEqual([
      ['Effective day', 'From', 'To', 'Rate'],
      ['2026-02-01', 'USD', 'CNY', '7.25'],
      ['2026-01-01', 'USD', 'CNY', '7.1'],
    ]);
    await ctx.close();
  });

  it('admin finds networks by MCC and MNC, renames one, adds one, merges it and reads its history', async () => {
    const { ctx, page } = await signedIn(shell.browser, shell.server.url, ADMIN, {
      locale: 'en',
      at: '/setModule/financial/mcc-mnc',
    });
    const rows = page.locator('.ant-table-row');
    const dialog = page.locator('.ant-modal:visible');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(5);
    await page.locator('#mcc').fill('460');
    await page.getByTestId('filters-more').click(); // MNC and status fold behind "more"
    await page.locator('#mnc').fill('00');
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    const mobile = rows.filter({ hasText: '46000' });
    await shot(page, 'reference-networks-1280-en');

    // rename: the Chinese and English names are edited, the codes are create-only
    await mobile.getByTestId('row-edit').click();
    await expect.poll(() => page.getByTestId('field-nameEn').inputValue(), { timeout: 10_000 }).not.toBe('');
    await page.getByTestId('field-nameEn').fill('China Mobile E2E');
    await submitModal(page);
    await expect.poll(() => mobile.textContent(), { timeout: 10_000 }).toContain('China Mobile E2E');

    // a network the data package does not know
    await page.getByTestId('list-create').click();
    await page.getByTestId('field-mcc').fill('460');
    await page.getByTestId('field-mnc').fill('99');
    await pick(page, 'field-countryCode', "CN People's Republic of China");
    await page.getByTestId('field-name').fill('测试网络');
    await page.getByTestId('field-nameEn').fill('Test Net E2E');
    await shot(page, 'reference-networks-create-1280-en');
    await submitModal(page);
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    await page.locator('#mnc').fill('99');
    await page.keyboard.press('Enter');
    const added = rows.filter({ hasText: '46099' });
    await expect.poll(() => added.textContent(), { timeout: 10_000 }).toContain('Test Net E2E');

    // merged into China Mobile: it reports under 46000 from now on
    await added.getByTestId('row-merge').click();
    await pick(page, 'command-intoId', '46000');
    await submitModal(page);
    await expect.poll(() => added.textContent(), { timeout: 10_000 }).toContain('Merged');

    await added.getByTestId('row-detail').click();
    const detail = page.getByTestId('resource-detail');
    await expect.poll(() => detail.textContent(), { timeout: 10_000 }).toContain('46000 China Mobile E2E');
    await openDrawerTab(page, 'History');
    const history = detail.getByTestId('record-timeline');
    await expect.poll(() => history.getByTestId('history-item').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(await history.textContent()).toContain('Merge into an operator');
    await page.waitForTimeout(400); // the drawer slides in: the picture waits for it, the checks do not
    await shot(page, 'reference-networks-history-1280-en');
    await ctx.close();
  });

  it('the reference screens in Chinese, at 900 and on a phone', async () => {
    for (const [width, height] of [
      [900, 800],
      [390, 844],
    ] as const) {
      const { ctx, page } = await signedIn(shell.browser, shell.server.url, ADMIN, {
        locale: 'zh-CN',
        width,
        height,
        at: '/setModule/financial/xe-rate',
      });
      await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await shot(page, `reference-rates-${width}-zh`);
      await page.goto(`${shell.server.url}/setModule/uplatform/uconfig`);
      await page.getByTestId('uconfig-form').waitFor({ timeout: 20_000 });
      expect(await page.getByText('本位币').count()).toBeGreaterThan(0);
      await shot(page, `reference-uconfig-${width}-zh`);
      await ctx.close();
    }
  });
  it('every reference settings screen opens with its list, in English and Chinese', async () => {
    for (const locale of ['en', 'zh-CN']) {
      const { ctx, page } = await signedIn(shell.browser, shell.server.url, ADMIN, { locale });
      for (const path of ['main-body', 'bank', 'brand', 'currency', 'mcc-mnc']
        .map((p) => `/setModule/financial/${p}`)
        .concat('/setModule/uplatform/ucurrency')) {
        await page.goto(`${shell.server.url}${path}`);
        await page.locator('.ant-table').first().waitFor({ timeout: 20_000 });
        await shot(page, `reference-${path.split('/').pop()}-1280-${locale}`);
      }
      await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(1);
      await ctx.close();
    }
  });
});
