import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import { api, apiToken, FINANCE, keyedWrite, signedIn, submitModal, useShellServer } from './support/shell.js';

interface Page_<T> {
  records: T[];
  total: number;
}
interface BillRow {
  id: number;
  code: string;
  periodFrom: string;
  state: string;
}
const rows = (page: Page) => page.locator('.ant-table-row');

/**
 * A supplier's bill received by mail (decision 0126): finance01 has a carrier's XLSX bill in the
 * mailbox, picks it on a draft bill's "Read from mail" and the bill is checked from it, remembering the
 * mail; the dialog at 1280 / 900 / 390 px in both languages.
 */
describe('finance supplier bill read from a mail', () => {
  const shell = useShellServer({ settle: [FINANCE] });

  it('finance01 picks the mailed bill; the draft bill is checked from its attachment', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const drafts = await api<Page_<BillRow>>(base, token, 'POST', '/v2/fc/postpaid-supplier/bill-check/page', {
      size: 50,
      state: 'draft',
    });
    const bill = drafts.records[0]!;
    expect(bill, 'a demo draft bill').toBeTruthy();
    // the carrier's bill lands in finance01's mailbox (uploaded as an attachment and mailed)
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Invoice');
    ws.addRow(['Date', 'Country', 'Messages', 'Amount']);
    ws.addRow([bill.periodFrom, 'CN', 1200, 8.4]);
    ws.addRow([bill.periodFrom, 'US', 300, 2.1]);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(await wb.xlsx.writeBuffer())]), 'carrier-invoice.xlsx');
    const up = (await (
      await fetch(`${base}/v2/emailbox/file/uploadFileAndGetPresignedUrl`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    ).json()) as { code: number; data: { id: string } };
    expect(up.code).toBe(0);
    await keyedWrite(base, token, '/v2/emailbox/email/send', {
      receiverEmailList: [{ email: 'finance01@portal.example' }],
      subject: `Carrier invoice ${bill.code}`,
      content: '<p>Please find our invoice attached.</p>',
      fileIds: [up.data.id],
    });

    for (const [locale, width, height] of views([
      ['zh-CN', 900, 900],
      ['zh-CN', 390, 844],
      ['en', 1280, 900],
    ] as const)) {
      const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
        locale,
        width,
        height,
        at: '/financial/postpaid-supplier/bill-check',
      });
      const row = rows(page).filter({ hasText: bill.code });
      await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
      await row.getByTestId('bill-from-mail').click();
      await page.locator('.ant-modal:visible [data-testid="bill-mail-select"]').click();
      const option = page
        .locator('.ant-select-item-option')
        .filter({ hasText: `Carrier invoice ${bill.code}` })
        .filter({ hasText: 'carrier-invoice.xlsx' })
        .first();
      await option.click();
      const tag = `${locale === 'en' ? 'en' : 'zh'}`;
      await shot(page, `finance-supplier-bill-mail-${width}-${tag}`);
      if (locale === 'en') {
        await submitModal(page);
        await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 20_000 }).toBe(0);
        await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Checked');
        await shot(page, `finance-supplier-bill-mail-done-${width}-${tag}`);
      }
      await ctx.close();
    }
    const after = await api<{ state: string; sourceMailSubject: string; sourceFile: string; lines: number }>(
      base,
      token,
      'POST',
      '/v2/fc/postpaid-supplier/bill-check/detail',
      { id: bill.id },
    );
    expect(after).toMatchObject({
      state: 'checked',
      sourceMailSubject: `Carrier invoice ${bill.code}`,
      sourceFile: 'carrier-invoice.xlsx',
    });
    // their two lines beside our cost's days (lines = the comparison's rows)
    expect(after.lines).toBeGreaterThanOrEqual(2);
  }, 300_000);
});
