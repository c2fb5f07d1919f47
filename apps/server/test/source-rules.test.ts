import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Perm, permOf, routes } from '@portal/contracts';
import { describe, expect, it } from 'vitest';

// Rules on the source tree itself (no app is started): who may import whom.
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverSrc = path.join(repo, 'apps/server/src');
const webSrc = path.join(repo, 'apps/web/src');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/** The files a source imports by relative path, resolved (extension and `?query` dropped). */
function relativeImports(file: string, text: string): string[] {
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"?]+)/g)].map((m) => m[1] as string);
  return specs.map((s) => path.resolve(path.dirname(file), s).replace(/\.(js|tsx?)$/, ''));
}

function offenders(files: string[], bad: (from: string, to: string) => boolean): string[] {
  const found: string[] = [];
  for (const f of files) {
    for (const to of relativeImports(f, fs.readFileSync(f, 'utf8'))) {
      if (bad(f, to)) found.push(`${path.relative(repo, f)} → ${path.relative(repo, to)}`);
    }
  }
  return found;
}

const under = (dir: string, p: string) => p === dir || p.startsWith(`${dir}/`);

describe('import boundaries', () => {
  it('no web room imports the shell', () => {
    const rooms = path.join(webSrc, 'modules');
    const shell = path.join(webSrc, 'shell');
    expect(offenders(sourceFiles(rooms), (_, to) => under(shell, to))).toEqual([]);
  });

  it('the web platform imports no room and not the shell', () => {
    const platform = path.join(webSrc, 'platform');
    const bad = (_: string, to: string) =>
      under(path.join(webSrc, 'modules'), to) || under(path.join(webSrc, 'shell'), to);
    expect(offenders(sourceFiles(platform), bad)).toEqual([]);
  });

  it('no server room imports the list of rooms (modules/index)', () => {
    const rooms = path.join(serverSrc, 'modules');
    const list = path.join(rooms, 'index');
    expect(offenders(sourceFiles(rooms), (_, to) => to === list)).toEqual([]);
  });

  it('the server platform imports no room', () => {
    const platform = path.join(serverSrc, 'platform');
    expect(offenders(sourceFiles(platform), (_, to) => under(path.join(serverSrc, 'modules'), to))).toEqual([]);
  });

  it('the check sees a violation', () => {
    const room = path.join(webSrc, 'modules/x/Screen.tsx');
    expect(relativeImports(room, "import { a } from '../../shell/registry';")).toEqual([
      path.join(webSrc, 'shell/registry'),
    ]);
  });
});

describe('permission keys', () => {
  // every key the registry derives (screens) and every named key; bare words ('home', 'crm') are
  // sub-app names as much as keys, so only keys with a ':' are looked for
  const keys = new Set([...routes.map(permOf), ...Object.values(Perm)].filter((k) => k.includes(':')));
  const literals = (text: string) => [...text.matchAll(/(['"`])([^'"`\n]*)\1/g)].map((m) => m[2] as string);

  it('are named through Perm, never written as strings in server or web source', () => {
    const found: string[] = [];
    for (const f of [...sourceFiles(serverSrc), ...sourceFiles(webSrc)]) {
      const text = fs.readFileSync(f, 'utf8');
      for (const l of literals(text)) if (keys.has(l)) found.push(`${path.relative(repo, f)}: '${l}'`);
      for (const m of text.matchAll(/(?:\bperm\s*[:=]\s*|useCan\(\s*)(['"`][^'"`]*['"`])/g))
        found.push(`${path.relative(repo, f)}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });

  it('the check sees a literal key', () => {
    expect(keys.has(Perm.SYS_USER_EDIT)).toBe(true);
    expect(literals(`const a = { perm: '${Perm.APPROVAL_TODO}' };`).some((l) => keys.has(l))).toBe(true);
  });
});

describe('seeds', () => {
  it('draw from the seeded stream, never Math.random', () => {
    const seeds = [...sourceFiles(serverSrc)].filter((f) =>
      /\/(seed\/|platform\/seed\/)|\/modules\/[^/]+\/seed(\.ts|\/)/.test(path.relative(repo, f)),
    );
    expect(seeds.length).toBeGreaterThan(3);
    expect(seeds.filter((f) => /Math\.random\s*\(/.test(fs.readFileSync(f, 'utf8')))).toEqual([]);
  });
});
