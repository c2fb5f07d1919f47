// The npm mirror our machines use lacks some other-platform builds of native tools (e.g.
// @biomejs/cli-win32-x64). `npm install` skips those optional packages and leaves them out of
// package-lock.json, after which `npm ci` refuses the lock as out of sync. This records each
// missing optional platform package in the lock with its os/cpu, exactly as npm would with a
// complete registry, so `npm ci` skips it on this platform. Run after `npm install`.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const OS = ['android', 'darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'riscv64', 's390x', 'ppc64', 'loong64', 'wasm32'];

let added = 0;
for (const [where, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${where ? `${where}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const parts = name.split('/').pop().split('-');
    const os = parts.find((p) => OS.includes(p));
    const cpu = parts.find((p) => CPU.includes(p));
    if (!os && !cpu) continue;
    lock.packages[`node_modules/${name}`] = {
      version: String(version).replace(/^[\^~]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(parts.includes('musl') ? { libc: ['musl'] } : parts.includes('gnu') ? { libc: ['glibc'] } : {}),
    };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock: recorded ${added} optional platform package(s) the registry does not serve`);
