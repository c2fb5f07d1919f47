import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server, found by walking up to its package.json, so paths hold whether the code runs from
 * src/ through tsx or from the bundle in dist/ (scripts/build.mjs).
 */
export const SERVER_ROOT = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('apps/server/package.json not found above the running code');
    dir = up;
  }
  return dir;
})();
