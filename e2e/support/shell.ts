import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { CLIENT_ID, IDEMPOTENCE_HEADER, OAUTH_SCOPE, type TokenResponse, tokenResponse } from '@portal/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import type { StorageValue } from 'zustand/middleware';
import { detectLocale } from '../../apps/web/src/platform/locale-detect.js';
import {
  initialSession,
  SESSION_VERSION,
  type StoredSession,
  sessionStorageKey,
  storedSession,
} from '../../apps/web/src/platform/session-record.js';
import { tokenStateFrom } from '../../apps/web/src/platform/token-policy.js';
import {
  type Browser,
  type ContextOptions,
  DEFAULT_LOCALE,
  type Locator,
  launch,
  newContext,
  type Page,
} from './browser.js';
import { shownPane } from './pane.js';
import { type E2eTemplate, type RunningServer, startServer } from './server.js';

/** Helpers of the shell's end-to-end tests (e2e/shell-*.e2e.ts). */

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

export interface DemoUser {
  username: string;
  password: string;
}

export const ADMIN: DemoUser = { username: 'admin', password: 'Admin#2026' };
export const SALES: DemoUser = { username: 'sales01', password: 'Sales#2026' };
export const FINANCE: DemoUser = { username: 'finance01', password: 'Finance#2026' };
export const OPS: DemoUser = { username: 'ops01', password: 'Ops#2026' };

export interface ShellServer extends RunningServer {
  /** the private copy of the web build this server serves */
  webDist: string;
}

/**
 * The real server on a private copy of apps/web/dist (a rebuild by someone else while the tests
 * run would otherwise delete the chunks the browser asks for), with the per-IP sign-in limit
 * lifted: a test file signs in more often than a person does.
 */
export async function startShellServer(env: Record<string, string> = {}, template?: E2eTemplate): Promise<ShellServer> {
  const webDist = await copyOfBuild();
  const server = await startServer({ WEB_DIST: webDist, LOGIN_RATE_PER_IP: '1000', ...env }, template);
  return {
    ...server,
    webDist,
    async stop() {
      await server.stop();
      fs.rmSync(webDist, { recursive: true, force: true });
    },
  };
}

/**
 * A file's own server (popups settled for `settle`, one user or several, admin by default) and browser:
 * started before its tests, stopped after them. Read `server` and `browser` inside the tests (set once
 * started); a file's own `beforeAll` registered after this call runs after they are.
 */
export function useShellServer(
  opts: { settle?: DemoUser | DemoUser[]; rate?: boolean; tour?: boolean; env?: Record<string, string> } = {},
): {
  readonly server: ShellServer;
  readonly browser: Browser;
} {
  const running = {} as { server: ShellServer; browser: Browser };
  beforeAll(async () => {
    running.server = await startShellServer(opts.env);
    for (const user of [opts.settle ?? ADMIN].flat())
      await settlePopups(running.server.url, user, { rate: opts.rate, tour: opts.tour });
    running.browser = await launch();
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return running;
}

/** Every file the build's manifest names is in the directory (a complete build, not one half-written). */
function completeBuild(dir: string): boolean {
  const manifest = path.join(dir, '.vite', 'manifest.json');
  if (!fs.existsSync(path.join(dir, 'index.html')) || !fs.existsSync(manifest)) return false;
  try {
    const chunks = Object.values(JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, { file: string }>);
    return chunks.every((c) => fs.existsSync(path.join(dir, c.file)));
  } catch {
    return false;
  }
}

/** A private copy of a complete apps/web/dist, waiting out a rebuild that is under way. */
async function copyOfBuild(): Promise<string> {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-web-'));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (completeBuild(WEB_DIST)) {
      try {
        fs.cpSync(WEB_DIST, webDist, { recursive: true });
        if (completeBuild(webDist)) return webDist;
      } catch {
        // a rebuild removed files while they were copied: try again
      }
      fs.rmSync(webDist, { recursive: true, force: true });
      fs.mkdirSync(webDist);
    }
    if (Date.now() > deadline) {
      fs.rmSync(webDist, { recursive: true, force: true });
      throw new Error('apps/web/dist is missing or incomplete: run `cd apps/web && npx vite build` first');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The built file of a source module (from the Vite manifest), e.g. 'src/modules/system/UserListScreen.tsx'. */
export function builtChunk(webDist: string, source: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; src?: string }
  >;
  const hit = Object.values(manifest).find((c) => c.src === source);
  if (!hit) throw new Error(`no built chunk for ${source}`);
  return hit.file;
}

// ---- the API, as the browser's server sees it -----------------------------------------------

export interface Envelope<T> {
  code: number;
  msg?: string;
  data: T;
}

/** The password sign-in's answer, asked as the sign-in form asks it. */
export async function apiSignIn(base: string, user: DemoUser): Promise<TokenResponse> {
  const res = await fetch(`${base}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: CLIENT_ID, scope: OAUTH_SCOPE, ...user }),
  });
  const body = (await res.json()) as Envelope<unknown>;
  if (body.code !== 0) throw new Error(`sign-in of ${user.username} failed: ${JSON.stringify(body)}`);
  return tokenResponse.parse(body.data);
}

export async function apiToken(base: string, user: DemoUser): Promise<string> {
  return (await apiSignIn(base, user)).token;
}

/** One API call that must succeed (envelope code 0); returns its data. */
export async function api<T>(base: string, token: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope<T>;
  if (json.code !== 0) throw new Error(`${method} ${url}: ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * A check-repeat POST: takes a fresh idempotence key first, as the web does. Returns the whole answer
 * (refusals are what some tests assert), so it does not throw on a non-zero code.
 */
// biome-ignore lint/suspicious/noExplicitAny: answers read field by field unless the caller names them
export async function keyedPost<T = any>(
  base: string,
  token: string,
  url: string,
  body: unknown,
): Promise<Envelope<T>> {
  const { key } = await api<{ key: string }>(base, token, 'GET', '/v2/sys/staff/common/request/idempotence');
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', [IDEMPOTENCE_HEADER]: key },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** A check-repeat POST that must succeed: its data (the test fails with the whole answer otherwise). */
// biome-ignore lint/suspicious/noExplicitAny: as keyedPost
export async function keyedWrite<T = any>(base: string, token: string, url: string, body: unknown): Promise<T> {
  const res = await keyedPost<T>(base, token, url, body);
  expect(res.code, `${url}: ${JSON.stringify(res)}`).toBe(0);
  return res.data;
}

interface MenuNode {
  id: number;
  router: string | null;
  children: MenuNode[];
}

/** The id of the user's menu node for a router (the rating popup rates menu nodes). */
export async function menuNodeId(base: string, token: string, router: string): Promise<number> {
  const menus = await api<MenuNode[]>(base, token, 'GET', '/v2/sys/staff/overseas/getResourceByMenu?mobileFlag=false');
  const stack = [...menus];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.router === router) return n.id;
    stack.push(...n.children);
  }
  throw new Error(`no menu node for ${router}`);
}

export const RATED_ROUTE = '/setModule/authManage/user';

/**
 * Settle the start-up popups of a user through the API, so they do not cover the pages a test
 * drives: the version notes marked read, the rated user list rated, the operations tour seen (`tour`:
 * the guide flag the tour's last step stores, so it never opens; shell-popups drives the tour itself).
 */
export async function settlePopups(base: string, user: DemoUser, opts: { rate?: boolean; tour?: boolean } = {}) {
  const token = await apiToken(base, user);
  const popup = await api<{ popupState: number; versionDetail: { id: number } | null }>(
    base,
    token,
    'GET',
    '/v2/sys/staff/version/popup',
  );
  if (popup.popupState === 1 && popup.versionDetail) {
    await api(base, token, 'POST', '/v2/sys/staff/version/popup/read', { id: popup.versionDetail.id });
  }
  if (opts.rate) {
    const resourceId = await menuNodeId(base, token, RATED_ROUTE);
    const need = await api<{ need: boolean }>(
      base,
      token,
      'GET',
      `/v2/sys/staff/feedback/needScore?resourceId=${resourceId}`,
    );
    if (need.need) await api(base, token, 'POST', '/v2/sys/staff/feedback/commitScore', { resourceId, score: 5 });
  }
  if (opts.tour) {
    const guide = await api<{ remark: string | null; content: Record<string, unknown> } | null>(
      base,
      token,
      'GET',
      '/v2/sys/staff/user/setting?type=guide',
    );
    await api(base, token, 'POST', '/v2/sys/staff/user/setting', {
      type: 'guide',
      remark: guide?.remark ?? null,
      content: { ...guide?.content, businessOperations: true },
    });
  }
}

const pageEnvs = new Map<string, string>();

/** The deployment environment the served app reads from its /portal-config.js (it names the session's storage). */
async function pageEnv(base: string): Promise<string> {
  const known = pageEnvs.get(base);
  if (known) return known;
  const window: { __PORTAL_CONFIG__?: { env?: string } } = {};
  vm.runInNewContext(await (await fetch(`${base}/portal-config.js`)).text(), { window });
  const env = window.__PORTAL_CONFIG__?.env;
  if (!env) throw new Error(`${base}/portal-config.js names no environment`);
  pageEnvs.set(base, env);
  return env;
}

/**
 * The local-storage item a browser's sign-in form stores when it has just signed the user in: the session
 * store's item (`<env>_session`) as the web's own functions make it from the same token answer (decision 0154).
 */
export async function signedInSession(
  base: string,
  user: DemoUser,
  locale = DEFAULT_LOCALE,
): Promise<{ name: string; value: string }> {
  const [answer, env] = await Promise.all([apiSignIn(base, user), pageEnv(base)]);
  // the store starts from the browser's language (a context's navigator.languages is its locale)
  const state = storedSession({ ...initialSession(detectLocale([locale])), ...tokenStateFrom(answer, Date.now()) });
  const item: StorageValue<StoredSession> = { state, version: SESSION_VERSION };
  return { name: sessionStorageKey(env), value: JSON.stringify(item) };
}

/**
 * A fresh browser context signed in as the user on `at` (home by default), its header shown. The
 * sign-in is the form's API call and the session is in the context's local storage before the app boots:
 * one page load instead of the sign-in page, home and then the route. The sign-in form itself is
 * driven by auth.e2e.ts and the login screens' tests.
 */
export async function signedIn(
  browser: Browser,
  base: string,
  user: DemoUser,
  opts: ContextOptions & { at?: string; clock?: boolean } = {},
) {
  const { at, clock, ...context } = opts;
  const [session, ctx] = await Promise.all([signedInSession(base, user, opts.locale), newContext(browser, context)]);
  // `clock`: the page's clock is a fake one (Playwright `clock`) that runs with real time until the test
  // moves it, e.g. past a popup's timer instead of waiting it out
  if (clock) await ctx.clock.install();
  const page = await ctx.newPage();
  // the session goes into the context's storage through this page, on the server's smallest document, before the
  // app's first load: Playwright's `storageState` option would open, navigate and close a second page (a renderer
  // process of its own) in every new context for it
  await page.goto(`${base}/healthz`);
  await page.evaluate(({ name, value }) => localStorage.setItem(name, value), session);
  await page.goto(`${base}${at ?? '/'}`);
  await page.getByTestId('header').waitFor();
  return { ctx, page };
}

// ---- driving the shell ----------------------------------------------------------------------

/**
 * Navigate inside the single-page app, as a link would (no page load, so keep-alive state
 * survives): push the address and let the router read it.
 */
export async function spaGo(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
  await page.waitForURL((u) => `${u.pathname}${u.search}` === url || u.pathname === url.split('?')[0]);
}

/**
 * Open a page in a tab as a link would, and wait until the router committed it: its tab (`key`,
 * the address unless the route's tagPath is 'path') is the selected one and its pane the one shown
 * (returned, to read the page in it: the previous page's pane can still be in the document).
 */
export async function openInTab(page: Page, url: string, key = url): Promise<Locator> {
  await spaGo(page, url);
  await page.locator(`[role="tab"][aria-selected="true"][data-testid="tab-${key}"]`).waitFor({ timeout: 15_000 });
  return shownPane(page);
}

/** The keys of the tabs shown in the bookmark bar, in order. */
export function tabKeys(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="tabbar"] [role="tab"]')
    .evaluateAll((els) => els.map((e) => (e.getAttribute('data-testid') ?? '').replace(/^tab-/, '')));
}

export const tab = (page: Page, key: string) => page.getByTestId(`tab-${key}`);

/** Right-click a tab and read which tab-menu actions are disabled. */
export async function tabMenuState(page: Page, key: string) {
  await tab(page, key).click({ button: 'right' });
  const menu = page.getByTestId('tab-menu');
  await menu.waitFor();
  const disabled = async (id: string) => menu.getByTestId(id).isDisabled();
  return {
    closeCurrent: await disabled('tab-menu-close-current'),
    closeOthers: await disabled('tab-menu-close-others'),
    closeAll: await disabled('tab-menu-close-all'),
  };
}

export async function closeTabMenu(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByTestId('tab-menu').waitFor({ state: 'detached' });
}

/** Poll until the tab bar shows exactly these keys. */
export async function expectTabs(page: Page, keys: string[]) {
  await expect.poll(() => tabKeys(page), { timeout: 10_000 }).toEqual(keys);
}

/** The rendered box of a test id (layout measured in the DOM). */
export async function box(page: Page, testId: string) {
  const b = await page.getByTestId(testId).boundingBox();
  if (!b) throw new Error(`${testId} is not rendered`);
  return b;
}

/**
 * Open a tab of the record drawer by its title and wait until it is the active one. A click that lands
 * while the drawer is still sliding in is lost, so the click is repeated until the tab is active.
 */
export async function openDrawerTab(page: Page, title: string) {
  const tab = page.locator('.ant-drawer .ant-tabs-tab').filter({ hasText: title }).first();
  await expect
    .poll(async () => {
      await tab.click();
      return (await tab.getAttribute('class')) ?? '';
    })
    .toContain('ant-tabs-tab-active');
}

/** Wait until the element's own finite animations (antd's zoom / move motions) have finished. */
export async function motionDone(el: Locator) {
  await el.evaluate((node) =>
    Promise.all(
      node
        .getAnimations({ subtree: true })
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Answer the open Popconfirm with its primary button once it has finished zooming in (a click during
 * antd's motion can be lost under load; a second click could confirm twice, so it is not repeated).
 */
export async function confirmPopconfirm(page: Page) {
  const pop = page.locator('.ant-popconfirm:visible').last();
  await pop.waitFor();
  await motionDone(pop);
  await pop.locator('.ant-btn-primary').click();
}

/** The same for an open `modal.confirm` dialog: its OK button once the dialog has finished zooming in. */
export async function confirmModal(page: Page) {
  const dialog = page.locator('.ant-modal-confirm:visible').last();
  await dialog.waitFor();
  await motionDone(dialog);
  await dialog.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
}

/** The primary button of the open form dialog, once the dialog has finished zooming in (as above). */
export async function submitModal(page: Page) {
  const dialog = page.locator('.ant-modal:visible').last();
  await dialog.waitFor();
  await motionDone(dialog);
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
}

/**
 * Picks a customer / agent / supplier / account in a record picker (RecordSelect, decision 0132):
 * opens it, types the keyword (a code or name) and clicks the first option holding it.
 */
export async function pickRecord(page: Page, select: Locator, keyword: string) {
  await select.click();
  await page.keyboard.type(keyword);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: keyword })
    .first()
    .click();
}

/**
 * The codes of the customer accounts in a state (`active` by default). A test that opens an account's row
 * commands picks an active one: the overdue ladder (01:00 UTC) may have suspended the demo debtor in the
 * template, and a suspended row's fourth action folds its commands into "More".
 */
export async function accountCodesIn(base: string, token: string, state = 'active'): Promise<Set<string>> {
  const page = await api<{ records: { code: string }[] }>(base, token, 'POST', '/v2/fc/account/page', {
    state,
    size: 200,
  });
  return new Set(page.records.map((a) => a.code));
}

/** The code and name of records by id, as the record pickers answer them (to type a code into one). */
export async function recordOptions(base: string, token: string, kind: string, ids: (number | string)[]) {
  return api<{ id: number; code: string; name: string }[]>(
    base,
    token,
    'GET',
    `/v2/sys/staff/options/${kind}?ids=${ids.join(',')}`,
  );
}

/**
 * Click the option of the open select dropdown once it has finished sliding in, then wait for the
 * dropdown to close: a click during antd's motion is lost under load and leaves the list open over
 * the buttons below it.
 */
export async function chooseOption(page: Page, text: string | RegExp) {
  const dropdown = page.locator('.ant-select-dropdown:visible').last();
  await dropdown.waitFor();
  await motionDone(dropdown);
  await dropdown.locator('.ant-select-item-option').filter({ hasText: text }).first().click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}
