import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

export const SHOTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.tmp/screenshots');

/** Debian's Chromium, headless, with the flags this sandbox needs (no network chatter, no sandbox as root). */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** The browser's language unless a test names another. */
export const DEFAULT_LOCALE = 'en-US';

export interface ContextOptions {
  locale?: string;
  width?: number;
  height?: number;
}

export async function newContext(browser: Browser, opts: ContextOptions = {}) {
  const ctx = await browser.newContext({
    locale: opts.locale ?? DEFAULT_LOCALE,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    // the portal honours the system's reduced-motion setting: dialogs, menus and charts appear at once, so a
    // test neither waits for nor renders their animations on the shared 2-core machine
    reducedMotion: 'reduce',
  });
  // two test files share the 2-core CI machine (decision 0101): a cold page there once took longer than
  // Playwright's 30 s default to show its first element; a page that never comes still fails, later
  ctx.setDefaultTimeout(60_000);
  return ctx;
}

export async function signInWithPassword(page: Page, base: string, username: string, password: string) {
  await page.goto(`${base}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  // as long as any first page may take on the shared CI machine (a server catching up after a moved clock)
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 60_000 });
}

export async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  // transitions finished: a table just done loading is otherwise caught fading back in (half grey)
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: false, animations: 'disabled' });
}

const LOCALES = new Set(['en', 'en-US', 'zh-CN']);

/**
 * The views a screenshot loop visits: locale and width tuples (`['en', 1280]`, `[route, 'zh-CN', 390, 844]`),
 * `[width, height]` pairs or bare widths. `E2E_VIEWS=all` (`npm run screenshots`, for a person reviewing the
 * screens) visits every one; otherwise (CI, `npm test`) each screen of the loop gets its first view and its
 * narrowest view in the other language, so both languages and the phone width stay asserted at a third of the
 * sign-ins (decision 0150).
 */
export function views<T>(all: readonly T[]): T[] {
  if (process.env.E2E_VIEWS === 'all') return [...all];
  const parts = (v: T): readonly unknown[] => (Array.isArray(v) ? v : [v]);
  const locale = (v: T) => parts(v).find((x) => typeof x === 'string' && LOCALES.has(x));
  const width = (v: T) =>
    (parts(v).find((x) => typeof x === 'number') as number | undefined) ?? Number.POSITIVE_INFINITY;
  const screen = (v: T) =>
    parts(v)
      .filter((x) => typeof x === 'string' && !LOCALES.has(x))
      .join('|');
  const groups = new Map<string, T[]>();
  for (const v of all) groups.set(screen(v), [...(groups.get(screen(v)) ?? []), v]);
  const kept = new Set<T>();
  for (const [first, ...rest] of groups.values()) {
    if (first === undefined) continue;
    kept.add(first);
    const narrow = rest.sort((a, b) => width(a) - width(b));
    const other = narrow.find((v) => locale(v) !== locale(first)) ?? narrow[0];
    if (other !== undefined) kept.add(other);
  }
  return all.filter((v) => kept.has(v));
}

export type { Browser, BrowserContext, Locator, Page };
