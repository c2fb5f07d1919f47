import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Browser, launch, type Page, shot } from './support/browser.js';
import { ADMIN, pickRecord, type ShellServer, settlePopups, signedIn, startShellServer } from './support/shell.js';
import { BULK_ACCOUNT_CODE, bulkSmsSql, filledTemplate } from './support/traffic-fill.js';

const ROWS = 200_000;

/** Rows of the first sheet of an XLSX file, read as a stream (200,001 rows do not fit a whole workbook kindly). */
async function sheetRows(file: string): Promise<{ rows: number; bulk: number; header: string[] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache' });
  let rows = 0;
  let bulk = 0;
  let header: string[] = [];
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row.values as unknown[]).slice(1).map((v) => String(v ?? ''));
      if (rows === 0) header = values;
      else if (values[1]?.startsWith('BULK')) bulk++;
      rows++;
    }
    break;
  }
  return { rows, bulk, header };
}

/**
 * Issue 18 "Done when": an export of 200,000 records goes to the download center. The server starts
 * on a copy of the run's template holding 200,000 SMS records of today (one bulk `INSERT … SELECT
 * generate_series`); the user searches them on sendRcdQuery, exports, watches the task's progress in
 * the download center and downloads an XLSX of 200,000 data rows.
 */
describe('sendRcdQuery: an export of 200,000 records', () => {
  let server: ShellServer;
  let browser: Browser;
  let drop: () => Promise<void> = async () => {};
  const from = new Date(new Date().setHours(0, 0, 0, 0) + 1000);

  beforeAll(async () => {
    const started = Date.now();
    // never after the server's now (the records are sent, not scheduled), never before the browser's midnight
    const to = new Date(Math.max(Date.now() - 60_000, from.getTime() + ROWS));
    const filled = await filledTemplate(inject('e2eTemplate'), bulkSmsSql(ROWS, from, to));
    drop = filled.drop;
    console.log(`traffic-export: ${ROWS} records filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    server = await startShellServer({}, filled.template);
    await settlePopups(server.url, ADMIN);
    browser = await launch();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await drop();
  });

  it('searches them, exports them to the download center with progress, and the file holds every one', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/businessInquiry/sendRcdQuery',
    });
    // the account filter is among the folded ones: unfold, then pick the bulk account by its code
    await page.getByTestId('filters-more').click();
    await pickRecord(page, page.getByTestId('content').getByLabel('Account', { exact: true }), BULK_ACCOUNT_CODE);
    await page
      .getByTestId('content')
      .getByRole('button', { name: /Search$/ })
      .click();
    await expect.poll(() => page.getByText(/200,000 records, 185,715 delivered/).count(), { timeout: 60_000 }).toBe(1);
    await shot(page, 'traffic-export-200k-records-1280-en');

    const clicked = Date.now();
    await page.getByTestId('list-export').click();
    // a result this large is a download-center task, announced with its estimate
    await page
      .locator('.ant-message-notice')
      .filter({ hasText: 'Export task created (200,000 rows); it will be ready within 3 minutes' })
      .waitFor({ timeout: 30_000 });
    await page.goto(`${server.url}/general/download`);
    const state = page.locator('[data-testid^="task-state-"]').first();
    await state.waitFor({ timeout: 30_000 });
    const seen = await watchProgress(page);
    await shot(page, 'traffic-export-200k-center-1280-en');
    const seconds = (Date.now() - clicked) / 1000;
    console.log(
      `traffic-export: ${ROWS} records exported in ${seconds.toFixed(1)} s; progress seen: ${seen.join(', ')}`,
    );
    expect(seen.length, 'the running task shows its progress').toBeGreaterThan(0);
    expect(seconds).toBeLessThan(90);

    const taskId = (await state.getAttribute('data-testid'))!.replace('task-state-', '');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByTestId(`task-download-${taskId}`).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^SMS send records.*\.xlsx$/);
    const read = Date.now();
    const file = await sheetRows(await download.path());
    console.log(`traffic-export: the file read back in ${((Date.now() - read) / 1000).toFixed(1)} s`);
    expect(file.header.slice(0, 3)).toEqual(['Submitted (UTC)', 'Message id', 'Part']);
    expect(file.rows - 1).toBe(ROWS);
    expect(file.bulk).toBe(ROWS);
    await ctx.close();
  }, 300_000);
});

/**
 * Watches the first task of the download center until it is done (90 s at most): answers the
 * progress percentages it showed while running (the bar of a running task).
 */
async function watchProgress(page: Page): Promise<number[]> {
  const seen: number[] = [];
  const deadline = Date.now() + 90_000;
  const state = page.locator('[data-testid^="task-state-"]').first();
  for (;;) {
    const now = await state.getAttribute('data-state');
    if (now === 'done') return seen;
    if (now === 'failed' || now === 'stalled') {
      // the row says why (the task's reason under its tag)
      const row = await page.locator('.ant-table-row').first().textContent();
      throw new Error(`the export task is ${now}: ${row}`);
    }
    if (now === 'running') {
      // the bar of the running task (antd's progressbar role carries its percentage)
      const value = await page
        .getByRole('progressbar')
        .first()
        .getAttribute('aria-valuenow', { timeout: 1000 })
        .catch(() => null);
      const percent = value === null ? Number.NaN : Number(value);
      if (!Number.isNaN(percent) && !seen.includes(percent)) {
        seen.push(percent);
        if (seen.length === 1) await shot(page, 'traffic-export-200k-progress-1280-en');
      }
    }
    if (Date.now() > deadline) throw new Error(`the export task is still ${now} after 90 s`);
    await page.waitForTimeout(100);
  }
}
