import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Errors } from '@portal/contracts';
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
      loadConfig({
        LOG_LEVEL: 'silent',
        APP_ENV: 'staging',
        EXTERNAL_LINK_IMFS: 'https://imfs.example/',
        SUBAPP_CRM: 'https://crm.example:8443/app/',
      }),
      { pgliteDir: 'memory://', logger: pino({ level: 'silent' }) },
    );
    app = await buildApp(p, { webDist: dist });
  });
  afterAll(async () => {
    await app?.close();
    await p?.shutdown();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers any screen path with index.html, never cached, loading the run-time configuration', async () => {
    const res = await app.inject({ url: '/crm/open-sea?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    // a file, not an inline script: the CSP allows no inline script
    expect(res.body).toContain('<script src="/portal-config.js"></script></head>');
    const config = await app.inject({ url: '/portal-config.js' });
    expect(config.statusCode).toBe(200);
    expect(config.headers['content-type']).toContain('javascript');
    expect(config.headers['cache-control']).toBe('no-cache');
    expect(config.body).toContain('window.__PORTAL_CONFIG__={"env":"staging"');
    expect(config.body).toContain('"imfs":"https://imfs.example/"');
  });

  it('sends the CSP, X-Frame-Options and nosniff with the page, its assets and the configuration', async () => {
    for (const url of ['/', '/index.html', '/home', '/assets/app-1.js', '/portal-config.js']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      const csp = String(res.headers['content-security-policy']);
      const directive = (name: string) =>
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .find(([n]) => n === name)
          ?.slice(1);
      // only the app's own script files: no inline script, no javascript: URLs, no eval
      expect(directive('script-src'), url).toEqual(["'self'"]);
      expect(directive('default-src'), url).toEqual(["'self'"]);
      expect(directive('object-src'), url).toEqual(["'none'"]);
      expect(directive('frame-ancestors'), url).toEqual(["'self'"]);
      expect(directive('base-uri'), url).toEqual(["'self'"]);
      // what the app needs: antd's inline styles, preview images, the pdf.js worker, the sub-app frames
      expect(directive('style-src'), url).toContain("'unsafe-inline'");
      expect(directive('img-src'), url).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(directive('worker-src'), url).toEqual(["'self'", 'blob:']);
      expect(directive('connect-src'), url).toContain("'self'");
      expect(directive('frame-src'), url).toEqual(["'self'", 'blob:', 'https://crm.example:8443']);
    }
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
    expect((await app.inject({ url: '/v2/no-such-route' })).json().code).toBe(Errors.ROUTE_NOT_FOUND.code);
  });
});
