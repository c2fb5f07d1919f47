import type { TestProject } from 'vitest/node';
import { buildTemplates } from './db-template.js';

/** Builds the database templates every server test file copies (see db-template.ts). */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const { templates, drop } = await buildTemplates();
  project.provide('dbTemplates', templates);
  console.log(`server tests: database templates ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return drop;
}
