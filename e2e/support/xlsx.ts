import ExcelJS from 'exceljs';
import type { Page } from './browser.js';

/** Clicks the list's export button and reads the downloaded XLSX: its file name and rows as text. */
export async function exportedRows(page: Page): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByTestId('list-export').first().click(),
  ]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push(Array.from((r.values as unknown[]).slice(1), (v) => String(v ?? ''))));
  return { name: download.suggestedFilename(), rows };
}
