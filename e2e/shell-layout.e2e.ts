import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, newContext, type Page, shot } from './support/browser.js';
import {
  ADMIN,
  box,
  builtChunk,
  openInTab,
  SALES,
  type ShellServer,
  settlePopups,
  signedIn,
  signedInSession,
  startShellServer,
} from './support/shell.js';

/** Layouts by width, language by browser, error pages and the external top links (spec 2, 4, 9). */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USERS = '/setModule/authManage/user';
const ROLES = '/setModule/authManage/permissions';

/** Addresses the server hands the web app through EXTERNAL_LINK_<NAME> (fulfilled by the test, never fetched). */
const EXTERNAL: Record<string, string> = {
  IMFS: 'https://imfs.example.test/portal',
  MONITOR: 'https://monitor.example.test/',
  NWP: 'https://nwp.example.test/home?from=portal',
  BIBOARD: 'https://bi.example.test/board',
};

const ZH_SUBTITLE = '使用门户账号登录，或通过工作台登录';
/** A text key on the screen instead of its text (i18next shows the key when a text is missing). */
const RAW_KEY = /\b(app|common|nav|header|home|systemUser|messages|ai)\.[a-z]\w*/;
const EN_SUBTITLE = 'Use your portal account, or sign in with workplace chat';

/** A stored session item: credentials reduced to their kind, the expiry apart (it moves with the sign-in time). */
function sessionItem(item: string) {
  const { state, ...envelope } = JSON.parse(item) as { state: Record<string, unknown> & { expiresAt: number } };
  const { token, refreshToken, expiresAt, ...fields } = state;
  return { expiresAt, rest: { ...envelope, ...fields, token: typeof token, refreshToken: typeof refreshToken } };
}

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
      // the session signedIn() puts in a context's storage is the one this form stored (decision 0154)
      const made = await signedInSession(server.url, ADMIN, c.locale);
      const stored = await page.evaluate((key) => localStorage.getItem(key), made.name);
      expect(stored, `the form stored ${made.name}`).not.toBeNull();
      const form = sessionItem(stored!);
      const api = sessionItem(made.value);
      expect(Math.abs(form.expiresAt - api.expiresAt)).toBeLessThan(60_000);
      expect(api.rest).toEqual(form.rest);
      await ctx.close();
    }
  });

  it('switches the language on the sign-in page and in the shell, loading the other language only then', async () => {
    const chunk = (source: string) => builtChunk(server.webDist, source);
    const zhPack = chunk('src/platform/locales/pack.zh-CN.ts');
    const homeZh = chunk('src/modules/home/locales/zh-CN.ts');
    const homeEn = chunk('src/modules/home/locales/en.ts');
    const usersEn = chunk('src/modules/system/locales/en.ts');
    const ctx = await newContext(browser, { locale: 'en-US', width: 1280 });
    const page = await ctx.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.replace(/^\//, ''));
    });

    // an English browser gets English texts only; the Chinese ones load with the switch
    await page.goto(`${server.url}/login`);
    await page.getByText(EN_SUBTITLE).waitFor();
    expect(scripts).not.toContain(zhPack);
    await page.getByTestId('lang-switch').click();
    await page.getByText(ZH_SUBTITLE).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(scripts).toContain(zhPack);

    // signed in, the shell and the home module speak Chinese; the home module loaded Chinese only
    await page.getByTestId('login-username').fill(ADMIN.username);
    await page.getByTestId('login-password').fill(ADMIN.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/home');
    await expect.poll(() => page.getByTestId('topnav-home').textContent()).toBe('首页');
    await expect
      .poll(() => page.getByTestId('home-greeting').locator('h2').textContent())
      .toMatch(/^(早上好|下午好|晚上好)，/);
    // names staff typed in both languages come in the reader's: the department on the home card
    await expect.poll(() => page.getByTestId('home-greeting').textContent()).toContain('行政部');
    expect(scripts).toContain(homeZh);
    expect(scripts).not.toContain(homeEn);
    expect(await page.locator('#root').textContent()).not.toMatch(RAW_KEY);

    // a module screen in Chinese (its texts and antd's), then back to English from the header
    await openInTab(page, USERS);
    await page.getByRole('columnheader', { name: '用户名' }).waitFor();
    await expect.poll(() => page.locator('.ant-pagination-options').first().textContent()).toContain('条/页');
    expect(scripts).not.toContain(usersEn);
    await page.getByTestId('lang-switch').click();
    await page.getByRole('columnheader', { name: 'Username' }).waitFor();
    await expect.poll(() => page.locator('.ant-pagination-options').first().textContent()).toContain('/ page');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.getByTestId(`tab-${USERS}`).textContent()).toContain('Users');
    // the list is read again in English: departments in their English form (the column is a
    // secondary one, folded at this width: shown through the column chooser)
    await page.getByTestId('column-settings').click();
    await page.getByTestId('column-chooser').locator('[data-column="deptNames"]').click();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.locator('.ant-table-tbody').first().textContent())
      .toMatch(/Administration|Sales|Finance|Operations/);
    expect(await page.locator('.ant-table-tbody').first().textContent()).not.toMatch(
      /行政部|销售部|销售一组|财务部|运营部/,
    );
    expect(await page.locator('#root').textContent()).not.toMatch(RAW_KEY);
    // every module loaded so far switched with it: the kept home tab too
    expect(scripts).toContain(usersEn);
    expect(scripts).toContain(homeEn);
    await page.getByTestId('tab-/home').click();
    await expect
      .poll(() => page.getByTestId('home-greeting').locator('h2').textContent())
      .toMatch(/^Good (morning|afternoon|evening), /);
    await expect.poll(() => page.getByTestId('home-greeting').textContent()).toContain('Administration');

    // the choice is kept
    await page.reload();
    await expect.poll(() => page.getByTestId('topnav-home').textContent()).toBe('Home');
    await ctx.close();
  });

  it('keeps the sign-in page and the shell with home within the JS budget (350 KB gzipped each)', () => {
    // apps/web/scripts/bundle-size.mjs on this server's build: what each page loads before it renders
    const run = spawnSync(process.execPath, [path.join(ROOT, 'apps/web/scripts/bundle-size.mjs')], {
      env: { ...process.env, WEB_DIST: server.webDist },
      encoding: 'utf8',
    });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^login: [\d.]+ KB/m);
    expect(run.stdout).toMatch(/^shell \+ home: [\d.]+ KB/m);
  });

  it('shows the not-found page for an unknown address, with a way home', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, { at: '/no/such/page' });
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByText('Page does not exist').count()).toBe(1);
    await shot(page, 'shell-not-found-1280');
    await page.getByTestId('back-home').click();
    await page.waitForURL((u) => u.pathname === '/home');
    await page.getByTestId('home-greeting').waitFor();
    await ctx.close();
  });

  it('shows the no-permission page for a page outside the user’s menus, with a way home', async () => {
    const { ctx, page } = await signedIn(browser, server.url, SALES, { locale: 'zh-CN', at: USERS });
    await page.getByTestId('forbidden').waitFor();
    expect(await page.getByText('暂无权限，请联系管理员').count()).toBe(1);
    // nothing of the forbidden page leaks: no user rows, no tab for it
    expect(await page.locator('.ant-table-row').count()).toBe(0);
    expect(await page.getByTestId(`tab-${USERS}`).count()).toBe(0);
    // nothing is highlighted as if it were shown: not Home in the top bar, no page in the side menu
    expect(await page.locator('[data-testid="topnav"] [aria-current="page"]').count()).toBe(0);
    expect(await page.locator('.ant-menu-item-selected').count()).toBe(0);
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
