// The web budget: gzipped JavaScript the browser really loads for the sign-in page and for the shell
// with the home overview, and how soon each page is usable, in headless Chromium on loopback.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureChromium } from '../scripts/ensure-chromium.mjs';
import { DEMO_ADMIN, root, signIn } from './lib.mjs';

/** Spec target: each page needs under 350 KB of gzipped JavaScript. */
const BUDGET_KB = 350;
const RUNS = 5;
/** Script loading counts as finished after this long without a new script request. */
const SCRIPT_QUIET_MS = 1000;
const WEB = path.join(root, 'apps', 'web');

// ---- build if needed ----------------------------------------------------------------------------

/** Newest modification time of the files under the given paths. */
function newest(paths) {
  let t = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') visit(path.join(p, e));
    } else t = Math.max(t, st.mtimeMs);
  };
  for (const p of paths) visit(p);
  return t;
}

/** The server serves apps/web/dist: build it when it is missing or older than the web sources. */
function buildIfNeeded() {
  const index = path.join(WEB, 'dist', 'index.html');
  const sources = [
    path.join(WEB, 'src'),
    path.join(WEB, 'index.html'),
    path.join(WEB, 'vite.config.ts'),
    path.join(root, 'packages', 'contracts', 'src'),
  ];
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= newest(sources)) return;
  console.log('  building apps/web (dist is missing or older than the sources)…');
  execSync('npx vite build', { cwd: WEB, stdio: ['ignore', 'ignore', 'inherit'] });
}

// On import, before scripts/bench.mjs starts the server: the server lists the built files when it
// starts (a build after that would answer 404 for the new chunk names).
buildIfNeeded();

// ---- one page load --------------------------------------------------------------------------------

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Recorded in the page from its first script on: when the element that makes the page usable
 * (the sign-in button, the home greeting) is in the document and enabled, and the first idle
 * moment of the main thread after that (requestIdleCallback): our time-to-interactive.
 */
function readyProbe(selector) {
  const mark = () => {
    const el = document.querySelector(selector);
    if (!el || el.closest('[disabled]') || window.__ready !== undefined) return false;
    window.__ready = performance.now();
    requestIdleCallback(() => {
      window.__interactive = performance.now();
    });
    return true;
  };
  const observer = new MutationObserver(() => {
    if (mark()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

/**
 * One cold load (new browser context: empty cache) of a page; counts the bodies of the script
 * responses, gzipped with zlib (level 9, as the build's size report), once the page is interactive
 * and script loading has settled.
 */
async function loadOnce(browser, { url, selector, storageState }) {
  const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, storageState });
  const page = await ctx.newPage();
  const scripts = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res);
  });
  let lastScriptAt = Date.now();
  let pendingScripts = 0;
  page.on('request', (req) => {
    if (req.resourceType() !== 'script') return;
    pendingScripts++;
    lastScriptAt = Date.now();
  });
  const settle = (req) => {
    if (req.resourceType() !== 'script') return;
    pendingScripts--;
    lastScriptAt = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  await page.addInitScript(readyProbe, selector);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__interactive !== undefined, null, { timeout: 30_000 });
  // every script the page loads on its own: none in flight and none asked for during a second
  // (not "network idle": the shell keeps a live-update connection open)
  const until = Date.now() + 30_000;
  while (pendingScripts > 0 || Date.now() - lastScriptAt < SCRIPT_QUIET_MS) {
    if (Date.now() > until) throw new Error(`scripts of ${url} did not settle`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      fcp: fcp?.startTime,
      dcl: nav?.domContentLoadedEventEnd,
      ready: window.__ready,
      // nothing can be used before it is painted: interactive is never earlier than the first paint
      interactive: Math.max(window.__interactive, fcp?.startTime ?? 0),
    };
  });
  let raw = 0;
  let gzip = 0;
  const files = new Set();
  for (const res of scripts) {
    const name = new URL(res.url()).pathname;
    if (files.has(name)) continue;
    files.add(name);
    const body = await res.body();
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  await ctx.close();
  return { ...timing, files: files.size, raw, gzip };
}

const median = (values) => {
  const v = values.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (!v.length) return undefined;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

/** The stored session of a signed-in browser, taken from a real sign-in through the form. */
async function signedInState(browser, url) {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  await page.goto(`${url}/login`);
  await page.getByTestId('login-username').fill(DEMO_ADMIN.username);
  await page.getByTestId('login-password').fill(DEMO_ADMIN.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
  const state = await ctx.storageState();
  await ctx.close();
  return state;
}

/** The version notes pop up once per user; the budget is for the everyday start, so they are read first. */
async function readVersionNotes(url) {
  const token = await signIn(url);
  const auth = { authorization: `Bearer ${token}` };
  const popup = await (await fetch(`${url}/v2/sys/staff/version/popup`, { headers: auth })).json();
  if (popup.data?.popupState === 1 && popup.data.versionDetail) {
    await fetch(`${url}/v2/sys/staff/version/popup/read`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ id: popup.data.versionDetail.id }),
    });
  }
}

const PAGES = [
  { name: 'Sign-in page (`/login`)', path: '/login', selector: '[data-testid="login-submit"]', signedIn: false },
  {
    name: 'Shell with home (`/home`, admin: every module)',
    path: '/home',
    selector: '[data-testid="home-greeting"]',
    signedIn: true,
  },
];

// ---- the suite ----------------------------------------------------------------------------------

/** When and under what load each target was measured (this section may be refreshed on its own). */
const runs = [];

/** What each page needs before it renders, from the build manifest (apps/web/scripts/bundle-size.mjs). */
function beforeRender() {
  let out;
  try {
    out = execSync('node scripts/bundle-size.mjs', { cwd: WEB, encoding: 'utf8', env: { ...process.env, TOP: '0' } });
  } catch (err) {
    out = String(err.stdout ?? ''); // over the budget: the script exits 1 and still reports
  }
  const total = (page) => out.match(new RegExp(`^${page}: ([\\d.]+) KB gzipped JS in (\\d+) files in ([\\w-]+)`, 'm'));
  return { login: total('login'), shell: total('shell \\+ home') };
}

const kb = (bytes) => (bytes === undefined ? '—' : (bytes / 1024).toFixed(1));
const ms = (v) => (v === undefined ? '—' : String(Math.round(v)));

export default {
  heading: 'Web budget',

  /** @param {{ url: string, target: string }} ctx */
  async run({ url, target }) {
    runs.push({ target, date: new Date().toISOString().slice(0, 10), load: os.loadavg()[0], before: beforeRender() });
    const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: LAUNCH_ARGS });
    try {
      await readVersionNotes(url);
      const rows = [];
      for (const p of PAGES) {
        // a session signed in just before each load: the app renews its token after 5 % of the
        // token's life, which would spend a stored refresh token shared between loads
        const load = async () =>
          loadOnce(browser, {
            url: `${url}${p.path}`,
            selector: p.selector,
            storageState: p.signedIn ? await signedInState(browser, url) : undefined,
          });
        // one warm-up load (server caches, Chromium's own start-up), then the measured runs
        await load();
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await load());
        const row = {
          name: p.name,
          files: median(runs.map((r) => r.files)),
          raw: median(runs.map((r) => r.raw)),
          gzip: median(runs.map((r) => r.gzip)),
          gzipSpread: Math.max(...runs.map((r) => r.gzip)) - Math.min(...runs.map((r) => r.gzip)),
          fcp: median(runs.map((r) => r.fcp)),
          dcl: median(runs.map((r) => r.dcl)),
          interactive: median(runs.map((r) => r.interactive)),
        };
        process.stdout.write(
          `    ${p.path}: ${kb(row.gzip)} KB gzipped JS in ${row.files} files, ` +
            `FCP ${ms(row.fcp)} ms, DCL ${ms(row.dcl)} ms, interactive ${ms(row.interactive)} ms\n`,
        );
        rows.push(row);
      }
      return rows;
    } finally {
      await browser.close();
    }
  },

  /** @param {Record<string, Array<Record<string, any>>>} byTarget  @param {{ targets: {id: string, label: string}[] }} meta */
  render(byTarget, meta) {
    const targets = meta.targets.filter((t) => byTarget[t.id]);
    const before = runs.at(-1)?.before;
    const names = [...new Set(Object.values(byTarget).flatMap((rows) => rows.map((r) => r.name)))];
    const any = (name) =>
      Object.values(byTarget)
        .flat()
        .find((r) => r.name === name);
    const size = [
      '| Page | Script files | JS (KB, raw) | JS (KB, gzipped) | Budget | |',
      '|---|--:|--:|--:|--:|---|',
      ...names.map((name) => {
        const r = any(name);
        const within = r.gzip <= BUDGET_KB * 1024;
        return `| ${name} | ${r.files} | ${kb(r.raw)} | ${kb(r.gzip)} | ${BUDGET_KB} | ${within ? 'within' : '**over**'} |`;
      }),
    ];
    const timing = [
      `| Page |${targets.map((t) => ` ${t.label} FCP | ${t.label} DOMContentLoaded | ${t.label} interactive |`).join('')}`,
      `|---|${targets.map(() => '--:|--:|--:|').join('')}`,
      ...names.map((name) => {
        const cells = targets.map((t) => {
          const r = byTarget[t.id].find((x) => x.name === name);
          return ` ${ms(r?.fcp)} | ${ms(r?.dcl)} | ${ms(r?.interactive)} |`;
        });
        return `| ${name} |${cells.join('')}`;
      }),
    ];
    const spread = Object.values(byTarget)
      .flat()
      .filter((r) => r.gzipSpread > 0)
      .map((r) => `- ${r.name}: the gzipped JS varied by ${kb(r.gzipSpread)} KB between runs (median shown).`);
    return [
      'Headless Chromium (Debian, playwright-core, en-US) against the real server on loopback, 1280 × 800, a new',
      `browser context (empty cache) per load, one warm-up then ${RUNS} measured loads per page, medians.`,
      'JS: the bodies of every script response until no script was asked for during 1 s after the page',
      'became interactive, gzipped with zlib (level 9);',
      'the server sends them uncompressed on loopback, a production proxy compresses them.',
      'The home page is measured signed in as admin (every module in the menus) after the version notes',
      'were read (they pop up once per user and load their own chunk).',
      '',
      ...size,
      '',
      ...(before?.login && before?.shell
        ? [
            `Needed before the page renders (\`npm run size -w @portal/web\`: entry, route screen and the`,
            `UI texts of one language, from the build manifest; the heavier language counted): sign-in page`,
            `${before.login[1]} KB in ${before.login[2]} files (${before.login[3]}), shell with home ${before.shell[1]} KB in ${before.shell[2]} files`,
            `(${before.shell[3]}). The rest loads right after the first paint (bell, live channel, AI icon, menu icons).`,
            '',
          ]
        : []),
      'Times in ms from navigation start: first contentful paint, DOMContentLoaded, and interactive =',
      'the sign-in button / the home greeting is in the page and the main thread is next idle',
      '(requestIdleCallback), and not before the first paint: an approximation of Lighthouse',
      'time-to-interactive without throttling. On a busy machine the times are a ceiling, the sizes are exact.',
      `Measured ${runs
        .map(
          (r) =>
            `${r.date} on ${targets.find((t) => t.id === r.target)?.label ?? r.target} (load average ${r.load.toFixed(2)})`,
        )
        .join(', ')}.`,
      '',
      ...timing,
      ...(spread.length ? ['', ...spread] : []),
    ].join('\n');
  },
};
