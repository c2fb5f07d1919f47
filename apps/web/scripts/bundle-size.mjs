#!/usr/bin/env node
/**
 * Gzipped JavaScript each entry page loads, from the build manifest (dist/.vite/manifest.json):
 * the entry chunk and its static imports, plus the lazy route chunks (and their static imports)
 * the page needs before it renders. Run after `vite build`.
 *   node scripts/bundle-size.mjs [budgetKB]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
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

const pages = {
  login: [entry, byName('shell/pages/LoginPage.tsx')],
  'shell + home': [
    entry,
    byName('shell/layout/ShellLayout.tsx'),
    byName('modules/home/HomeScreen.tsx'),
    byName('shell/layout/menu-icons/base.ts'),
  ],
};

let failed = false;
const loginFiles = new Set([...closure(pages.login)].map((k) => manifest[k].file));
for (const [name, roots] of Object.entries(pages)) {
  const files = [...closure(roots)].map((k) => manifest[k].file);
  const rows = files.map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((n, [, s]) => n + s, 0);
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(`\n${name}: ${kb(total)} KB gzipped JS in ${rows.length} files (budget ${budget} KB)`);
  for (const [f, s] of rows.slice(0, Number(process.env.TOP ?? 8))) {
    const mark = name !== 'login' && !loginFiles.has(f) ? '  (not on the sign-in page)' : '';
    console.log(`  ${kb(s).padStart(7)} KB  ${f}${mark}`);
  }
  if (total > budget * 1024) failed = true;
}
process.exitCode = failed ? 1 : 0;
