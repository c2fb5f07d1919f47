// `npm test`: every test. Unit and API tests (on PostgreSQL when DATABASE_URL is set, else PGlite),
// then the web build and the end-to-end tests in Debian's Chromium against the real server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureMailServers } from './ensure-mail-servers.mjs';
import { ensurePostgres } from './ensure-postgres.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } }).status ?? 1;

await ensurePostgres();
// without them (not root) the imap connector tests are skipped, said once here
if (!(await ensureMailServers())) process.env.MAIL_SERVERS = 'off';
const chromium = ensureChromium();
console.log(`\n▶ tests on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}\n`);

// CI builds once before both passes and says so; a person's `npm test` builds what they changed
if (!process.env.PORTAL_BUILT && run('npm', ['run', 'build', '--silent']) !== 0) process.exit(1);

const report = path.join(root, '.tmp', 'vitest-report.json');
fs.mkdirSync(path.dirname(report), { recursive: true });
const status = run(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  {
    CHROMIUM_PATH: chromium,
  },
);

try {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  console.log(
    `\nportal tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`,
  );
  // where the time goes: the slowest files, so a run that grows says which file grew
  const files = r.testResults
    .map((f) => ({ file: path.relative(root, f.name), s: (f.endTime - f.startTime) / 1000 }))
    .sort((a, b) => b.s - a.s);
  const total = files.reduce((sum, f) => sum + f.s, 0);
  console.log(`slowest files (of ${files.length}, ${Math.round(total)} s summed over workers):`);
  for (const f of files.slice(0, 15)) console.log(`  ${f.s.toFixed(1).padStart(7)} s  ${f.file}`);
} catch {
  console.log('\nportal tests: no report written');
}
process.exit(status);
