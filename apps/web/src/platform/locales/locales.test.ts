import { describe, expect, it } from 'vitest';
import resourceTypes from '../../shell/i18n-resources.ts?raw';
import type { TextLoaders } from '../i18n';
import { en } from './en';
import { zhCN } from './zh-CN';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [lk, lv] of leaves(v, key)) out.set(lk, lv);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Each module's texts (modules/<name>/locales/{zh-CN,en}.ts), by module name. */
const zhFiles = import.meta.glob<Tree>('../../modules/*/locales/zh-CN.ts', { eager: true, import: 'zhCN' });
const enFiles = import.meta.glob<Tree>('../../modules/*/locales/en.ts', { eager: true, import: 'en' });
const indexFiles = import.meta.glob<Record<string, unknown>>('../../modules/*/locales/index.ts', { eager: true });
const moduleOf = (path: string) => path.split('/')[3] ?? path;
const inModule = (name: string) => new RegExp(`^\\.\\./\\.\\./modules/${name}/`);
const byModule = <T>(files: Record<string, T>) =>
  new Map(Object.entries(files).map(([path, value]) => [moduleOf(path), value]));

const moduleZh = byModule(zhFiles);
const moduleEn = byModule(enFiles);

/** The platform's texts and every module's, as [part, zh-CN, en]. */
const parts: [string, Tree, Tree | undefined][] = [
  ['platform', zhCN, en],
  ...[...moduleZh].map(([name, zh]): [string, Tree, Tree | undefined] => [name, zh, moduleEn.get(name)]),
];

/** Every source file of the web app, as text (for the checks on who uses which texts). */
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.ts', '!../../**/locales/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('locale resources', () => {
  it('exist for the modules that have texts, in both languages, with a loader', () => {
    expect(moduleZh.size).toBeGreaterThan(0);
    expect([...moduleEn.keys()].sort()).toEqual([...moduleZh.keys()].sort());
    expect([...byModule(indexFiles).keys()].sort()).toEqual([...moduleZh.keys()].sort());
  });

  for (const [part, zh, english] of parts) {
    describe(part, () => {
      const zhTexts = leaves(zh);
      const enTexts = leaves(english ?? {});

      it('has the same keys in zh-CN and en', () => {
        expect([...enTexts.keys()].sort()).toEqual([...zhTexts.keys()].sort());
      });

      it('has no empty texts', () => {
        for (const [key, text] of [...zhTexts, ...enTexts]) expect(text.trim(), key).not.toBe('');
      });

      it('uses the same interpolation variables in both languages', () => {
        for (const [key, text] of zhTexts)
          expect(placeholders(enTexts.get(key) ?? ''), key).toEqual(placeholders(text));
      });
    });
  }

  it('gives every top-level block to one part only (they merge into one namespace)', () => {
    const owner = new Map<string, string>();
    for (const [part, zh] of parts) {
      for (const block of Object.keys(zh)) {
        expect(owner.get(block), `${block} is declared by ${owner.get(block)} and ${part}`).toBeUndefined();
        owner.set(block, part);
      }
    }
  });

  it('declares the key types of every module (shell/i18n-resources.ts)', () => {
    for (const name of moduleZh.keys()) expect(resourceTypes).toContain(`'../modules/${name}/locales/zh-CN'`);
  });

  it('load through each module’s loaders, one language each', async () => {
    for (const [name, index] of byModule(indexFiles)) {
      const loaders = (index as Record<string, TextLoaders | undefined>)[`${name}Texts`];
      expect(loaders, `modules/${name}/locales/index.ts exports ${name}Texts`).toBeDefined();
      expect(await loaders?.['zh-CN']()).toBe(moduleZh.get(name));
      expect(await loaders?.en()).toBe(moduleEn.get(name));
    }
  });

  it('stay in their module: nothing outside it shows a module’s texts', () => {
    for (const [name, zh] of moduleZh) {
      for (const block of Object.keys(zh)) {
        const uses = new RegExp(`['"\`]${block}\\.[A-Za-z$]`);
        for (const [path, text] of Object.entries(sources)) {
          if (uses.test(text)) expect(path, `${path} uses ${block}.* texts of module ${name}`).toMatch(inModule(name));
        }
      }
    }
  });

  it('come with every way into a module from outside it', () => {
    for (const name of moduleZh.keys()) {
      const texts = `${name}Texts`;
      for (const [path, text] of Object.entries(sources)) {
        if (inModule(name).test(path)) continue;
        // lazy parts of the module: each wrapped in withTexts(<module>Texts, …)
        const lazyImports = text.split(`import('../../modules/${name}/`).length - 1;
        const wrapped = text.split(`withTexts(${texts},`).length - 1;
        expect(wrapped, `${path}: ${lazyImports} lazy import(s) of module ${name}, each withTexts(${texts}, …)`).toBe(
          lazyImports,
        );
        // its screens: the router loads them with the module's texts
        for (const [, screens] of text.matchAll(
          new RegExp(`import \\{ (\\w+) \\} from '[./]+/modules/${name}/routes'`, 'g'),
        )) {
          expect(text, path).toContain(`screensWithTexts(${texts}, ${screens})`);
        }
        // anything else it imports from the module at once must show none of the module's texts
        for (const [, file] of text.matchAll(new RegExp(`from '[./]+/modules/${name}/([\\w-]+)'`, 'g'))) {
          if (file === 'locales' || file === 'routes') continue;
          const target = Object.entries(sources).find(([p]) => new RegExp(`/modules/${name}/${file}\\.tsx?$`).test(p));
          expect(target, `${path} imports modules/${name}/${file}`).toBeDefined();
          for (const block of Object.keys(moduleZh.get(name) ?? {})) {
            expect(target?.[1], `${path} loads modules/${name}/${file} without its texts`).not.toMatch(
              new RegExp(`['"\`]${block}\\.[A-Za-z$]`),
            );
          }
        }
      }
    }
  });

  it('use the texts the spec gives in Chinese exactly', () => {
    expect(zhCN.errors.notFound).toBe('页面不存在');
    expect(zhCN.errors.forbidden).toBe('暂无权限，请联系管理员');
    expect(zhCN.http.exportFailed).toBe('导出失败');
    expect(zhCN.http.downloadFailed).toBe('下载失败');
    expect(zhCN.errors.upgraded).toBe('系统已升级到新版本');
    expect(zhCN.tour.skip).toBe('跳过');
    expect(zhCN.tour.next).toBe('下一步');
    expect(zhCN.tour.done).toBe('我知道了');
  });
});
