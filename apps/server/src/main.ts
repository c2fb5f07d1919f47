import path from 'node:path';
import { buildApp } from './app.js';
import { modules } from './modules/index.js';
import { bootPlatform } from './platform/boot.js';
import { loadConfig } from './platform/config.js';
import { SERVER_ROOT } from './platform/paths.js';
import { serverClock } from './platform/test-clock.js';
import { seedAll } from './seed/index.js';

async function main() {
  const config = loadConfig();
  const p = await bootPlatform(config, { clock: serverClock(config) });
  if (config.seedDemo && config.seedOnStart) await seedAll(p.db, p.log, config.seed);
  for (const m of modules) m.jobs?.(p);
  if (config.jobs) {
    await p.startJobs();
    for (const m of modules) await m.schedule?.(p);
  }
  const app = await buildApp(p, { webDist: config.webDist ?? path.resolve(SERVER_ROOT, '../web/dist') });
  await app.listen({ port: config.port, host: config.host });

  const url = config.publicUrl;
  process.stdout.write(
    [
      '',
      `  Staff portal is running at ${url}`,
      `  Database: ${p.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
      `  API docs: ${url}/api/docs`,
      config.seedDemo
        ? '  Demo accounts: admin / Admin#2026, sales01 / Sales#2026, finance01 / Finance#2026, ops01 / Ops#2026'
        : '',
      config.sso.embedded
        ? `  Workplace-chat SSO: built-in provider at ${url}/sso-idp (the portal's own logins; visitor / Visitor#2026 has no portal access)`
        : config.sso.enabled
          ? `  Workplace-chat SSO: ${config.sso.issuer}`
          : '  Workplace-chat SSO: off (set SSO_ISSUER, or SSO_EMBEDDED=true for the built-in provider)',
      '',
    ].join('\n'),
  );

  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    p.log.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    await app.close();
    await p.shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
