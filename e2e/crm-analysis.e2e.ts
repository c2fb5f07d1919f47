import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot, views } from './support/browser.js';
import { ADMIN, SALES, type ShellServer, settlePopups, signedIn, startShellServer } from './support/shell.js';

async function workbook(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('customers');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const rowsShown = (page: Page, testId: string) => page.getByTestId(testId).locator('.ant-table-row').count();

describe('CRM import and analysis', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer();
    await settlePopups(server.url, SALES);
    await settlePopups(server.url, ADMIN);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sales01 imports customers: the preview refuses a duplicate with its reason, the rest are saved with progress', async () => {
    const { ctx, page } = await signedIn(browser, server.url, SALES, {
      locale: 'zh-CN',
      at: '/crm/client-partner/my-client',
    });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByTestId('crm-import-open').click();
    const file = await workbook([
      ['公司名称', '客户简称', '客户类型', '国家/地区', '公司邮箱域名'],
      ['Kestrel Importe2e Freight', 'kestrel-e2e', 'C', 'DE', 'kestrel-e2e.example'],
      ['Meridian Importe2e Pay', 'meridian-e2e', 'R', 'BR', ''],
      // the first demo company: a similar name is a duplicate, refused with the reason
      ['Blue Pay Ltd', 'bluepay-e2e', 'C', 'GB', ''],
    ]);
    await page.getByTestId('crm-import').locator('input[type=file]').setInputFiles({
      name: 'customers.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await expect
      .poll(() => page.getByTestId('crm-import-errors').textContent(), { timeout: 15_000 })
      .toContain('第 4 行');
    expect(await page.getByTestId('crm-import-errors').textContent()).toContain('公司名称相近');
    await expect.poll(() => page.getByTestId('crm-import').locator('.ant-table-row').count()).toBe(2);
    await shot(page, 'crm-import-preview-1280-zh');
    await page.getByTestId('crm-import-save').click();
    await expect
      .poll(() => page.getByTestId('crm-import-result').textContent(), { timeout: 20_000 })
      .toContain('已导入 2 行');
    await shot(page, 'crm-import-result-1280-zh');
    await page.getByTestId('crm-import-close').click();
    const imported = page.locator('.ant-table-row').filter({ hasText: 'kestrel-e2e' });
    await expect.poll(() => imported.count(), { timeout: 10_000 }).toBe(1);
    await ctx.close();
  });

  for (const [locale, width] of views([
    ['en', 1280],
    ['zh-CN', 1280],
    ['en', 900],
    ['zh-CN', 390],
  ] as const)) {
    it(`the sales funnel and account tracking show seeded figures (${locale}, ${width} px)`, async () => {
      const { ctx, page } = await signedIn(browser, server.url, SALES, {
        locale,
        width,
        at: '/crm/data-analysis/sales-funnels',
      });
      await expect.poll(() => rowsShown(page, 'crm-funnel-stages'), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect
        .poll(() => page.getByTestId('crm-funnel-chart').locator('canvas').count(), { timeout: 20_000 })
        .toBe(1);
      expect(await page.getByTestId('crm-funnel-winrate').textContent()).toMatch(/\d+(\.\d)?%/);
      await shot(page, `crm-funnel-${width}-${locale}`);
      await page.goto(`${server.url}/crm/market-analysis/account-track`);
      await expect.poll(() => rowsShown(page, 'crm-track-table'), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await page.getByTestId('crm-track-waits').count()).toBe(0);
      // every column is a count: new accounts from the finance room's port, first paid traffic from
      // the deal events (decision 0076)
      const notYet = locale === 'en' ? 'Not yet' : '待上线';
      const firstRow = page.getByTestId('crm-track-table').locator('.ant-table-row').first();
      expect((await firstRow.locator('td').allTextContents()).filter((x) => x === notYet)).toHaveLength(0);
      await shot(page, `crm-account-track-${width}-${locale}`);
      await ctx.close();
    });
  }

  it('the administrator reads the import templates and their columns', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'zh-CN',
      at: '/setModule/crm/rules/template',
    });
    await expect
      .poll(() => page.getByTestId('crm-templates').locator('.ant-table-row').count(), { timeout: 20_000 })
      .toBeGreaterThan(5);
    expect(await page.getByTestId('crm-template-customers').count()).toBe(1);
    await shot(page, 'crm-templates-1280-zh');
    await ctx.close();
  });
});
