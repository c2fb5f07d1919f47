import type { ResourceNode } from '@portal/contracts';

export function* walk(nodes: readonly ResourceNode[]): Generator<ResourceNode> {
  for (const n of nodes) {
    yield n;
    if (n.children?.length) yield* walk(n.children);
  }
}

export function collectKeys(nodes: readonly ResourceNode[]): Set<string> {
  const keys = new Set<string>();
  for (const n of walk(nodes)) if (n.international) keys.add(n.international);
  return keys;
}

export const isExternalRouter = (router: string): boolean => /^https?:\/\//i.test(router);

/** Normalised path: leading slash, no trailing slash, no query. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

export function collectRouters(nodes: readonly ResourceNode[]): Set<string> {
  const routers = new Set<string>();
  for (const n of walk(nodes)) if (n.router && !isExternalRouter(n.router)) routers.add(normalizePath(n.router));
  return routers;
}

/** Nodes shown in menus: webShowFlag false hides the node and its subtree. */
export function visibleNodes(nodes: readonly ResourceNode[]): ResourceNode[] {
  return nodes.filter((n) => n.webShowFlag).map((n) => ({ ...n, children: visibleNodes(n.children ?? []) }));
}

/** The first navigable router in a subtree (depth first, visible nodes only). */
export function firstRouter(node: ResourceNode): string | null {
  const kids = visibleNodes(node.children ?? []);
  for (const kid of kids) {
    const r = firstRouter(kid);
    if (r) return r;
  }
  return node.router && kids.length === 0 ? node.router : null;
}

const within = (path: string, router: string | null): boolean => {
  if (!router || isExternalRouter(router)) return false;
  const r = normalizePath(router);
  return path === r || path.startsWith(`${r}/`);
};

/** The top-level module a path belongs to: the one holding the longest matching router. */
export function moduleOf(modules: readonly ResourceNode[], path: string): ResourceNode | null {
  const p = normalizePath(path);
  let best: { module: ResourceNode; length: number } | null = null;
  for (const m of modules) {
    for (const n of walk([m])) {
      if (within(p, n.router) && (!best || normalizePath(n.router ?? '').length > best.length)) {
        best = { module: m, length: normalizePath(n.router ?? '').length };
      }
    }
  }
  return best?.module ?? null;
}

/** Keys of the ancestors of the node whose router matches the path: the submenus to open. */
export function openKeysFor(
  nodes: readonly ResourceNode[],
  path: string,
  keyOf: (n: ResourceNode) => string,
): string[] {
  const p = normalizePath(path);
  const search = (list: readonly ResourceNode[], trail: string[]): string[] | null => {
    for (const n of list) {
      if (n.router && normalizePath(n.router) === p) return trail;
      const found = search(n.children ?? [], [...trail, keyOf(n)]);
      if (found) return found;
    }
    return null;
  };
  return search(nodes, []) ?? [];
}

/** The menu node whose router is exactly this path (hidden nodes included). */
export function nodeForPath(nodes: readonly ResourceNode[], path: string): ResourceNode | null {
  const p = normalizePath(path).toLowerCase();
  for (const n of walk(nodes)) {
    if (n.router && !isExternalRouter(n.router) && normalizePath(n.router).toLowerCase() === p) return n;
  }
  return null;
}
