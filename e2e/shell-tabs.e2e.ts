import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot } from './support/browser.js';
import {
  ADMIN,
  closeTabMenu,
  expectTabs,
  openInTab,
  type ShellServer,
  settlePopups,
  signedIn,
  spaGo,
  startShellServer,
  tab,
  tabKeys,
  tabMenuState,
} from './support/shell.js';

/** Bookmark tabs (spec 2 "Shell behaviour"): menu rules, one-tab routes, scrolling, titles, keep-alive. */

const USERS = '/setModule/authManage/user';
const ROLES = '/setModule/authManage/permissions';
const MENUS = '/setModule/authManage/menu';

/** The user list's keyword field, in the pane of one tab. */
const keyword = (page: Page, tabKey: string) => page.getByTestId(`pane-${tabKey}`).locator('input#keyword');

describe('bookmark tabs', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer();
    browser = await launch();
    // the version notes and the rating question would cover the pages driven here
    await settlePopups(server.url, ADMIN, { rate: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('disables the tab menu entries per the spec and never closes home', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN);
    await openInTab(page, USERS);
    await expectTabs(page, ['/home', USERS]);
    expect(await page.getByTestId('tab-close-/home').count()).toBe(0);

    // 2 tabs: close others disabled everywhere, close current disabled on home only
    expect(await tabMenuState(page, '/home')).toEqual({ closeCurrent: true, closeOthers: true, closeAll: false });
    await closeTabMenu(page);
    expect(await tabMenuState(page, USERS)).toEqual({ closeCurrent: false, closeOthers: true, closeAll: false });
    await closeTabMenu(page);

    // 3 tabs: everything but closing home is allowed
    await openInTab(page, ROLES);
    await expectTabs(page, ['/home', USERS, ROLES]);
    expect(await tabMenuState(page, '/home')).toEqual({ closeCurrent: true, closeOthers: false, closeAll: false });
    await closeTabMenu(page);
    expect(await tabMenuState(page, USERS)).toEqual({ closeCurrent: false, closeOthers: false, closeAll: false });
    await shot(page, 'shell-tabs-menu-1280');

    // close others from the users tab: home and users stay, the roles page (shown) goes to users
    await page.getByTestId('tab-menu-close-others').click();
    await expectTabs(page, ['/home', USERS]);
    await page.waitForURL((u) => u.pathname === USERS);

    // close all: home alone, shown inside the settings layout (side menu kept), every entry disabled
    await openInTab(page, MENUS);
    await expectTabs(page, ['/home', USERS, MENUS]);
    await tabMenuState(page, MENUS);
    await page.getByTestId('tab-menu-close-all').click();
    await expectTabs(page, ['/home']);
    await page.waitForURL((u) => u.pathname === '/home');
    await page.getByTestId('side-menu').waitFor();
    expect(await tabMenuState(page, '/home')).toEqual({ closeCurrent: true, closeOthers: true, closeAll: true });
    await closeTabMenu(page);

    // the close icon closes the shown tab and shows its neighbour
    await openInTab(page, USERS);
    await openInTab(page, ROLES);
    await page.getByTestId(`tab-close-${ROLES}`).click();
    await expectTabs(page, ['/home', USERS]);
    await page.waitForURL((u) => u.pathname === USERS);
    await ctx.close();
  });

  it('replaces the tab of a one-tab route instead of adding one', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN);
    for (const route of ['/crm/open-sea', '/message/email/vce', '/message/email/set']) {
      await openInTab(page, `${route}?view=first`);
      const before = (await tabKeys(page)).filter((k) => k.startsWith(route));
      expect(before).toEqual([`${route}?view=first`]);
      await openInTab(page, `${route}?view=second`);
      await expect
        .poll(async () => (await tabKeys(page)).filter((k) => k.startsWith(route)))
        .toEqual([`${route}?view=second`]);
    }
    // an ordinary route with another query is another tab
    await openInTab(page, '/crm/open-sea/details?name=Alpha%20Telecom');
    await openInTab(page, '/crm/open-sea/details?name=Beta%20Mobile');
    await expect
      .poll(async () => (await tabKeys(page)).filter((k) => k.startsWith('/crm/open-sea/details')))
      .toEqual(['/crm/open-sea/details?name=Alpha%20Telecom', '/crm/open-sea/details?name=Beta%20Mobile']);
    await ctx.close();
  });

  it('titles tabs from the query and keys tagPath "path" routes by path alone', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN);
    const detail = '/crm/open-sea/details?name=Gamma%20Networks';
    await openInTab(page, detail);
    await expect.poll(() => tab(page, detail).textContent()).toBe('Gamma Networks');
    // without the query value the registry title shows
    await openInTab(page, '/crm/open-sea/details');
    await expect.poll(() => tab(page, '/crm/open-sea/details').textContent()).toBe('Open sea customer details');

    // tagPath 'path': one tab per path whatever the query, and the tab opens the bare path
    await openInTab(page, '/crm/customer/add?source=expo', '/crm/customer/add');
    await expect.poll(() => tabKeys(page)).toContain('/crm/customer/add');
    await openInTab(page, '/crm/customer/add?source=web', '/crm/customer/add');
    expect((await tabKeys(page)).filter((k) => k.startsWith('/crm/customer/add'))).toEqual(['/crm/customer/add']);
    await tab(page, detail).click();
    await page.waitForURL((u) => `${u.pathname}${u.search}` === detail);
    await tab(page, '/crm/customer/add').click();
    await page.waitForURL((u) => u.pathname === '/crm/customer/add');
    expect(new URL(page.url()).search).toBe('');
    await ctx.close();
  });

  it('scrolls the tab strip by 300 px with the scroll buttons', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN);
    for (let i = 1; i <= 14; i++)
      await openInTab(page, `/crm/open-sea/details?name=Customer%20number%20${i}%20Limited`);
    await expect.poll(async () => (await tabKeys(page)).length).toBe(15);
    const left = page.getByTestId('tabs-scroll-left');
    const right = page.getByTestId('tabs-scroll-right');
    await left.waitFor();
    const strip = page.locator('.portal-tab-strip');
    const metrics = () =>
      strip.evaluate((el) => ({ left: Math.round(el.scrollLeft), max: el.scrollWidth - el.clientWidth }));
    // the newest (active) tab is scrolled into view: the strip sits at its right end
    const start = await metrics();
    expect(start.max).toBeGreaterThan(600);
    await expect.poll(async () => (await metrics()).left).toBe(start.max);
    expect(await right.isDisabled()).toBe(true);

    await left.click();
    await expect.poll(async () => (await metrics()).left).toBe(start.max - 300);
    await left.click();
    await expect.poll(async () => (await metrics()).left).toBe(start.max - 600);
    await right.click();
    await expect.poll(async () => (await metrics()).left).toBe(start.max - 300);
    await shot(page, 'shell-tabs-scroll-1280');
    await ctx.close();
  });

  it('keeps a page state across tab switches; /refresh drops exactly that tab', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN);
    await openInTab(page, USERS);
    await keyword(page, USERS).fill('ops0');
    await openInTab(page, ROLES);
    await expect.poll(() => page.getByTestId(`pane-${USERS}`).isVisible()).toBe(false);
    await tab(page, USERS).click();
    await page.waitForURL((u) => u.pathname === USERS);
    await expect.poll(() => keyword(page, USERS).inputValue()).toBe('ops0');

    // a second tab of the same route keeps its own state
    const second = `${USERS}?copy=2`;
    await openInTab(page, second);
    await expectTabs(page, ['/home', USERS, ROLES, second]);
    expect(await keyword(page, second).inputValue()).toBe('');
    await keyword(page, second).fill('finance');
    await tab(page, USERS).click();
    await expect.poll(() => keyword(page, USERS).inputValue()).toBe('ops0');
    await tab(page, second).click();
    await expect.poll(() => keyword(page, second).inputValue()).toBe('finance');

    // /refresh?redirectPath=… clears the second tab only, and lands on its address
    await spaGo(page, `/refresh?redirectPath=${encodeURIComponent(second)}`);
    await page.waitForURL((u) => `${u.pathname}${u.search}` === second);
    await expect.poll(() => keyword(page, second).inputValue()).toBe('');
    await tab(page, USERS).click();
    await expect.poll(() => keyword(page, USERS).inputValue()).toBe('ops0');

    // the refresh button of the bar does the same for the shown tab
    await page.getByTestId('tab-refresh').click();
    await page.waitForURL((u) => u.pathname === '/refresh');
    await page.waitForURL((u) => u.pathname === USERS && u.search === '');
    await expect.poll(() => keyword(page, USERS).inputValue()).toBe('');
    await expect.poll(() => page.locator(`[data-testid="pane-${USERS}"] .ant-table-row`).count()).toBeGreaterThan(0);
    await ctx.close();
  });
});
