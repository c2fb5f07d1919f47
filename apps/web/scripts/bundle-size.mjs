#!/usr/bin/env node
/**
 * Gzipped JavaScript each entry page loads, from the build manifest (dist/.vite/manifest.json):
 * the entry chunk and its static imports, plus the lazy chunks (and their static imports) the page
 * needs before it renders: its route's screen and the UI texts of the language (the heavier of
 * zh-CN and en is reported). Run after `vite build`.
 *   node scripts/bundle-size.mjs [budgetKB]      (WEB_DIST=<dir>: another build than ../dist)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(
  process.env.WEB_DIST ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
);
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const budget = Number(process.argv[2] ?? 350);

const byName = (needle) => {
  const hit = Object.entries(manifest).find(([k, v]) => k.endsWith(needle) || v.src?.endsWith(needle));
  if (!hit) throw new Error(`no chunk for ${needle}`);
  return hit[0];
};

/** A chunk and everything it imports statically. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const gz = (file) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);

const LOCALES = ['zh-CN', 'en'];

/**
 * What each page loads before it renders, in one UI language: the static closure of these roots.
 * The texts load by language (src/platform/i18n.ts): the platform pack before the first render,
 * a module's texts before its screen runs (the home module's on the home page).
 */
const pages = {
  login: (locale) => [entry, byName('shell/pages/LoginPage.tsx'), byName(`platform/locales/pack.${locale}.ts`)],
  'shell + home': (locale) => [
    entry,
    byName(`platform/locales/pack.${locale}.ts`),
    byName('shell/layout/ShellLayout.tsx'),
    byName('modules/home/HomeScreen.tsx'),
    byName(`modules/home/locales/${locale}.ts`),
    byName('platform/ui/menu-icons/base.ts'),
  ],
};

const kb = (n) => (n / 1024).toFixed(1);
const loginFiles = new Set(LOCALES.flatMap((locale) => [...closure(pages.login(locale))].map((k) => manifest[k].file)));
let failed = false;
for (const [name, rootsOf] of Object.entries(pages)) {
  // the heavier language counts
  const byLocale = LOCALES.map((locale) => {
    const files = [...closure(rootsOf(locale))].map((k) => manifest[k].file);
    const rows = files.map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]);
    return { locale, rows, total: rows.reduce((n, [, s]) => n + s, 0) };
  }).sort((a, b) => b.total - a.total);
  const { locale, rows, total } = byLocale[0];
  const others = byLocale.slice(1).map((o) => `${o.locale} ${kb(o.total)} KB`);
  console.log(
    `\n${name}: ${kb(total)} KB gzipped JS in ${rows.length} files in ${locale} (${others.join(', ')}; budget ${budget} KB)`,
  );
  for (const [f, s] of rows.slice(0, Number(process.env.TOP ?? 8))) {
    const mark = name !== 'login' && !loginFiles.has(f) ? '  (not on the sign-in page)' : '';
    console.log(`  ${kb(s).padStart(7)} KB  ${f}${mark}`);
  }
  if (total > budget * 1024) failed = true;
}
process.exitCode = failed ? 1 : 0;
