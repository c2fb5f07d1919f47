import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot } from './support/browser.js';
import { ADMIN, api, apiToken, type ShellServer, settlePopups, signedIn, startShellServer } from './support/shell.js';

/** The home overview (/home): figures and quick entrances, as the server and the database hold them. */

/** Every figure the spec names for the overview; a figure the server leaves out must not be shown. */
const FIGURE_KEYS = [
  'unread',
  'myCustomer',
  'todayCustomer',
  'task',
  'todaySend',
  'linkPromotion',
  'applyNum',
  'ccNum',
  'handleNum',
  'todoNum',
] as const;

interface Summary extends Partial<Record<(typeof FIGURE_KEYS)[number], number | string | boolean>> {
  unreadNum?: number;
  /** figures that wait for a room's data, shown as waiting without a number */
  waiting?: Record<string, string>;
  quickAccess: { path: string; sort: number }[];
}

const USERS = '/setModule/authManage/user';

/** The quick entrances on the screen, in order (their test ids carry the path). */
const shownEntrances = (page: Page) =>
  page
    .getByTestId('home-quick')
    .locator('[data-testid^="quick-/"]')
    .evaluateAll((els) => els.map((e) => (e.getAttribute('data-testid') ?? '').slice('quick-'.length)));

describe('home overview', () => {
  let server: ShellServer;
  let browser: Browser;
  let token: string;
  beforeAll(async () => {
    // no job queue: the minute simulator and rollups would move "today's sends" between the API's answer
    // and the page's (one CI run read 953 and 960)
    server = await startShellServer({ JOBS: 'false' });
    browser = await launch();
    await settlePopups(server.url, ADMIN);
    token = await apiToken(server.url, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The user's quick entrances as stored (PostgreSQL only: PGlite is inside the server process). */
  async function storedEntrances(): Promise<string[] | null> {
    if (!server.databaseUrl) return null;
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ path: string }>(
        `select q.path from home_quick_entrances q join staff_users u on u.id = q.user_id
         where u.username = $1 order by q.sort`,
        [ADMIN.username],
      );
      return rows.map((r) => r.path);
    } finally {
      await db.end();
    }
  }

  it('shows exactly the figures the server computes, with its values', async () => {
    const summary = await api<Summary>(server.url, token, 'GET', '/v2/sys/staff/home/summary');
    const { ctx, page } = await signedIn(browser, server.url, ADMIN);
    await page.getByTestId('home-greeting').waitFor();
    await page.getByTestId('home-quick').waitFor();
    await expect.poll(() => page.locator('.home-loading').count()).toBe(0);
    for (const key of FIGURE_KEYS) {
      const figure = page.getByTestId(`home-figure-${key}`);
      // unread messages: the count, not the bell's yes/no flag
      const value = key === 'unread' ? summary.unreadNum : summary[key];
      if (summary.waiting?.[key]) {
        expect(await figure.locator('.home-figure-value').count(), `${key} waits for its data`).toBe(0);
        expect(await page.getByTestId(`home-waiting-${key}`).count(), key).toBe(1);
      } else if (value === undefined || value === null) {
        expect(await figure.count(), `${key} is not reported, so not shown`).toBe(0);
      } else {
        expect(typeof value, key).not.toBe('boolean');
        expect(await figure.locator('.home-figure-value').textContent(), key).toBe(String(value));
      }
    }
    expect(summary.unreadNum).toEqual(expect.any(Number));
    expect(await page.getByTestId('home-figure-applyNum').textContent()).toContain('My open requests');
    expect(await shownEntrances(page)).toEqual(summary.quickAccess.map((q) => q.path));
    await shot(page, 'shell-home-1280');
    await ctx.close();
  });

  it('saves quick entrances edited on the screen to the server', async () => {
    // start from none, whatever an earlier run left
    await api(server.url, token, 'POST', '/v2/sys/staff/quickEntrance/patchSaveQuickEntrance', { paths: [] });
    const { ctx, page } = await signedIn(browser, server.url, ADMIN);
    await page.getByTestId('quick-edit').click();
    const editor = page.locator('.ant-modal').filter({ has: page.locator('.ant-transfer') });
    await editor.waitFor();
    const source = editor.locator('.ant-transfer-section').first();
    await source.getByRole('textbox').fill('Users');
    await source
      .locator('li')
      .filter({ hasText: /^Users$/ })
      .click();
    await editor.locator('.ant-transfer-actions button').first().click();
    await shot(page, 'shell-quick-editor-1280');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'hidden' });
    await expect.poll(() => shownEntrances(page)).toEqual([USERS]);

    const listed = await api<{ path: string }[]>(
      server.url,
      token,
      'GET',
      '/v2/sys/staff/quickEntrance/getUserQuickEntranceList',
    );
    expect(listed.map((q) => q.path)).toEqual([USERS]);
    const stored = await storedEntrances();
    if (stored) expect(stored).toEqual([USERS]);

    // it is the server's list: a new page load shows it, and it opens the page
    await page.reload();
    await expect.poll(() => shownEntrances(page)).toEqual([USERS]);
    await page.getByTestId(`quick-${USERS}`).click();
    await page.waitForURL((u) => u.pathname === USERS);
    await ctx.close();
  });
});
