import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import { shownPane } from './support/pane.js';
import { api, apiToken, chooseOption, FINANCE, signedIn, useShellServer } from './support/shell.js';

interface Party {
  id: number;
  code: string;
  name: string;
  country: string;
  kingdeeCode: string | null;
}
interface Page_<T> {
  records: T[];
  total: number;
}
const rows = (page: Page) => page.locator('.ant-table-row');
const headers = (page: Page) =>
  page
    .getByTestId('content')
    .locator('.ant-table-thead th')
    .evaluateAll((ths) => ths.map((th) => th.textContent?.trim() ?? '').filter(Boolean));

async function settled(page: Page) {
  await rows(page).first().waitFor({ timeout: 20_000 });
  await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached', timeout: 20_000 });
}

/** An XLSX file's first sheet, as text cells. */
async function sheetOf(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => out.push(Array.from((r.values as unknown[]).slice(1), (v) => String(v ?? ''))));
  return out;
}

/**
 * The ERP basic-data lists on the shared list (decision 0140): the column chooser, the export with
 * the list's filters (a small one downloads at once, a larger one reaches the download center), and
 * the three lists at 1280 / 900 / 390 in both languages.
 */
describe('finance ERP basic-data lists: columns and export', () => {
  // lists over 5 rows go to the download center
  const shell = useShellServer({ settle: [FINANCE], env: { EXPORT_SYNC_MAX_ROWS: '5' } });

  it('hides a column of the supplier list and exports the filtered rows at once', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const all = await api<Page_<Party>>(base, token, 'GET', '/v2/fc/erp/basic-data/supplier?size=5');
    expect(all.total, 'seeded suppliers').toBeGreaterThan(0);
    const target = all.records[0]!;
    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/financial/financial-erp/basic-data-material/supplier',
    });
    await settled(page);
    expect(await headers(page)).toContain('Country');
    await page.getByTestId('column-settings').click();
    await page.getByTestId('column-chooser').locator('[data-column="country"]').click();
    await expect.poll(() => headers(page)).not.toContain('Country');
    await shot(page, 'finance-erp-lists-columns-1280-en');
    await page.keyboard.press('Escape');

    await page.getByTestId('erp-party-keyword').fill(target.code);
    await page.getByTestId('content').locator('.portal-search-form button[type="submit"]').click();
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^erp-suppliers_\d{14}\.xlsx$/);
    const sheet = await sheetOf(await download.path());
    // the export's columns are the list's columns, whatever the chooser hides
    expect(sheet[0]).toEqual(['Code', 'Name', 'Country', 'Owner', 'Kingdee code', 'Kingdee name']);
    expect(sheet.slice(1).map((r) => r.slice(0, 3))).toEqual([[target.code, target.name, target.country]]);
    await ctx.close();
  });

  it('exports the unmapped customers through the download center', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const unmapped = await api<Page_<Party>>(base, token, 'GET', '/v2/fc/erp/basic-data/customer?mapped=no&size=100');
    expect(unmapped.total, 'more unmapped customers than answered at once').toBeGreaterThan(5);
    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'zh-CN',
      width: 1280,
      height: 900,
      at: '/financial/financial-erp/basic-data-material/customer',
    });
    await settled(page);
    await page.getByTestId('erp-party-mapped').click();
    await chooseOption(page, /^未映射$/);
    await page.getByTestId('content').locator('.portal-search-form button[type="submit"]').click();
    await expect
      .poll(async () => (await page.locator('.ant-pagination-total-text').textContent())?.replace(/\D/g, ''), {
        timeout: 20_000,
      })
      .toBe(String(unmapped.total));
    await page.getByTestId('list-export').click();
    const ready = page.locator('.ant-notification-notice').filter({ hasText: '导出完成' });
    await ready.waitFor({ timeout: 60_000 });
    await shot(page, 'finance-erp-lists-export-ready-1280-zh');
    await ready.getByTestId('export-ready-open').click();
    await page.waitForURL(/\/general\/download/);
    const done = (await shownPane(page)).locator('[data-state="done"]').first();
    await done.waitFor({ timeout: 30_000 });
    const taskId = (await done.getAttribute('data-testid'))!.replace('task-state-', '');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(`task-download-${taskId}`).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^金蝶客户_\d{14}\.xlsx$/);
    const sheet = await sheetOf(await download.path());
    expect(sheet[0]).toEqual(['编号', '名称', '国家/地区', '负责人', '金蝶编码', '金蝶名称']);
    expect(sheet.length - 1).toBe(unmapped.total);
    expect(sheet.slice(1, 1 + unmapped.records.length).map((r) => r[0])).toEqual(unmapped.records.map((r) => r.code));
    // an empty cell reads as nothing
    expect(sheet.slice(1).filter((r) => (r[4] ?? '') !== '')).toEqual([]);
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
    it(`the basic-data lists at ${width} px in ${locale}: chooser and export on each`, async () => {
      const { ctx, page } = await signedIn(shell.browser, shell.server.url, FINANCE, { locale, width, height });
      for (const kind of ['customer', 'supplier', 'material'] as const) {
        await page.goto(`${shell.server.url}/financial/financial-erp/basic-data-material/${kind}`);
        await settled(page);
        await expect.poll(() => page.getByTestId('list-export').count()).toBe(1);
        await expect.poll(() => page.getByTestId('column-settings').count()).toBe(1);
        await shot(page, `finance-erp-lists-${kind}-${width}-${locale === 'en' ? 'en' : 'zh'}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
      }
      await ctx.close();
    });
});
