import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, newContext, type Page, shot } from './support/browser.js';
import {
  ADMIN,
  box,
  openInTab,
  SALES,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

/** Layouts by width, language by browser, error pages and the external top links (spec 2, 4, 9). */

const USERS = '/setModule/authManage/user';
const ROLES = '/setModule/authManage/permissions';

/** Addresses the server hands the web app through EXTERNAL_LINK_<NAME> (fulfilled by the test, never fetched). */
const EXTERNAL: Record<string, string> = {
  IMFS: 'https://imfs.example.test/portal',
  MONITOR: 'https://monitor.example.test/',
  NWP: 'https://nwp.example.test/home?from=portal',
  BIBOARD: 'https://bi.example.test/board',
};

const ZH_SUBTITLE = '使用门户账号登录，或通过工作台扫码登录';
const EN_SUBTITLE = 'Use your portal account, or scan with the workplace chat app';

/** The page leaves no horizontal scroll bar: nothing is wider than the window. */
const overflowX = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('shell layouts, language and error pages', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer(
      Object.fromEntries(Object.entries(EXTERNAL).map(([name, url]) => [`EXTERNAL_LINK_${name}`, url])),
    );
    browser = await launch();
    await settlePopups(server.url, ADMIN, { rate: true });
    await settlePopups(server.url, SALES);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lays out the PC layout at 1280 px: header 52, side menu 221, collapsible to 65', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, { width: 1280 });
    await openInTab(page, USERS);
    const header = await box(page, 'header');
    expect(header.height).toBe(52);
    expect(header.width).toBe(1280);
    await expect.poll(async () => (await box(page, 'side-menu-panel')).width).toBe(221);
    expect((await box(page, 'tabbar')).x).toBe(221);
    await page.getByTestId('topnav').waitFor();
    await shot(page, 'shell-layout-1280');
    await page.getByTestId('side-menu-toggle').click();
    await expect.poll(async () => (await box(page, 'side-menu-panel')).width).toBe(65);
    await page.getByTestId('side-menu-toggle').click();
    await expect.poll(async () => (await box(page, 'side-menu-panel')).width).toBe(221);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await ctx.close();
  });

  it('lays out the tablet layout at 900 px: side menu collapsed to 65', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, { width: 900 });
    await openInTab(page, USERS);
    expect((await box(page, 'header')).height).toBe(52);
    await expect.poll(async () => (await box(page, 'side-menu-panel')).width).toBe(65);
    expect((await box(page, 'tabbar')).x).toBe(65);
    await page.getByTestId('topnav').waitFor();
    expect(await page.getByTestId('menu-toggle').count()).toBe(0);
    await shot(page, 'shell-layout-900');
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await ctx.close();
  });

  it('lays out the mobile layout at 390 px: no side menu, a drawer holding the menus', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, { width: 390, height: 844 });
    await openInTab(page, USERS);
    expect((await box(page, 'header')).height).toBe(52);
    expect((await box(page, 'header')).width).toBe(390);
    expect(await page.getByTestId('side-menu-panel').count()).toBe(0);
    expect(await page.getByTestId('topnav').count()).toBe(0);
    expect((await box(page, 'tabbar')).x).toBe(0);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await shot(page, 'shell-layout-390');

    // the drawer: every module's menu; picking a page opens it and closes the drawer
    await page.getByTestId('menu-toggle').click();
    const drawer = page.locator('.ant-drawer-content-wrapper');
    await drawer.getByTestId('side-menu').waitFor();
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    await shot(page, 'shell-drawer-390');
    await drawer.getByRole('menuitem', { name: 'Roles and permissions' }).click();
    await page.waitForURL((u) => u.pathname === ROLES);
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await page.locator(`[role="tab"][aria-selected="true"][data-testid="tab-${ROLES}"]`).waitFor();
    await ctx.close();
  });

  it('speaks Chinese to a Chinese browser and English to any other', async () => {
    const cases = [
      { locale: 'zh-CN', subtitle: ZH_SUBTITLE, home: '首页', lang: 'zh-CN' },
      { locale: 'en-US', subtitle: EN_SUBTITLE, home: 'Home', lang: 'en' },
      { locale: 'fr-FR', subtitle: EN_SUBTITLE, home: 'Home', lang: 'en' },
    ];
    for (const c of cases) {
      const ctx = await newContext(browser, { locale: c.locale });
      const page = await ctx.newPage();
      await page.goto(`${server.url}/login`);
      await page.getByText(c.subtitle).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(c.lang);
      await page.getByTestId('login-username').fill(ADMIN.username);
      await page.getByTestId('login-password').fill(ADMIN.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((u) => u.pathname === '/home');
      await expect.poll(() => page.getByTestId('topnav-home').textContent()).toBe(c.home);
      if (c.locale === 'zh-CN') await shot(page, 'shell-home-zh-1280');
      await ctx.close();
    }
  });

  it('shows the not-found page for an unknown address, with a way home', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN);
    await page.goto(`${server.url}/no/such/page`);
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByText('Page does not exist').count()).toBe(1);
    await shot(page, 'shell-not-found-1280');
    await page.getByTestId('back-home').click();
    await page.waitForURL((u) => u.pathname === '/home');
    await page.getByTestId('home-greeting').waitFor();
    await ctx.close();
  });

  it('shows the no-permission page for a page outside the user’s menus, with a way home', async () => {
    const { ctx, page } = await signedIn(browser, server.url, SALES, { locale: 'zh-CN' });
    await page.goto(`${server.url}${USERS}`);
    await page.getByTestId('forbidden').waitFor();
    expect(await page.getByText('暂无权限，请联系管理员').count()).toBe(1);
    // nothing of the forbidden page leaks: no user rows, no tab for it
    expect(await page.locator('.ant-table-row').count()).toBe(0);
    expect(await page.getByTestId(`tab-${USERS}`).count()).toBe(0);
    await shot(page, 'shell-forbidden-1280');
    await page.getByTestId('back-home').click();
    await page.waitForURL((u) => u.pathname === '/home');
    await page.getByTestId('home-greeting').waitFor();
    await ctx.close();
  });

  it('opens the external top links in a new tab at the configured address', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, { width: 1280 });
    const opened: string[] = [];
    await ctx.route(/\.example\.test\//, (route) => {
      opened.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<title>external</title>external system' });
    });
    const config = await page.evaluate(() => window.__PORTAL_CONFIG__?.externalLinks);
    expect(Object.keys(config ?? {}).length).toBe(4);

    for (const [name, url] of Object.entries(EXTERNAL)) {
      const entry = page.getByTestId(`topnav-${name}`);
      if (!(await entry.isVisible())) await page.getByTestId('topnav-more').click();
      const [popup] = await Promise.all([ctx.waitForEvent('page'), entry.click()]);
      await popup.waitForLoadState();
      expect(popup.url()).toBe(url);
      // a new browser tab without a handle back to the portal (noopener)
      expect(await popup.evaluate(() => window.opener)).toBeNull();
      await popup.close();
      // the "more" list closed itself (an entry still fading out there cannot be clicked again)
      await expect.poll(() => page.locator('.portal-topnav-more').isVisible()).toBe(false);
      expect(new URL(page.url()).pathname).toBe('/home');
    }
    expect(opened).toEqual(Object.values(EXTERNAL));
    await ctx.close();
  });
});

declare global {
  interface Window {
    __PORTAL_CONFIG__?: { externalLinks?: Record<string, string> };
  }
}
