import type { Locale, ResourceNode } from '@portal/contracts';
import { titleOfPath } from './registry';
import { isExternalRouter, normalizePath, visibleNodes, walk } from './resources';

export interface SearchEntry {
  path: string;
  title: string;
  /** the title in the other language, searched too */
  alt: string;
  /** the module (top-level menu) it belongs to */
  module: string;
}

const label = (n: ResourceNode, locale: Locale) => (locale === 'zh-CN' ? n.name : n.nameEn || n.name);

/** The user's accessible pages: visible menu nodes with an in-app router, titled from the registry. */
export function searchEntries(menus: readonly ResourceNode[], locale: Locale): SearchEntry[] {
  const out: SearchEntry[] = [];
  const seen = new Set<string>();
  for (const module of visibleNodes(menus)) {
    for (const n of walk([module])) {
      if (!n.router || isExternalRouter(n.router)) continue;
      const path = normalizePath(n.router);
      if (seen.has(path)) continue;
      seen.add(path);
      const title = titleOfPath(path);
      out.push({
        path,
        title: title ? (locale === 'zh-CN' ? title.zh : title.en) : label(n, locale),
        alt: title ? (locale === 'zh-CN' ? title.en : title.zh) : n.nameEn,
        module: label(module, locale),
      });
    }
  }
  return out;
}

/** Entries matching every word of the query in title (either language) or path, best first. */
export function searchPaths(entries: readonly SearchEntry[], query: string, limit = 50): SearchEntry[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return entries.slice(0, limit);
  const scored: { e: SearchEntry; score: number }[] = [];
  for (const e of entries) {
    const hay = `${e.title} ${e.alt} ${e.path}`.toLowerCase();
    if (!words.every((w) => hay.includes(w))) continue;
    const title = e.title.toLowerCase();
    const score = title.startsWith(words[0]!) ? 0 : title.includes(words[0]!) ? 1 : 2;
    scored.push({ e, score });
  }
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((s) => s.e);
}
