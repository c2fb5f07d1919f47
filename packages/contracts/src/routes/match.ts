import type { RouteMeta } from './types.js';

export interface RouteMatch {
  route: RouteMeta;
  /** `:name` params, and `*` for the rest of a splat route */
  params: Record<string, string>;
}

interface Compiled {
  route: RouteMeta;
  segments: string[];
  splat: boolean;
  score: number;
}

// React Router's ranking: static segments beat params, params beat splats.
const STATIC = 10;
const DYNAMIC = 3;
const SPLAT_PENALTY = -2;

const splitPath = (p: string) => p.split('/').filter(Boolean);

function compile(route: RouteMeta): Compiled {
  const segments = splitPath(route.path);
  const splat = segments.at(-1) === '*';
  if (splat) segments.pop();
  const score =
    segments.reduce((n, s) => n + (s.startsWith(':') ? DYNAMIC : STATIC), segments.length) +
    (splat ? SPLAT_PENALTY : 0);
  return { route, segments, splat, score };
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Strips query and hash and a trailing slash. */
export function normalizePath(pathname: string): string {
  const bare = pathname.replace(/[?#].*$/, '');
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * A matcher in the manner of React Router: `:param` segments match one segment, a trailing `*`
 * matches the rest, static segments compare case-insensitively, and the best-ranked route wins
 * (an exact path always beats a param or splat route).
 */
export function createMatcher(list: readonly RouteMeta[]): (pathname: string) => RouteMatch | undefined {
  const exact = new Map<string, RouteMeta>();
  const patterns: Compiled[] = [];
  for (const r of list) {
    if (r.path.includes(':') || r.path.includes('*')) patterns.push(compile(r));
    else if (!exact.has(r.path.toLowerCase())) exact.set(r.path.toLowerCase(), r);
  }
  patterns.sort((a, b) => b.score - a.score);

  return (pathname) => {
    const path = normalizePath(pathname);
    const hit = exact.get(path.toLowerCase());
    if (hit) return { route: hit, params: {} };
    const parts = splitPath(path);
    for (const c of patterns) {
      if (c.splat ? parts.length < c.segments.length : parts.length !== c.segments.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (const [i, seg] of c.segments.entries()) {
        const part = parts[i]!;
        if (seg.startsWith(':')) params[seg.slice(1)] = safeDecode(part);
        else if (seg.toLowerCase() !== part.toLowerCase()) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      if (c.splat) params['*'] = parts.slice(c.segments.length).map(safeDecode).join('/');
      return { route: c.route, params };
    }
    return undefined;
  };
}
