import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot, views } from './support/browser.js';
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

const FB = '/v2/sys/staff/feedback';

describe('feedback lists on the resource kernel', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer();
    await Promise.all([settlePopups(server.url, ADMIN), settlePopups(server.url, SALES)]);
    const sales = await apiToken(server.url, SALES);
    const [question] = await api<{ id: number }[]>(server.url, sales, 'GET', `${FB}/questionList`);
    for (const content of ['列表太宽', 'Export is slow']) {
      const { key } = await api<{ key: string }>(server.url, sales, 'GET', '/v2/sys/staff/common/request/idempotence');
      const res = await fetch(`${server.url}${FB}/commitFeedback`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sales}`, 'content-type': 'application/json', 'x-idempotence-key': key },
        body: JSON.stringify({ questionId: question!.id, content, screenshotIds: [] }),
      });
      expect(((await res.json()) as { code: number }).code).toBe(0);
    }
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the managers’ list filters by the time sent as the spec’s from / to keys', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/csc/feedbackmanagement/fb-list',
    });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBe(2);
    await shot(page, 'feedback-lists-manage-en-1280');
    await page.getByTestId('content').getByText('More', { exact: true }).click();
    const range = page.getByTestId('content').locator('.ant-picker-range');
    // typed, each confirmed with the panel's OK (a date-time range): the panel closes after the second
    const ok = page.locator('.ant-picker-dropdown:visible .ant-picker-ok button');
    await range.locator('input').first().click();
    await range.locator('input').first().fill('2020-01-01 00:00:00');
    await ok.click();
    await range.locator('input').nth(1).fill('2020-01-02 00:00:00');
    await ok.click();
    await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
    const sent = page.waitForRequest(
      (r) => r.url().endsWith(`${FB}/feedbackManagePage`) && !!r.postData()?.includes('"from"'),
    );
    await page.getByTestId('content').getByRole('button', { name: 'Search' }).click();
    const body = JSON.parse((await sent).postData()!) as Record<string, unknown>;
    expect(body.from).toMatch(/^2020-01-01T00:00:00/);
    expect(body.to).toMatch(/^2020-01-02T00:00:00/);
    expect(body).not.toHaveProperty('sent');
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(0);
    await shot(page, 'feedback-lists-manage-en-1280-filtered');
    await ctx.close();
  });

  it('each list at 390 px and in Chinese; my feedback lists only my own', async () => {
    for (const [user, route, name] of [
      [ADMIN, '/csc/feedbackmanagement/fb-list', 'manage'],
      [SALES, '/csc/feedbackmanagement/feedback', 'mine'],
    ] as const) {
      for (const [locale, width] of views([
        ['zh-CN', 1280],
        ['en', 390],
        ['zh-CN', 390],
      ] as const)) {
        const { ctx, page } = await signedIn(browser, server.url, user, { locale, width, height: 844, at: route });
        await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBe(2);
        await shot(page, `feedback-lists-${name}-${locale}-${width}`);
        await ctx.close();
      }
    }
    // the administrator sent none: their own list is empty although they manage all feedback
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'en',
      at: '/csc/feedbackmanagement/feedback',
    });
    await expect.poll(() => page.locator('.ant-table-tbody .ant-empty').count(), { timeout: 20_000 }).toBe(1);
    await ctx.close();
  });
});
