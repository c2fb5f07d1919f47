import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the Node flags of the server process', () => {
  it('npm start runs the bundle with the flags the browser tests and the benches start it with', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} dist/main.mjs`);
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=32');
  });
});
