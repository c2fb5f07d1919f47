import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  builtChunk,
  FINANCE,
  menuNodeId,
  OPS,
  openInTab,
  RATED_ROUTE,
  type ShellServer,
  settlePopups,
  signedIn,
  spaGo,
  startShellServer,
} from './support/shell.js';

/** Chunk failures after a deploy, the operations tour, the version notes and the rating question. */

const OPERATIONS_PAGE = '/businessOperations/capturePacket';
const OPERATIONS_OTHER = '/businessOperations/public/api-report';

interface Guide {
  content: Record<string, unknown>;
}
const guideOf = async (base: string, token: string) =>
  api<Guide | null>(base, token, 'GET', '/v2/sys/staff/user/setting?type=guide');

/** Two animation frames: whatever the data already on the page renders has rendered (and its effects ran). */
const settled = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))) as Promise<void>,
  );

describe('shell popups and the chunk-failure screen', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer();
    browser = await launch();
    // finance01 keeps the version notes unread (the version test); the others have read them
    await settlePopups(server.url, ADMIN);
    await settlePopups(server.url, OPS);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('reloads once when a lazy chunk is missing, then says the system was upgraded, without looping', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN);
    const chunk = builtChunk(server.webDist, 'src/shell/subapp/SubAppHost.tsx');
    const missing = (url: URL) => url.pathname === `/${chunk}`;
    await page.route(missing, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    let loads = 0;
    page.on('load', () => loads++);

    // a deploy removed the screen's chunk: opening it reloads the page once… (a route still without a screen
    // of its own, served by SubAppHost; once it gets one, pick another placeholder)
    await spaGo(page, '/businessInquiry/device-compliance');
    await page.getByTestId('upgraded').waitFor({ timeout: 20_000 });
    expect(loads).toBe(1);
    expect(await page.getByText('The system has been upgraded to a new version').count()).toBe(1);
    // …and the screen stays: no reload loop (nothing to poll for: the absence of reloads takes time)
    await page.waitForTimeout(3000);
    expect(loads).toBe(1);
    await shot(page, 'shell-upgraded-1280');

    // the refresh action reloads; still missing → the screen again, still no loop
    await page.getByTestId('upgraded-refresh').click();
    await expect.poll(() => loads).toBe(2);
    await page.getByTestId('upgraded').waitFor();
    await page.waitForTimeout(2000);
    expect(loads).toBe(2);

    // once the new version is there, the refresh action loads it
    await page.unroute(missing);
    await page.getByTestId('upgraded-refresh').click();
    await expect.poll(() => loads).toBe(3);
    await page.getByText('This screen is not available in this installation yet.').waitFor();
    expect(await page.getByTestId('upgraded').count()).toBe(0);
    await ctx.close();
  });

  it('shows the operations tour once, until the flag stored on the server says it was seen', async () => {
    const { ctx, page } = await signedIn(browser, server.url, OPS);
    const token = await apiToken(server.url, OPS);
    expect((await guideOf(server.url, token))?.content?.businessOperations).not.toBe(true);

    await openInTab(page, OPERATIONS_PAGE);
    const tour = page.locator('.ant-tour:not(.ant-tour-hidden)');
    await tour.getByText('General', { exact: true }).waitFor();
    await shot(page, 'shell-tour-1280');
    await page.getByTestId('tour-next').click();
    await tour.getByText('SMS testing', { exact: true }).waitFor();
    await page.getByTestId('tour-next').click();
    await tour.getByText('Voice operations', { exact: true }).waitFor();
    expect(await page.getByTestId('tour-next').count()).toBe(0);
    expect(await page.getByTestId('tour-done').textContent()).toBe('I know');
    await page.getByTestId('tour-done').click();
    await expect.poll(() => page.getByTestId('tour-actions').count()).toBe(0);
    await expect.poll(async () => (await guideOf(server.url, token))?.content?.businessOperations).toBe(true);
    await ctx.close();

    // another browser, same user: the server remembers
    const again = await signedIn(browser, server.url, OPS);
    const guideRead = again.page.waitForResponse((r) => r.url().includes('/v2/sys/staff/user/setting'));
    await openInTab(again.page, OPERATIONS_OTHER);
    await guideRead;
    await again.page.getByTestId('side-menu').waitFor();
    await settled(again.page);
    expect(await again.page.getByTestId('tour-actions').count()).toBe(0);
    await again.ctx.close();
  });

  it('lets the tour be skipped, which also counts as seen', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN);
    const token = await apiToken(server.url, ADMIN);
    await openInTab(page, OPERATIONS_PAGE);
    await page.getByTestId('tour-skip').click();
    await expect.poll(() => page.getByTestId('tour-actions').count()).toBe(0);
    await expect.poll(async () => (await guideOf(server.url, token))?.content?.businessOperations).toBe(true);
    await ctx.close();
  });

  it('shows the version notes once per user', async () => {
    const token = await apiToken(server.url, FINANCE);
    const before = await api<{ popupState: number; versionDetail: { title: string } }>(
      server.url,
      token,
      'GET',
      '/v2/sys/staff/version/popup',
    );
    expect(before.popupState).toBe(1);

    const { ctx, page } = await signedIn(browser, server.url, FINANCE);
    const title = page.getByTestId('version-popup-title');
    await title.waitFor();
    expect(await title.textContent()).toBe(before.versionDetail.title);
    await shot(page, 'shell-version-1280');
    await page.getByRole('button', { name: 'I know' }).click();
    await title.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (await api<{ popupState: number }>(server.url, token, 'GET', '/v2/sys/staff/version/popup')).popupState,
      )
      .toBe(0);
    await ctx.close();

    const again = await signedIn(browser, server.url, FINANCE);
    const read = again.page.waitForResponse((r) => r.url().includes('/v2/sys/staff/version/popup'));
    await again.page.goto(`${server.url}/home`);
    await read;
    await again.page.getByTestId('home-greeting').waitFor();
    await settled(again.page);
    expect(await again.page.getByTestId('version-popup-title').count()).toBe(0);
    await again.ctx.close();
  });

  it('asks for a rating after 2 s on a rated page, once', async () => {
    const token = await apiToken(server.url, ADMIN);
    const resourceId = await menuNodeId(server.url, token, RATED_ROUTE);
    const need = () =>
      api<{ need: boolean }>(server.url, token, 'GET', `/v2/sys/staff/feedback/needScore?resourceId=${resourceId}`);
    expect((await need()).need).toBe(true);

    const { ctx, page } = await signedIn(browser, server.url, ADMIN, { clock: true });
    // the page counts its 2 s from the address change, which comes after this and before openInTab returns
    const left = Date.now();
    await openInTab(page, RATED_ROUTE);
    const dialog = page.getByTestId('rating-dialog');
    await dialog.waitFor({ timeout: 10_000 });
    expect(Date.now() - left).toBeGreaterThanOrEqual(2000);
    // the reader's language only (an en-US browser), not one bilingual string
    expect(await dialog.getByText('How useful is user management?', { exact: true }).count()).toBe(1);
    await shot(page, 'shell-rating-1280');
    await page.getByTestId('rating-stars').locator('li').nth(3).click();
    await page.getByTestId('rating-comment').fill('Fast enough');
    await page.getByTestId('rating-submit').click();
    await page.getByText('Thank you for your feedback').waitFor();
    await expect.poll(async () => (await need()).need).toBe(false);

    // back on the rated page later: not asked again (the page's clock moved past the 2 s: its timer has run)
    await openInTab(page, '/setModule/authManage/permissions');
    await openInTab(page, RATED_ROUTE);
    await settled(page);
    await page.clock.fastForward(3000);
    await settled(page);
    expect(await dialog.count()).toBe(0);
    await ctx.close();
  });

  it('withdraws the question when the user leaves its page, and remembers a dismissal across sessions', async () => {
    const token = await apiToken(server.url, ADMIN);
    const route = '/setModule/authManage/permissions';
    const resourceId = await menuNodeId(server.url, token, route);
    const saved = await api<null>(server.url, token, 'POST', '/v2/sys/staff/feedback/feedbackPopupConfig/save', {
      resourceId,
      enabled: true,
      question: '权限管理清楚吗？',
      questionEn: 'Are permissions clear?',
      periodDays: 30,
    });
    expect(saved).toBeNull();
    const need = async () =>
      (
        await api<{ need: boolean }>(
          server.url,
          token,
          'GET',
          `/v2/sys/staff/feedback/needScore?resourceId=${resourceId}`,
        )
      ).need;
    expect(await need()).toBe(true);

    // a Chinese reader gets the Chinese form; going back to the previous page withdraws it
    const zh = await signedIn(browser, server.url, ADMIN, { locale: 'zh-CN', clock: true });
    await openInTab(zh.page, route);
    const zhDialog = zh.page.getByTestId('rating-dialog');
    await zhDialog.waitFor({ timeout: 10_000 });
    expect(await zhDialog.getByText('权限管理清楚吗？', { exact: true }).count()).toBe(1);
    await shot(zh.page, 'shell-rating-zh-1280');
    await zh.page.goBack();
    await zh.page.waitForURL((u) => u.pathname !== route);
    await expect.poll(() => zhDialog.count()).toBe(0);
    // and it does not come back once the 2 s have passed
    await zh.page.clock.fastForward(2500);
    await settled(zh.page);
    expect(await zhDialog.count()).toBe(0);
    expect(await need()).toBe(true);
    await zh.ctx.close();

    // closed without rating: recorded, so the next session (a new browser) is not asked again
    const en = await signedIn(browser, server.url, ADMIN);
    await openInTab(en.page, route);
    const enDialog = en.page.getByTestId('rating-dialog');
    await enDialog.waitFor({ timeout: 10_000 });
    expect(await enDialog.getByText('Are permissions clear?', { exact: true }).count()).toBe(1);
    await en.page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(need, { timeout: 10_000 }).toBe(false);
    await en.ctx.close();

    const later = await signedIn(browser, server.url, ADMIN, { clock: true });
    await openInTab(later.page, route);
    // past the 2 s at once: the page asks the server, which answers that the dismissal stands
    const asked = later.page.waitForResponse((r) => r.url().includes('/v2/sys/staff/feedback/needScore'));
    await settled(later.page);
    await later.page.clock.fastForward(3000);
    expect(await (await asked).json()).toMatchObject({ code: 0, data: { need: false } });
    await settled(later.page);
    expect(await later.page.getByTestId('rating-dialog').count()).toBe(0);
    await later.ctx.close();
  });
});
