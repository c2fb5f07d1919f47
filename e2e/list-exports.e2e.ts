import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  SALES,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

interface FeedbackRow {
  id: number;
  userName: string;
  questionName: string | null;
  content: string;
  status: string;
}

/** Sends a feedback as the user through the API (with the idempotence key the call requires). */
async function sendFeedback(base: string, token: string, questionId: number, content: string) {
  const { key } = await api<{ key: string }>(base, token, 'GET', '/v2/sys/staff/common/request/idempotence');
  const res = await fetch(`${base}/v2/sys/staff/feedback/commitFeedback`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-idempotence-key': key },
    body: JSON.stringify({ questionId, content, screenshotIds: [] }),
  });
  expect(((await res.json()) as { code: number }).code).toBe(0);
}

describe('export buttons of the feedback and notice lists', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer();
    await settlePopups(server.url, ADMIN);
    const sales = await apiToken(server.url, SALES);
    const [question] = await api<{ id: number }[]>(server.url, sales, 'GET', '/v2/sys/staff/feedback/questionList');
    for (const text of ['报价页加载很慢', '导出按钮 A', '导出按钮 B']) {
      await sendFeedback(server.url, sales, question!.id, text);
    }
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('admin filters the feedback list, exports it and gets an XLSX with exactly the listed rows', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'zh-CN',
      at: '/csc/feedbackmanagement/fb-list',
    });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBe(3);
    await page.getByLabel('关键词').fill('导出按钮');
    await page.getByLabel('关键词').press('Enter');
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(2);
    await shot(page, 'list-exports-feedback-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^用户反馈_\d{14}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push(Array.from((r.values as unknown[]).slice(1), (v) => String(v ?? ''))));
    expect(rows[0]!.slice(0, 6)).toEqual(['编号', '反馈人', '类型', '反馈内容', '页面', '状态']);

    const token = await apiToken(server.url, ADMIN);
    const list = await api<{ total: number; records: FeedbackRow[] }>(
      server.url,
      token,
      'POST',
      '/v2/sys/staff/feedback/feedbackManagePage',
      { page: 1, size: 50, keyword: '导出按钮' },
    );
    expect(list.total).toBe(2);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[5]])).toEqual(
      list.records.map((f) => [String(f.id), f.userName, f.questionName ?? '', f.content, '待处理']),
    );
    await ctx.close();
  });

  it('the version records and ding notices tabs export their lists', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'en',
      at: '/setModule/publicnotice/noticeconfig',
    });
    // the inactive tab's list stays in the page, hidden: only the shown one is clicked
    const versions = page.locator('[data-testid="list-export"]:visible');
    await versions.waitFor({ timeout: 20_000 });
    await shot(page, 'list-exports-notices-1280');
    const [file] = await Promise.all([page.waitForEvent('download'), versions.click()]);
    expect(file.suggestedFilename()).toMatch(/^version-records_\d{14}\.xlsx$/);
    await page.getByRole('tab', { name: 'Ding notices' }).click();
    await page.getByRole('button', { name: 'New notice' }).waitFor({ timeout: 10_000 });
    const ding = page.locator('[data-testid="list-export"]:visible');
    await expect.poll(() => ding.count()).toBe(1);
    const [file2] = await Promise.all([page.waitForEvent('download'), ding.click()]);
    expect(file2.suggestedFilename()).toMatch(/^ding-notices_\d{14}\.xlsx$/);
    await ctx.close();
  });
});
