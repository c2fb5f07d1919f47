import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import {
  api,
  apiToken,
  confirmPopconfirm,
  FINANCE,
  keyedPost,
  keyedWrite,
  signedIn,
  submitModal,
  useShellServer,
} from './support/shell.js';

interface Doc {
  id: number;
  number: string;
  docDate: string;
  state: string;
  sourceKey: string;
  exportedAt: string | null;
}
interface Page_<T> {
  records: T[];
  total: number;
}
const rows = (page: Page) => page.locator('.ant-table-row');
const API = '/v2/fc/erp/document/receipt';

async function settled(page: Page) {
  await rows(page).first().waitFor({ timeout: 20_000 });
  await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached', timeout: 20_000 });
}

/**
 * Kingdee ERP (decision 0118): finance produces receipts from the ledger (again: nothing doubles),
 * approves one on the screen, maps a missing code on the mapping screen, exports the approved receipts
 * and opens the file in the Kingdee layout; the exported receipt can no longer be undone.
 */
describe('finance Kingdee ERP documents', () => {
  const shell = useShellServer({ settle: [FINANCE] });

  it('produce, approve, map, export and open the XLSX', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const list = () => api<Page_<Doc>>(base, token, 'POST', `${API}/page`, { size: 200 });
    const before = await list();
    expect(before.total, 'seeded receipts').toBeGreaterThan(0);

    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/financial/financial-erp/document-management/receipt',
    });
    await settled(page);
    // produce over the last week again: the seed already did, so every entry keeps its one document
    await page.getByTestId('erp-produce').click();
    const dialog = page.locator('.ant-modal:visible');
    await expect.poll(() => dialog.locator('.ant-picker input').first().inputValue()).not.toBe('');
    await submitModal(page);
    await expect.poll(() => dialog.count(), { timeout: 60_000 }).toBe(0);
    const after = await list();
    expect(after.total).toBeGreaterThanOrEqual(before.total);
    expect(new Set(after.records.map((d) => d.sourceKey)).size).toBe(after.records.length);

    // approve a draft of the export dialog's default period (the last 30 days) shown on the first page
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const period = { from: day(Date.now() - 30 * 86_400_000), to: day(Date.now()) };
    const firstPage = await api<Page_<Doc>>(base, token, 'POST', `${API}/page`, { size: 20 });
    const draft = firstPage.records.find((d) => d.state === 'draft' && d.docDate >= period.from);
    expect(draft, 'a draft receipt of the last 30 days on the first page').toBeTruthy();
    const row = rows(page).filter({ hasText: draft!.number });
    // a command without input is a link confirmed in a popover
    await row.getByRole('button', { name: 'Approve' }).click();
    await confirmPopconfirm(page);
    await expect
      .poll(async () => (await list()).records.find((d) => d.id === draft!.id)?.state, { timeout: 20_000 })
      .toBe('approved');
    await shot(page, 'finance-erp-receipts-approved-1280-en');

    // the export names the codes not yet mapped; the first is mapped on the screen, the rest by the API
    const probe = await fetch(`${base}${API}/kingdee-export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(period),
    });
    // a file: everything is mapped already (and the period is marked exported, as the screen's export would)
    const missing: string[] = String(probe.headers.get('content-type')).includes('json')
      ? ((await probe.json()) as { data: { missing: string[] } }).data.missing
      : [];
    if (missing.length) {
      const [kind, ...rest] = missing[0]!.split(':');
      const code = rest.join(':');
      await page.goto(`${base}/financial/kingdeeSet/relationMapping`);
      await settled(page);
      await page.getByTestId('list-create').click();
      await page.getByTestId('field-kind').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: /^Customer$/ })
        .click();
      await page.getByTestId('field-ourCode').fill(code);
      await page.getByTestId('field-kingdeeCode').fill('CUST.E2E.001');
      await shot(page, 'finance-erp-mapping-add-1280-en');
      await submitModal(page);
      await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0);
      await expect.poll(() => rows(page).filter({ hasText: 'CUST.E2E.001' }).count(), { timeout: 20_000 }).toBe(1);
      expect(kind).toBe('customer');
      for (const m of missing.slice(1)) {
        const [k, ...c] = m.split(':');
        await keyedWrite(base, token, '/v2/fc/erp/mapping/save', {
          kind: k,
          ourCode: c.join(':'),
          kingdeeCode: `KD.${c.join(':')}`,
        });
      }
    }

    // export on the screen and open the file
    await page.goto(`${base}/financial/financial-erp/document-management/receipt`);
    await settled(page);
    await page.getByTestId('erp-export').click();
    await expect.poll(() => dialog.locator('.ant-picker input').first().inputValue()).not.toBe('');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), submitModal(page)]);
    expect(download.suggestedFilename()).toMatch(/^kingdee-receipts-.*\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const lines: string[][] = [];
    wb.worksheets[0]!.eachRow((r) => lines.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(lines[0]!.slice(0, 3)).toEqual(['FBillNo', 'FDate', 'FBillTypeID']);
    expect(lines[1]![0]).toBe('单据编号');
    const mine = lines.find((l) => l[0] === draft!.number);
    expect(mine, 'the approved receipt in the file').toBeTruthy();
    expect(mine![2]).toBe('AR_RECEIVEBILL');

    // exported: the receipt shows it, and its approval can no longer be undone
    const exported = (await list()).records.find((d) => d.id === draft!.id)!;
    expect(exported.exportedAt).toBeTruthy();
    const undo = await keyedPost(base, token, `${API}/unapprove`, { id: draft!.id });
    expect(undo.code).toBe(10510551);
    await ctx.close();
  });

  for (const [locale, width, height] of views([
    ['en', 1280, 800],
    ['zh-CN', 1280, 800],
    ['zh-CN', 900, 800],
    ['en', 390, 844],
    ['zh-CN', 390, 844],
  ] as const))
    it(`the ERP screens at ${width} px in ${locale}`, async () => {
      const { ctx, page } = await signedIn(shell.browser, shell.server.url, FINANCE, { locale, width, height });
      for (const [path, name] of [
        ['financial-erp/document-management/receipt', 'receipts'],
        ['financial-erp/document-management/payment-slip', 'payment-slips'],
        ['kingdeeSet/relationMapping', 'mappings'],
        ['financial-erp/basic-data-material/material', 'materials'],
      ] as const) {
        await page.goto(`${shell.server.url}/financial/${path}`);
        await settled(page);
        await shot(page, `finance-erp-${name}-${width}-${locale === 'en' ? 'en' : 'zh'}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
      }
      await ctx.close();
    });
});
