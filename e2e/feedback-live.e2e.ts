import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, newContext, shot, signInWithPassword } from './support/browser.js';
import { shownPane } from './support/pane.js';
import { ADMIN, api, apiToken, type DemoUser, SALES, type ShellServer, startShellServer } from './support/shell.js';

/** Closes the start-up release notes for a user, so the popup does not cover the page. */
async function dismissVersionPopup(base: string, user: DemoUser) {
  const token = await apiToken(base, user);
  const popup = await api<{ popupState: number; versionDetail: { id: number } | null }>(
    base,
    token,
    'GET',
    '/v2/sys/staff/version/popup',
  );
  if (popup.versionDetail)
    await api(base, token, 'POST', '/v2/sys/staff/version/popup/read', { id: popup.versionDetail.id });
}

describe('feedback live: two browser users', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer();
    await Promise.all([dismissVersionPopup(server.url, SALES), dismissVersionPopup(server.url, ADMIN)]);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sales sends feedback and it appears in the open manager list; admin replies; sales sees the bell dot and the message; no reloads', async () => {
    // the manager's list is open before the feedback exists: the new row arrives over the live channel
    const adminCtx = await newContext(browser);
    const admin = await adminCtx.newPage();
    await signInWithPassword(admin, server.url, ADMIN.username, ADMIN.password);
    await admin.goto(`${server.url}/csc/feedbackmanagement/fb-list`);
    await expect.poll(() => admin.locator('.ant-table-tbody .ant-empty').count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => admin.getByTestId('header-bell').getAttribute('data-live-state'), { timeout: 10_000 })
      .toBe('connected');
    await admin.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const salesCtx = await newContext(browser);
    const sales = await salesCtx.newPage();
    await signInWithPassword(sales, server.url, SALES.username, SALES.password);
    await sales.goto(`${server.url}/csc/feedbackmanagement/feedback`);
    await sales.getByTestId('feedback-new').click();
    await sales.getByTestId('feedback-question').click();
    await sales.locator('.ant-select-item-option').first().click();
    await sales.getByTestId('feedback-text').fill('报价页加载很慢');
    await sales.getByTestId('feedback-submit').click();
    await expect.poll(() => sales.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => sales.getByTestId('header-bell').getAttribute('data-live-state'), { timeout: 10_000 })
      .toBe('connected');
    // sales01 owns demo customers whose follow-ups fall due: the CRM reminder job may already have
    // left unread messages; read them all so the dot below is the reply's
    await api(server.url, await apiToken(server.url, SALES), 'POST', '/v2/sys/mc/message/readAll', {});

    await expect.poll(() => admin.locator('.ant-table-row').count(), { timeout: 5_000 }).toBe(1);
    expect(await admin.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await shot(admin, 'feedback-live-admin-list-refreshed-1280');
    await admin.getByTestId('feedback-handle').click();
    await expect.poll(() => admin.getByTestId('feedback-content').textContent()).toBe('报价页加载很慢');
    await admin.getByTestId('feedback-reply-input').fill('已定位，明天修复');
    await admin.getByTestId('feedback-reply-send').click();
    await expect.poll(() => admin.getByTestId('feedback-reply').count(), { timeout: 10_000 }).toBe(1);
    await shot(admin, 'feedback-live-admin-reply-1280');

    // sales: no reload — the dot comes over the live channel
    await expect.poll(() => sales.getByTestId('header-bell-dot').count(), { timeout: 10_000 }).toBe(1);
    await sales.getByTestId('header-bell').click();
    await expect
      .poll(() => sales.getByTestId('bell-item').filter({ hasText: '已定位，明天修复' }).count(), { timeout: 10_000 })
      .toBe(1);
    await shot(sales, 'feedback-live-sales-bell-1280');
    await sales.getByTestId('bell-item').filter({ hasText: '已定位，明天修复' }).click();
    await sales.waitForURL(/\/csc\/feedbackmanagement\/feedback\?id=\d+/);
    await shownPane(sales);
    await expect
      .poll(() => sales.getByTestId('feedback-reply').first().textContent(), { timeout: 10_000 })
      .toContain('已定位，明天修复');
    await expect.poll(() => sales.getByTestId('header-bell-dot').count(), { timeout: 10_000 }).toBe(0);
    await shot(sales, 'feedback-live-sales-detail-1280');
    await salesCtx.close();
    await adminCtx.close();
  });
});
