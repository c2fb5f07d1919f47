import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Booted, bootPlatform } from '../src/platform/boot.js';
import { loadConfig } from '../src/platform/config.js';

describe('serving the built web app', () => {
  let p: Booted;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><title>x</title></head><body>v1</body></html>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    p = await bootPlatform(
      loadConfig({ LOG_LEVEL: 'silent', APP_ENV: 'staging', EXTERNAL_LINK_IMFS: 'https://imfs.example/' }),
      { pgliteDir: 'memory://', logger: pino({ level: 'silent' }) },
    );
    app = await buildApp(p, { webDist: dist });
  });
  afterAll(async () => {
    await app?.close();
    await p?.shutdown();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers any screen path with index.html, never cached, carrying the run-time configuration', async () => {
    const res = await app.inject({ url: '/crm/open-sea?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('window.__PORTAL_CONFIG__={"env":"staging"');
    expect(res.body).toContain('"imfs":"https://imfs.example/"');
  });

  it('caches hashed assets for a year and 404s missing ones instead of answering the page', async () => {
    const ok = await app.inject({ url: '/assets/app-1.js' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/assets/app-2.js' })).statusCode).toBe(404);
  });

  it('serves a new build without a restart', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    const later = Date.now() / 1000 + 5;
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head></head><body>v2</body></html>');
    fs.utimesSync(path.join(dist, 'index.html'), later, later);
    expect((await app.inject({ url: '/assets/app-2.js' })).body).toBe('console.log(2)');
    expect((await app.inject({ url: '/home' })).body).toContain('v2');
  });

  it('never leaves the build folder and never shadows the API', async () => {
    expect((await app.inject({ url: '/assets/..%2f..%2fetc%2fpasswd' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/v2/no-such-route' })).json().code).toBe(10000005);
  });
});
