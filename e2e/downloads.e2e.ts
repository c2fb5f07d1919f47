import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, newContext, shot, signInWithPassword } from './support/browser.js';
import { shownPane } from './support/pane.js';
import { type RunningServer, startServer } from './support/server.js';

async function api<T>(base: string, token: string | null, method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 0) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.data;
}

interface MenuNode {
  id: number;
  router: string;
  children: MenuNode[];
}

/** The start-up popups (version notes, the rating question of the user list) settled through the API. */
async function settleAdminPopups(base: string) {
  const { token } = await api<{ token: string }>(base, null, 'POST', '/auth/oauth/token', {
    grant_type: 'password',
    username: 'admin',
    password: 'Admin#2026',
    client_id: 'staff-web',
    scope: 'staff',
  });
  const popup = await api<{ popupState: number; versionDetail: { id: number } | null }>(
    base,
    token,
    'GET',
    '/v2/sys/staff/version/popup',
  );
  if (popup.popupState === 1 && popup.versionDetail) {
    await api(base, token, 'POST', '/v2/sys/staff/version/popup/read', { id: popup.versionDetail.id });
  }
  const stack = await api<MenuNode[]>(base, token, 'GET', '/v2/sys/staff/overseas/getResourceByMenu?mobileFlag=false');
  while (stack.length) {
    const n = stack.pop()!;
    if (n.router !== '/setModule/authManage/user') {
      stack.push(...n.children);
      continue;
    }
    const need = await api<{ need: boolean }>(
      base,
      token,
      'GET',
      `/v2/sys/staff/feedback/needScore?resourceId=${n.id}`,
    );
    if (need.need) await api(base, token, 'POST', '/v2/sys/staff/feedback/commitScore', { resourceId: n.id, score: 5 });
  }
}

interface UserRow {
  username: string;
  name: string;
  jobNumber: string;
  deptNames: string[];
  roleNames: string[];
}

describe('export a list and download it from the download center', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    // lists over 5 rows go to the download center, so the demo user list becomes a task
    server = await startServer({ EXPORT_SYNC_MAX_ROWS: '5' });
    browser = await launch();
    await settleAdminPopups(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('admin exports the user list, sees the estimate and the dot, downloads a valid XLSX', async () => {
    const ctx = await newContext(browser, { locale: 'zh-CN' });
    const page = await ctx.newPage();
    await signInWithPassword(page, server.url, 'admin', 'Admin#2026');
    await page.goto(`${server.url}/setModule/authManage/user`);
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(5);
    await expect(page.getByTestId('header-download-dot').count()).resolves.toBe(0);

    await page.getByTestId('list-export').click();
    // spec 9: under a million rows the estimate says "within 3 minutes"
    const notice = page.locator('.ant-message-notice').filter({ hasText: '预计 3 分钟内完成' });
    await notice.waitFor({ timeout: 15_000 });
    await page.getByTestId('header-download-dot').waitFor({ timeout: 5_000 });
    await shot(page, 'downloads-export-notice-1280');

    // the file's arrival is told (live), with the way to the download center
    const ready = page.locator('.ant-notification-notice').filter({ hasText: '导出完成' });
    await ready.waitFor({ timeout: 30_000 });
    expect(await ready.textContent()).toContain('导出完成：员工用户');
    await shot(page, 'downloads-export-ready-1280');
    await ready.getByTestId('export-ready-open').click();
    await page.waitForURL(/\/general\/download/);
    const center = await shownPane(page);
    await expect.poll(() => ready.count()).toBe(0);
    // the dot goes once the download center is opened
    await expect.poll(() => page.getByTestId('header-download-dot').count()).toBe(0);
    const done = center.locator('[data-state="done"]').first();
    await done.waitFor({ timeout: 30_000 });
    await shot(page, 'downloads-center-1280');

    const taskId = (await done.getAttribute('data-testid'))!.replace('task-state-', '');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(`task-download-${taskId}`).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^员工用户_\d{14}\.xlsx$/);
    const file = await download.path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const sheet = wb.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((r) => rows.push(Array.from((r.values as unknown[]).slice(1), (v) => String(v ?? ''))));
    expect(rows[0]!.slice(0, 3)).toEqual(['用户名', '姓名', '工号']);

    // the same list through the API, with the browser's own session
    const list = await page.evaluate(async () => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('_session'))!;
      const { state } = JSON.parse(localStorage.getItem(key)!) as { state: { token: string } };
      const res = await fetch('/v2/sys/staff/user/page', {
        method: 'POST',
        headers: { authorization: `Bearer ${state.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ page: 1, size: 200 }),
      });
      return (await res.json()).data as { total: number; records: UserRow[] };
    });
    expect(rows.length - 1).toBe(list.total);
    const joined = (v: string[]) => [...v].sort().join(', ');
    expect(rows.slice(1).map((r) => [...r.slice(0, 3), r[5], r[6]])).toEqual(
      list.records.map((u) => [u.username, u.name, u.jobNumber, joined(u.deptNames), joined(u.roleNames)]),
    );

    // the preview drawer renders the workbook's first rows
    await page.getByRole('button', { name: '预览' }).first().click();
    await page.locator('.ant-drawer-body').waitFor();
    await shot(page, 'downloads-preview-opening-1280');
    await page.getByTestId('preview-xlsx').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('.ant-drawer .ant-table-row').count()).toBe(list.total);
    await shot(page, 'downloads-preview-1280');
    await page.locator('.ant-drawer-close').click();

    for (const [width, height] of [
      [900, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(300); // layout switch animation
      await shot(page, `downloads-center-${width}`);
    }
    await ctx.close();
  });
});
