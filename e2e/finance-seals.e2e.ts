import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import { ADMIN, api, apiToken, FINANCE, SALES, signedIn, useShellServer } from './support/shell.js';

interface Page_<T> {
  records: T[];
  total: number;
}

/** Picks the option of the antd Select (by its test id) whose text holds `text`. */
async function pick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}
const rows = (page: Page) => page.locator('.ant-table-row');
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

describe('finance: contract seals and the archive (decision 0117)', () => {
  const shell = useShellServer({ settle: [SALES, FINANCE, ADMIN] });

  it('sales01 applies with the contract file, finance01 approves, the archive record appears', async () => {
    const base = shell.server.url;
    const salesToken = await apiToken(base, SALES);
    const customers = await api<Page_<{ id: number; code: string; name: string }>>(
      base,
      salesToken,
      'POST',
      '/v2/crm/customer/page',
      { size: 1 },
    );
    const customer = customers.records[0]!;
    expect(customer, 'sales01 has a customer').toBeTruthy();
    const title = `E2E seal ${Date.now()}`;

    const { ctx, page } = await signedIn(shell.browser, base, SALES, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/general/process/contract-seal/apply',
    });
    await page.getByTestId('seal-form').waitFor();
    await pick(page, 'seal-counterpart', customer.code);
    await page.getByTestId('seal-title').fill(title);
    await page.getByTestId('seal-amount').fill('12000');
    // a date range typed into the picker's two inputs, each confirmed with Enter
    const term = page.getByTestId('seal-form').locator('.ant-picker-range');
    await term.click();
    await term.locator('input').first().fill('2027-01-01');
    await term.locator('input').first().press('Enter');
    await term.locator('input').last().fill('2027-12-31');
    await term.locator('input').last().press('Enter');
    await expect.poll(() => term.locator('input').last().inputValue()).toBe('2027-12-31');
    await pick(page, 'seal-seals', '合同专用章');
    await page.keyboard.press('Escape');
    await page.locator('input[type=file]').setInputFiles({
      name: 'contract.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(PDF),
    });
    await expect
      .poll(
        () =>
          page
            .locator('.ant-upload-list-item-container .ant-upload-list-item-done, .ant-upload-list-item-done')
            .count(),
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThan(0);
    await shot(page, 'finance-seal-apply-1280-en');
    await page.getByTestId('seal-submit').click();
    await page.waitForURL(/\/financial\/contract-seal\/detail\?id=\d+/, { timeout: 30_000 });
    await expect.poll(() => page.getByTestId('seal-state').textContent(), { timeout: 20_000 }).toBe('Under review');
    await expect.poll(() => page.getByTestId('seal-file').count()).toBe(1);
    await shot(page, 'finance-seal-detail-pending-1280-en');
    const id = Number(new URL(page.url()).searchParams.get('id'));

    // finance01 decides it in the to-do screen
    const fin = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/general/my-agent',
    });
    const wo = fin.page;
    await wo.locator('input[data-testid="list-keyword"], [data-testid="list-keyword"] input').first().fill(title);
    await wo.getByTestId('content').getByRole('button', { name: 'Search' }).click();
    const todo = rows(wo).filter({ hasText: title });
    await expect.poll(() => todo.count(), { timeout: 30_000 }).toBe(1);
    await todo.getByTestId('row-open').click();
    await wo.waitForURL(/\/general\/my-agent\/profile\?id=\d+/, { timeout: 20_000 });
    await wo.getByTestId('action-agree').click();
    await wo
      .locator(
        'textarea[data-testid="action-opinion"], [data-testid="action-opinion"] textarea, input[data-testid="action-opinion"]',
      )
      .first()
      .fill('checked, seal it');
    await wo.getByTestId('action-confirm').click();
    await expect.poll(() => wo.getByTestId('action-agree').count(), { timeout: 20_000 }).toBe(0);

    // the applicant's detail reads approved with its archive number, and the archive lists it
    await page.goto(`${base}/financial/contract-seal/detail?id=${id}`);
    await expect
      .poll(() => page.getByTestId('seal-state').textContent(), { timeout: 20_000 })
      .toBe('Approved (archived)');
    const archiveNo = (await page.getByTestId('seal-archive-no').textContent())!.trim();
    expect(archiveNo).toMatch(/^HT-\d{8}-\d{3}$/);
    await shot(page, 'finance-seal-detail-approved-1280-en');
    await wo.goto(`${base}/financial/contract-archive/archive-records`);
    await expect.poll(() => rows(wo).filter({ hasText: archiveNo }).count(), { timeout: 20_000 }).toBe(1);
    await shot(wo, 'finance-seal-archive-1280-en');

    // the screens at 900 and 390 px, in zh-CN and en
    for (const locale of ['zh-CN', 'en'])
      for (const width of views([1280, 900, 390])) {
        // the seal settings are the administrator's (settings), the rest finance's
        const s = await signedIn(shell.browser, base, ADMIN, { locale, width, height: 900 });
        for (const [path, name] of [
          ['/financial/contract-archive/archive-records', 'archive'],
          ['/financial/contract-archive/seal-apply', 'applications'],
          ['/setModule/financial/seal-config', 'config'],
          [`/financial/contract-seal/detail?id=${id}`, 'detail'],
        ] as const) {
          await s.page.goto(`${base}${path}`);
          await (name === 'detail' ? s.page.getByTestId('seal-detail') : rows(s.page).first()).waitFor({
            timeout: 20_000,
          });
          await shot(s.page, `finance-seal-${name}-${width}-${locale}`);
        }
        await s.ctx.close();
      }
    await fin.ctx.close();
    await ctx.close();
  }, 300_000);
});
