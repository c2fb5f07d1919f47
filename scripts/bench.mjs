// `npm run bench`: runs every suite in bench/*.suite.mjs against the real server, first on embedded
// PGlite, then on PostgreSQL (a fresh database, dropped afterwards), and writes each suite's results
// as its own section of docs/benchmarks.md (a section is replaced by its heading; others are kept).
//
//   node scripts/bench.mjs [--only=pglite|postgres] [--suite=api] [--duration=10] [--dry]
//
// PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
// (only the server part is used; the bench creates and drops its own database). Loopback only.
//
// A suite is a module whose default export is
//   { heading: string, run({ url, target, duration }): Promise<rows>, render(byTarget, meta): string }
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { root, startServer } from '../bench/lib.mjs';
import { ensurePostgres } from './ensure-postgres.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const duration = Math.min(60, Math.max(1, Number(args.duration ?? 10)));
const DOC = path.join(root, 'docs', 'benchmarks.md');

const TARGETS = [
  { id: 'pglite', label: 'PGlite' },
  { id: 'postgres', label: 'PostgreSQL' },
].filter((t) => !args.only || args.only === t.id);

const suiteFiles = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.suite.mjs'))
  .filter((f) => !args.suite || f === `${args.suite}.suite.mjs`)
  .sort();
if (!suiteFiles.length) throw new Error(`no suite matches ${args.suite}`);
const suites = [];
for (const f of suiteFiles) suites.push({ file: f, ...(await import(path.join(root, 'bench', f))).default });

const pgBase =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withDatabase(fn) {
  const base = new URL(pgBase);
  if (!['127.0.0.1', 'localhost', '::1'].includes(base.hostname)) throw new Error('the bench runs on loopback only');
  await ensurePostgres(base.toString());
  const name = `bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  const version = (await admin.query('show server_version')).rows[0].server_version;
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  // the suites load their rows into this database (bench/lib.mjs serverDatabase), not another run's
  process.env.BENCH_SERVER_DATABASE_URL = url.toString();
  try {
    return await fn(url.toString(), version);
  } finally {
    // BENCH_KEEP_DATABASE=1 keeps the loaded rows for EXPLAIN afterwards (printed name)
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const loadAtStart = os.loadavg()[0];
const results = Object.fromEntries(suites.map((s) => [s.heading, {}]));
const notes = [];
let postgresVersion;

for (const target of TARGETS) {
  const runOn = async (databaseUrl) => {
    console.log(`\n▶ ${target.label}: starting the server…`);
    const server = await startServer({ databaseUrl, label: target.label });
    try {
      for (const suite of suites) {
        console.log(`  ${suite.heading}`);
        results[suite.heading][target.id] = await suite.run({ url: server.url, target: target.id, duration });
      }
    } finally {
      const stopped = await server.stop();
      const clean = stopped.code === 0;
      console.log(`  server stopped on SIGTERM in ${stopped.ms} ms (exit ${stopped.code ?? stopped.signal})`);
      if (!clean) {
        notes.push(`${target.label}: server did not exit cleanly on SIGTERM (${stopped.code ?? stopped.signal})`);
        console.log(stopped.output.slice(-4000));
      }
    }
  };
  if (target.id === 'postgres') {
    await withDatabase(async (url, version) => {
      postgresVersion = version;
      await runOn(url);
    });
  } else {
    await runOn(undefined);
  }
}

// ---- docs/benchmarks.md -------------------------------------------------------------------------

function machine() {
  const sh = (cmd) => {
    try {
      return execSync(cmd, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return undefined;
    }
  };
  const pkg = (name) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      return '?';
    }
  };
  return [
    `- Date: ${new Date().toISOString().slice(0, 10)}`,
    `- CPU: ${sh('nproc') ?? os.availableParallelism()} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    `- Memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- OS: ${os.type()} ${os.release()}`,
    `- Node.js ${process.version}, PGlite ${pkg('@electric-sql/pglite')}, autocannon ${pkg('autocannon')}` +
      (postgresVersion ? `, PostgreSQL ${postgresVersion} (same machine, default settings)` : ''),
    `- Load average (1 min) before / after the run: ${loadAtStart.toFixed(2)} / ${os.loadavg()[0].toFixed(2)}` +
      ' (other work on the machine skews the numbers; compare runs with similar load)',
    '- Client and server share the machine, so the numbers are a floor, not a capacity plan.',
    ...notes.map((n) => `- Note: ${n}`),
  ].join('\n');
}

/** Replaces the `## heading` section (up to the next `## `) or appends it. */
function putSection(doc, heading, body) {
  const section = `## ${heading}\n\n${body.trim()}\n`;
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${heading}`);
  if (start < 0) return `${doc.trimEnd()}\n\n${section}`;
  let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  if (end < 0) end = lines.length;
  return [...lines.slice(0, start), section.trimEnd(), '', ...lines.slice(end)].join('\n').trimEnd().concat('\n');
}

const meta = { duration, targets: TARGETS };
let doc = fs.existsSync(DOC)
  ? fs.readFileSync(DOC, 'utf8')
  : [
      '# Benchmarks',
      '',
      'Written by `npm run bench` (scripts/bench.mjs): each suite in `bench/*.suite.mjs` owns one section',
      'below and rewrites it on every run; PGlite and PostgreSQL side by side. Add a suite file to add a',
      'section. `--only=pglite|postgres`, `--suite=<name>`, `--duration=<s>`, `--dry` (print, do not write).',
      '',
    ].join('\n');
doc = putSection(doc, 'Machine', machine());
for (const suite of suites) doc = putSection(doc, suite.heading, suite.render(results[suite.heading], meta));

if (args.dry) {
  console.log(`\n${doc}`);
} else {
  fs.writeFileSync(DOC, doc);
  console.log(`\nwrote ${path.relative(root, DOC)}`);
}
