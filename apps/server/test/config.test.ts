import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';

describe('DATA_DIR', () => {
  it('is resolved from the directory npm start was run in, not the server workspace npm switches to', () => {
    // `npm start` at the repository root runs the server with cwd apps/server and INIT_CWD the root
    const root = path.resolve('/srv/portal');
    expect(loadConfig({ INIT_CWD: root }).dataDir).toBe(path.join(root, 'data'));
    expect(loadConfig({ INIT_CWD: root, DATA_DIR: 'var/db' }).dataDir).toBe(path.join(root, 'var/db'));
  });

  it('keeps an absolute DATA_DIR as it is, and falls back to the working directory outside npm', () => {
    expect(loadConfig({ INIT_CWD: '/srv/portal', DATA_DIR: '/tmp/x' }).dataDir).toBe(path.resolve('/tmp/x'));
    expect(loadConfig({}).dataDir).toBe(path.resolve(process.cwd(), 'data'));
  });
});
