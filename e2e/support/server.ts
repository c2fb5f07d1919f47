import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../apps/server/scripts/node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  databaseUrl?: string;
  dataDir: string;
  /** stops the server, keeping its data directory and database */
  stopProcess(): Promise<void>;
  /** stops the server and removes its data directory and database */
  stop(): Promise<void>;
}

/** A TCP port free on this machine now (for a server the test starts, or its SMTP side). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The run's started-once server state that each file's server copies (see global-setup.ts). */
export interface E2eTemplate {
  dataDir: string;
  database?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplate: E2eTemplate;
  }
}

async function freshDatabase(base: string, template?: string) {
  const name = `e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The real server as a user gets it (`npm start` without the build step: `npm run build` made the
 * server bundle and the web app): demo data,
 * on PGlite in a temp dir, or on a fresh PostgreSQL database when DATABASE_URL is set. With a
 * `template` (the run's first start, migrated and seeded) the data directory or database starts as
 * its copy, so each file's server skips the migration and the demo seed's work.
 */
export async function startServer(
  env: Record<string, string> = {},
  // null: start from nothing (the global setup making the template)
  template: E2eTemplate | null = inject('e2eTemplate') ?? null,
): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  if (template) fs.cpSync(template.dataDir, dataDir, { recursive: true });
  const db = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL, template?.database) : undefined;
  // a free port may be taken by another file's server between the look-up and the listen: boot on another
  for (let attempt = 1; ; attempt++) {
    try {
      return await boot(await freePort(), dataDir, db, env, template);
    } catch (err) {
      if (attempt >= 3 || !(err instanceof PortTaken)) throw err;
    }
  }
}

class PortTaken extends Error {}

async function boot(
  port: number,
  dataDir: string,
  db: Awaited<ReturnType<typeof freshDatabase>> | undefined,
  env: Record<string, string>,
  template: E2eTemplate | null,
): Promise<RunningServer> {
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(db ? { DATABASE_URL: db.url } : { DATABASE_URL: '' }),
      // a copy of the template is seeded by this build already: the idempotent seed would add nothing
      ...(template ? { SEED_ON_START: 'false' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  // the run's first start migrates and seeds (16 s on a quiet 2-core machine, over 180 s at load 25, and the
  // whole run has no test without it); a copy of the template only boots. E2E_START_SECONDS when busier still
  const deadline = Date.now() + Number(process.env.E2E_START_SECONDS ?? (template ? 180 : 600)) * 1000;
  for (;;) {
    if (child.exitCode !== null)
      throw output.includes('EADDRINUSE')
        ? new PortTaken(`port ${port} taken:\n${output}`)
        : new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok && output.includes('is running')) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  const stopProcess = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
  return {
    url,
    databaseUrl: db?.url,
    dataDir,
    stopProcess,
    async stop() {
      await stopProcess();
      await db?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
