import { Errors } from '@portal/contracts';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, newContext, shot, signInWithPassword } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { ADMIN, apiToken, confirmPopconfirm, keyedPost, settlePopups } from './support/shell.js';

/** The persisted session: `<env>_session` in localStorage. */
async function storedSession(page: import('playwright-core').Page): Promise<StoredSession> {
  const raw = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('_session'));
    return key ? localStorage.getItem(key) : null;
  });
  if (!raw) throw new Error('no stored session');
  return JSON.parse(raw) as StoredSession;
}

interface StoredSession {
  state: { token: string | null; refreshToken: string | null; expiresAt: number };
}

describe('sign-in and session', () => {
  let server: RunningServer;
  let browser: Browser;
  /**
   * `ms` pass: the server's test clock moves forward (tokens and grace windows run out there) and this
   * browser context's clock starts that far ahead (its pages see their stored tokens as old). Both
   * instead of waiting; a context's clock is set once, before its next page opens.
   */
  async function later(ctx: BrowserContext, ms: number) {
    const moved = await keyedPost(server.url, await apiToken(server.url, ADMIN), '/v2/test/clock/advance', { ms });
    expect(moved.code).toBe(0);
    await ctx.clock.install({ time: Date.now() + ms });
  }
  beforeAll(async () => {
    // short access tokens so expiry and refresh happen within the test. The grace window for a lost refresh
    // answer spans a whole page load on a loaded CI machine (5 s did not, once: the reloaded page's retry came
    // late and was taken for a theft); the stolen-token case below moves past it. The server's
    // clock is a test clock (APP_ENV=test, decision 0052): the tests move it (and the browser's)
    // forward instead of waiting for tokens to run out
    server = await startServer({
      ACCESS_TOKEN_TTL: '12',
      REFRESH_GRACE_SECONDS: '60',
      APP_ENV: 'test',
      // the built-in provider is on by default only in the local and demo environments
      SSO_EMBEDDED: 'true',
    });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('admin signs in with a password and sees the user list', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/setModule/authManage/user`);
    await page.waitForURL(/\/login/);
    await signInWithPassword(page, server.url, 'admin', 'Admin#2026');
    await page.goto(`${server.url}/setModule/authManage/user`);
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(5);
    await shot(page, 'auth-admin-users-1280');
    // the row action asks first, then disables; enabling again the same way (no popup in between:
    // the version popup is read and this page's rating is given, or it would open mid-test)
    await settlePopups(server.url, ADMIN, { rate: true });
    await page.reload();
    const row = page.locator('.ant-table-row', { hasText: 'ops05' });
    await page.locator('#keyword').fill('ops05');
    await page.keyboard.press('Enter');
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    for (const [action, status] of [
      [/停用|Disable/, /已停用|Disabled/],
      [/启用|Enable/, /正常|Active/],
    ] as const) {
      await row.getByRole('button', { name: action }).click();
      await confirmPopconfirm(page);
      await expect.poll(() => row.textContent(), { timeout: 15_000 }).toMatch(status);
    }
    await ctx.close();
  });

  it('admin signs in through the local workplace-chat provider', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-sso').click();
    await page.waitForURL(/\/sso-idp\//);
    await page.locator('#login').fill('admin');
    await page.locator('#password').fill('Admin#2026');
    await page.locator('button[type=submit]').first().click();
    await page.waitForURL(
      (u) =>
        !u.pathname.startsWith('/sso-idp') && !u.pathname.startsWith('/authorize') && !u.pathname.startsWith('/login'),
      {
        timeout: 20_000,
      },
    );
    expect((await storedSession(page)).state.token).toBeTruthy();
    await ctx.close();
  });

  it('says a sign-in cancelled at the provider was cancelled, and leads back to the sign-in page', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-sso').click();
    await page.waitForURL(/\/sso-idp\//);
    // the provider's page names the product as the app does
    expect(await page.getByText('“Operations Portal”').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/authorize\?.*error=access_denied/);
    await page.getByText('Sign-in was cancelled').waitFor({ timeout: 15_000 });
    expect(await page.getByText('authorization code is missing').count()).toBe(0);
    await page.getByTestId('authorize-back').click();
    await page.waitForURL(/\/login/);
    await ctx.close();
  });

  it('refuses a workplace identity without portal access', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-sso').click();
    await page.waitForURL(/\/sso-idp\//);
    await page.locator('#login').fill('visitor');
    await page.locator('#password').fill('Visitor#2026');
    await page.locator('button[type=submit]').first().click();
    await page.waitForURL(/\/authorize/);
    await expect.poll(() => page.getByText('no portal access').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await ctx.close();
  });

  it('sales01 opening a settings route gets the no-permission page', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signInWithPassword(page, server.url, 'sales01', 'Sales#2026');
    await page.goto(`${server.url}/setModule/authManage/user`);
    await expect(page.getByTestId('forbidden').waitFor({ timeout: 15_000 })).resolves.toBeUndefined();
    expect(await page.getByText('No permission, contact your administrator').count()).toBeGreaterThan(0);
    await ctx.close();
  });

  it('refreshes an expired access token without the user noticing', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signInWithPassword(page, server.url, 'admin', 'Admin#2026');
    const before = await storedSession(page);
    // no page open: nothing refreshes while the access token runs out
    await page.close();
    await later(ctx, 13_000);
    const expired = await fetch(`${server.url}/v2/sys/staff/overseas/getUserInfo`, {
      headers: { authorization: `Bearer ${before.state.token}` },
    });
    expect((await expired.json()).code).toBe(Errors.TOKEN_INVALID.code);

    const again = await ctx.newPage();
    await again.goto(`${server.url}/setModule/authManage/user`);
    await expect.poll(() => again.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(5);
    expect(new URL(again.url()).pathname).toBe('/setModule/authManage/user');
    const after = await storedSession(again);
    expect(after.state.token).not.toBe(before.state.token);
    expect(after.state.refreshToken).not.toBe(before.state.refreshToken);
    await ctx.close();
  });

  it('stays signed in when the page reloads while a refresh is in flight (its answer is lost)', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    // the page's clock is a fake one that runs on with real time until the test moves it to the refresh
    await ctx.clock.install();
    const refreshes: { at: number; method: string; search: string }[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname !== '/auth/oauth/token') return;
      const body = req.postData() ?? '';
      if (!body.includes('refresh_token') && !req.url().includes('refresh_token')) return;
      refreshes.push({ at: Date.now(), method: req.method(), search: new URL(req.url()).search });
    });
    // the refresh tokens the page was answered (a loaded machine may let the page rotate once more after the
    // reload, so the stored pair alone cannot tell which pair the retry got)
    const answered: Promise<string | undefined>[] = [];
    let held: import('playwright-core').Request | undefined;
    page.on('response', (res) => {
      if (new URL(res.url()).pathname !== '/auth/oauth/token' || res.request() === held) return;
      if (!(res.request().postData() ?? '').includes('refresh_token')) return;
      answered.push(
        res.json().then(
          (b: { data?: { refreshToken?: string } }) => b.data?.refreshToken,
          () => undefined,
        ),
      );
    });
    // when the sign-in's answer came (the page's clock runs with real time until it is moved below)
    let signedAt = 0;
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/auth/oauth/token' && res.request().postData()?.includes('"password"'))
        signedAt = Date.now();
    });
    await signInWithPassword(page, server.url, 'admin', 'Admin#2026');
    await page.goto(`${server.url}/setModule/authManage/user`);
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(5);
    // a page load early in the token's life spends no refresh token (due 9 s into its 12 s)
    await page.reload();
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(5);
    expect(signedAt).toBeGreaterThan(0);
    expect(refreshes.filter((r) => r.at < signedAt + 8_000)).toEqual([]);

    // the next refresh reaches the server (which rotates the token) but its answer never reaches the
    // page: the page reloads meanwhile
    let lostAnswer: { refreshToken: string } | undefined;
    let lost!: () => void;
    const answerLost = new Promise<void>((resolve) => {
      lost = resolve;
    });
    let reloaded!: () => void;
    const pageReloaded = new Promise<void>((resolve) => {
      reloaded = resolve;
    });
    await page.route('**/auth/oauth/token', async (route) => {
      if (lostAnswer || !(route.request().postData() ?? '').includes('refresh_token')) return route.fallback();
      held = route.request();
      page.on('requestfailed', (r) => {
        if (r === held) reloaded();
      });
      const res = await route.fetch();
      lostAnswer = (await res.json()).data;
      lost();
      // the answer is held back until the reload has cancelled the request (the handler must end
      // then: Playwright hands the next routed request over only after it); at most 20 s
      await Promise.race([pageReloaded, new Promise((r) => setTimeout(r, 20_000))]);
      await route.fulfill({ response: res }).catch(() => {});
    });
    // the refresh falls due 9 s into the token's life: the page's clock jumps there
    await page.clock.fastForward(9_000);
    await answerLost;
    expect(lostAnswer?.refreshToken).toBeTruthy();
    await page.reload();
    // a whole page load and a refresh: at CI's load (≈ 10 on two cores) this took longer than 15 s once
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 45_000 }).toBeGreaterThan(5);
    expect(new URL(page.url()).pathname).toBe('/setModule/authManage/user');
    // the reloaded page retried with the old token and was answered the very pair whose answer was lost
    await expect
      .poll(async () => (await Promise.all(answered)).includes(lostAnswer!.refreshToken), { timeout: 15_000 })
      .toBe(true);
    // refreshes go by POST with the token in the body, never in the URL
    expect(refreshes.length).toBeGreaterThanOrEqual(2);
    for (const r of refreshes) expect({ method: r.method, search: r.search }).toEqual({ method: 'POST', search: '' });

    // and the session goes on (the successor's own rotation: auth.test.ts 'keeps rotating normally')
    await page.reload();
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 45_000 }).toBeGreaterThan(5);
    expect(new URL(page.url()).pathname).toBe('/setModule/authManage/user');
    await ctx.close();
  }, 180_000);

  it('signs the user out when their refresh token is used a second time', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signInWithPassword(page, server.url, 'admin', 'Admin#2026');
    const stored = await storedSession(page);
    await page.close();
    // someone else spends the browser's refresh token first
    const stolen = await fetch(
      `${server.url}/auth/oauth/token?grant_type=refresh_token&client_id=staff-web&scope=staff&refresh_token=${encodeURIComponent(stored.state.refreshToken!)}`,
    );
    expect((await stolen.json()).code).toBe(0);
    // past the grace window, where a second use is a theft, not a lost answer
    await later(ctx, 61_000);
    const again = await ctx.newPage();
    await again.goto(`${server.url}/setModule/authManage/user`);
    await again.waitForURL(/\/login/, { timeout: 20_000 });
    await ctx.close();
  });
});
