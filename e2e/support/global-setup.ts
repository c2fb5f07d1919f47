import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';

/**
 * Starts the real server once (migrations, demo seed) and keeps its data directory and database as
 * the template every e2e file's server copies (nothing connects to it afterwards, as PostgreSQL's
 * `CREATE DATABASE … TEMPLATE` requires). Its job queue stays off: a cron due in the minute the run
 * started (the overdue ladder at 01:00, a reminder every five minutes) ran in the template and so in
 * every copy — one CI run's copies all had the demo debtor suspended. Each copy starts its own queue
 * (0.2 s more a boot).
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const first = await startServer({ JOBS: 'false' }, null);
  await first.stopProcess();
  project.provide('e2eTemplate', {
    dataDir: first.dataDir,
    database: first.databaseUrl && new URL(first.databaseUrl).pathname.slice(1),
  });
  console.log(`e2e: server template ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return () => first.stop();
}
