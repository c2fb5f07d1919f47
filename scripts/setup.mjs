// `npm run setup`: installs the project's dependencies with npm running on the project's own
// Node.js (the pinned `node` devDependency), so npm checks every package's engines against that
// version and a machine with an older Node needs no manual step. `--ci` installs from the lock file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const pinned = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).devDependencies.node;
const verb = process.argv.includes('--ci') ? 'ci' : 'install';
const args = [verb, '--no-audit', '--no-fund'];

const npmCli = () => {
  const globalRoot = spawnSync('npm', ['root', '-g'], { encoding: 'utf8' }).stdout.trim();
  return path.join(globalRoot, 'npm', 'bin', 'npm-cli.js');
};

const onPinned = process.version === `v${pinned}`;
const result = onPinned
  ? spawnSync('npm', args, { stdio: 'inherit', cwd: root })
  : // npx fetches the `node` package (its binary ships inside a registry package) and runs npm with it
    spawnSync('npx', ['--yes', `node@${pinned}`, npmCli(), ...args], { stdio: 'inherit', cwd: root });
process.exit(result.status ?? 1);
