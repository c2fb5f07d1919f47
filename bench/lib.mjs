// Shared helpers of the benchmark suites: start the real server, run autocannon, format numbers.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildServer } from '../apps/server/scripts/build.mjs';
import { SERVER_NODE_FLAGS } from '../apps/server/scripts/node-flags.mjs';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export const DEMO_ADMIN = { username: 'admin', password: 'Admin#2026' };

/** A TCP port nobody listens on right now (loopback). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Builds and starts the server as `npm start` does (`node apps/server/dist/main.mjs`) with a temporary DATA_DIR on a free loopback port and waits
 * for /healthz. The sign-in rate limit is lifted (the bench measures the handler, not the limiter).
 * Returns { url, stop() }; stop() sends SIGTERM and reports whether the process exited cleanly.
 */
let built;
/** the server bundle, built once per bench run from the current sources */
export function serverBuilt() {
  built ??= buildServer();
  return built;
}

export async function startServer({ databaseUrl, label }) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    LOGIN_RATE_PER_IP: '100000000',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  await serverBuilt();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  let dead = false;
  exited.then(() => {
    dead = true;
  });

  const url = `http://127.0.0.1:${port}`;
  // BENCH_START_SECONDS: a fresh database's demo seed on a machine shared with other work takes longer
  const startSeconds = Number(process.env.BENCH_START_SECONDS ?? 180);
  const until = Date.now() + startSeconds * 1000;
  for (;;) {
    if (dead) throw new Error(`${label}: server exited during start\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`${label}: server did not answer /healthz within ${startSeconds} s\n${output}`);
    }
    await sleep(250);
  }

  return {
    url,
    pid: child.pid,
    async stop() {
      const started = Date.now();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
      const { code, signal } = await exited;
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
      return { code, signal, ms: Date.now() - started, output };
    },
  };
}

export async function signIn(url, who = DEMO_ADMIN) {
  const res = await fetch(`${url}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', ...who, client_id: 'staff-web', scope: 'staff' }),
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/**
 * One autocannon run. Every answer must be a 2xx with envelope code 0 (checked on a sample of
 * bodies up front); the run reports req/s (mean), latency p50/p99 (ms), and any errors / non-2xx.
 */
export async function measure({ url, method = 'GET', path: p, headers = {}, body, connections, duration, warmup = 2 }) {
  const probe = await fetch(`${url}${p}`, { method, headers, body });
  const probeBody = await probe.json().catch(() => null);
  if (!probe.ok || probeBody?.code !== 0) {
    throw new Error(`${method} ${p} is not answering successfully: ${probe.status} ${JSON.stringify(probeBody)}`);
  }
  const opts = { url: `${url}${p}`, method, headers, body, connections, pipelining: 1 };
  if (warmup > 0) await autocannon({ ...opts, duration: warmup });
  const r = await autocannon({ ...opts, duration });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

export const fmt = {
  rps: (v) => (v === undefined ? '—' : v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1)),
  ms: (v) => (v === undefined ? '—' : v >= 10 ? String(Math.round(v)) : v.toFixed(1)),
};

/** A temporary PostgreSQL database next to the bench's own (same server), named `<prefix>_<time>`; drop() removes it. */
export async function tempDatabase(prefix) {
  const base = new URL(
    process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
    /** leaves the database for a look afterwards (its open connection would keep the run alive) */
    async keep() {
      await admin.end();
    },
  };
}

const benchPgBase = () =>
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The URL of the database scripts/bench.mjs made for the running server; without one (a suite run
 * another way) the newest `bench_*` database. Guessing the newest loaded a concurrent run's rows
 * into another run's database.
 */
export async function serverDatabase() {
  if (process.env.BENCH_SERVER_DATABASE_URL) return process.env.BENCH_SERVER_DATABASE_URL;
  const base = benchPgBase();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      `select datname from pg_database where datname like 'bench\\_%' order by oid desc limit 1`,
    );
    if (!rows[0]) throw new Error('no bench database found');
    const url = new URL(base);
    url.pathname = `/${rows[0].datname}`;
    return url.toString();
  } finally {
    await admin.end();
  }
}

/**
 * Runs a bundled in-process bench runner (apps/server/dist/bench-*-run.mjs) in its own Node process and
 * answers the JSON of its last output line; `name` labels a failure.
 */
export function runBenchChild(runner, env, name) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, runner], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop();
      if (code === 0) resolve(line ? JSON.parse(line) : undefined);
      else reject(new Error(`${name} bench exited ${code}\n${err.slice(-4000)}`));
    });
  });
}
