import type { Locator, Page } from './browser.js';

/**
 * The pane of the page the app shows for the current address, once it is the one shown.
 *
 * An in-app navigation (a link, a row's button, a tab, history back) renders in a React transition
 * (keep-alive tabs, apps/web/src/shell/tabs/KeepAlive.tsx): the address changes first and the previous
 * page's pane stays on screen until the new one commits, so a read such as `.ant-table-row:visible`
 * right after `waitForURL` can be answered by the old page's rows. This waits until exactly one pane is
 * shown and it is the address's own (`pane-<tab key>`: the path, or the path and query), then returns it
 * so that reads are scoped to the new page. `path` (a pathname) also waits for the address itself, for
 * navigations not already awaited with `waitForURL`. A full page load (`page.goto`) needs none of this.
 */
export async function shownPane(page: Page, path?: string, timeout = 20_000): Promise<Locator> {
  const handle = await page.waitForFunction(
    (want) => {
      const { pathname, search } = window.location;
      if (want !== null && pathname !== want) return null;
      const shown = [...document.querySelectorAll<HTMLElement>('.portal-pane')].filter(
        (el) => el.getClientRects().length > 0,
      );
      if (shown.length !== 1) return null;
      const id = shown[0]!.dataset.testid ?? '';
      // a route without a tab (an error page) is shown in the one un-keyed pane
      return id === `pane-${pathname}` || id === `pane-${pathname}${search}` || id === 'pane-page' ? id : null;
    },
    path ?? null,
    { timeout, polling: 'raf' },
  );
  return page.getByTestId((await handle.jsonValue()) as string);
}
