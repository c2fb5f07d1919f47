import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp, type RegisteredRoute } from '../src/app.js';
import { modules } from '../src/modules/index.js';
import { type Booted, bootPlatform } from '../src/platform/boot.js';
import { MovableClock } from '../src/platform/clock.js';
import { loadConfig } from '../src/platform/config.js';
import { Topics } from '../src/platform/events/topics.js';
import type { Module } from '../src/platform/module.js';
import { seedAll } from '../src/seed/index.js';
import type { DbTemplates } from './db-template.js';

/** Tests run on PostgreSQL when DATABASE_URL is set (a fresh database per app), else on in-memory PGlite. */
export const onPostgres = !!process.env.DATABASE_URL;

export interface TestApp {
  app: FastifyInstance & { routesList: RegisteredRoute[] };
  p: Booted;
  /** the platform's clock: move it forward instead of waiting (starts at real time) */
  clock: MovableClock;
  databaseUrl?: string;
  close(): Promise<void>;
}

/** The run's database templates (test/db-template.ts), when the global setup built them. */
const templates = (): DbTemplates | undefined => inject('dbTemplates');

/**
 * Creates a database on the test server and returns its URL (PostgreSQL only): a copy of the run's
 * `template` database when given, else empty.
 */
export async function createTestDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL!;
  const name = `t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // copies of one template made at the same moment by parallel files may meet "being accessed"
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt > 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // pool.end() resolves before its connections have gone: wait for them (up to 2 s), so that
      // `with (force)` does not kill a closing connection (an uncaught FATAL 57P01 in the test)
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface StartOptions {
  env?: Record<string, string>;
  seed?: boolean;
  jobs?: boolean;
  /** reuse an existing database (second process on the same PostgreSQL) */
  databaseUrl?: string;
  listen?: boolean;
  /**
   * Listen on a port picked beforehand and set PORT / PUBLIC_URL to it, for flows that send the
   * browser back to the server's public address (single sign-on). Implies `listen`.
   */
  publicUrl?: boolean;
  /** declare extra (test-only) jobs after the modules' jobs, before the queue starts */
  defineJobs?: (p: Booted) => void;
  /** test-only rooms (fixture resources) mounted after the real ones */
  modules?: Module[];
  /** log somewhere (default: silent unless TEST_LOG is set) */
  logger?: pino.Logger;
}

/** A TCP port free right now on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve, reject) => srv.once('error', reject).listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

export async function startTestApp(opts: StartOptions = {}): Promise<TestApp & { url: string }> {
  // a fresh database copies the run's template: seeded unless the test wants no demo data
  const template = opts.databaseUrl ? undefined : templates()?.[opts.seed === false ? 'migrated' : 'seeded'];
  const created = onPostgres && !opts.databaseUrl ? await createTestDatabase(template) : undefined;
  const databaseUrl = opts.databaseUrl ?? created?.url;
  const port = opts.publicUrl ? await freePort() : 0;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(port ? { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    ...opts.env,
  });
  const clock = new MovableClock();
  const p = await bootPlatform(config, {
    clock,
    pgliteDir: 'memory://',
    pgliteLoad: !onPostgres && template ? new Blob([fs.readFileSync(template)]) : undefined,
    logger: opts.logger ?? pino({ level: process.env.TEST_LOG ?? 'silent' }),
  });
  if (opts.seed !== false && !template) await seedAll(p.db, p.log);
  for (const m of modules) m.jobs?.(p);
  opts.defineJobs?.(p);
  if (opts.jobs) {
    await p.startJobs();
    for (const m of modules) await m.schedule?.(p);
  }
  const app = await buildApp(p, { extraModules: opts.modules });
  let url = '';
  if (opts.listen || opts.publicUrl) url = await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    p,
    clock,
    url,
    databaseUrl,
    async close() {
      await app.close();
      await p.shutdown();
      await created?.drop();
    },
  };
}

export const DEMO = {
  admin: { username: 'admin', password: 'Admin#2026' },
  sales01: { username: 'sales01', password: 'Sales#2026' },
  finance01: { username: 'finance01', password: 'Finance#2026' },
  ops01: { username: 'ops01', password: 'Ops#2026' },
} as const;

export interface Tokens {
  token: string;
  refreshToken: string;
  expiresIn: number;
}

export async function signIn(app: FastifyInstance, who: { username: string; password: string }): Promise<Tokens> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/oauth/token',
    payload: {
      grant_type: 'password',
      username: who.username,
      password: who.password,
      client_id: 'staff-web',
      scope: 'staff',
    },
  });
  const body = res.json();
  if (body.code !== 0) throw new Error(`sign-in failed: ${res.body}`);
  return body.data;
}

export const bearer = (t: Tokens | string) => ({ authorization: `Bearer ${typeof t === 'string' ? t : t.token}` });

/** Calls `fn` every 100 ms until `ok` holds or `ms` pass; answers the last value (the caller asserts on it). */
export const poll = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** Sheet rows (values as text) of an XLSX, every sheet in order. */
export async function xlsxSheets(buf: Buffer): Promise<string[][][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => {
    const rows: string[][] = [];
    // values are sparse (empty cells are holes): Array.from fills them
    ws.eachRow((r) => rows.push(Array.from((r.values as unknown[]).slice(1), (v) => (v == null ? '' : String(v)))));
    return rows;
  });
}

/**
 * Moves the clock past the first `hours` of the UTC day, so records stamped "an hour ago" fall on today
 * whatever time the run starts (a CI run just after midnight otherwise finds no traffic of today).
 */
export function clearOfMidnight(clock: MovableClock, hours = 3): void {
  const intoDay = clock.now().getTime() % 86_400_000;
  if (intoDay < hours * 3_600_000) clock.advance(hours * 3_600_000 - intoDay);
}

/**
 * Tells every access cache that roles changed and waits until the bus has delivered it: on PostgreSQL the
 * event comes back through NOTIFY after `publish` has returned, and the caches drop in their (synchronous)
 * subscribers, which run before this one.
 */
export async function accessChanged(p: Booted): Promise<void> {
  const delivered = new Promise<void>((resolve) => {
    const off = p.bus.subscribe(Topics.ACCESS_CHANGED, () => {
      off();
      resolve();
    });
  });
  await p.bus.publish(Topics.ACCESS_CHANGED, '*');
  await delivered;
}
