/**
 * Deployment configuration read at run time (window.__PORTAL_CONFIG__, set by /portal-config.js,
 * which the server writes from its SUBAPP_* / EXTERNAL_LINK_* settings and loads before the app;
 * an inline script would be refused by the page's CSP) or at build time (VITE_ variables; a
 * sub-app framed from another origin must also be in SUBAPP_* for the CSP's frame-src):
 * - subApps: address of each embedded sub-application, by sub-app name ('crm') or by a menu
 *   node's iframeName ('voip-voice-test'); env VITE_SUBAPP_<NAME> (upper case, non-alphanumerics
 *   as '_': VITE_SUBAPP_CRM, VITE_SUBAPP_BUSINESSOPERATIONS, VITE_SUBAPP_VOIP_VOICE_TEST).
 * - externalLinks: IMFS, MONITOR, NWP, BIBOARD top-navigation links; env VITE_EXTERNAL_<NAME>.
 */
export interface PortalConfig {
  /** deployment environment name (server APP_ENV); prefixes cookie and storage names */
  env?: string;
  subApps?: Record<string, string>;
  externalLinks?: Record<string, string>;
}

declare global {
  interface Window {
    __PORTAL_CONFIG__?: PortalConfig;
  }
}

export type EnvLike = Readonly<Record<string, unknown>>;

export const envName = (name: string): string => name.toUpperCase().replace(/[^A-Z0-9]/g, '_');

/** Only http(s) addresses and same-origin absolute paths are used (never javascript: and friends). */
export function safeUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const u = url.trim();
  if (/^https?:\/\//i.test(u)) return u;
  if (u.startsWith('/') && !u.startsWith('//')) return u;
  return null;
}

/** A configured entry by name, matching keys the way environment names do (crm = CRM, businessOperations = BUSINESSOPERATIONS). */
const pick = (map: Record<string, string> | undefined, name: string): string | undefined => {
  if (!map) return undefined;
  if (name in map) return map[name];
  const wanted = envName(name);
  return Object.entries(map).find(([k]) => envName(k) === wanted)?.[1];
};

export function subAppBase(name: string, config: PortalConfig | undefined, env: EnvLike): string | null {
  return safeUrl(pick(config?.subApps, name)) ?? safeUrl(env[`VITE_SUBAPP_${envName(name)}`]);
}

const appendQuery = (url: string, search: string): string => {
  const q = search.replace(/^\?/, '');
  if (!q) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${q}`;
};

export interface FrameTarget {
  app: string;
  /** the menu node's iframeName, or the registry route's `iframe` */
  frameName?: string | null;
  pathname: string;
  search: string;
}

/**
 * Address of the embedded sub-application for a location: a frame configured by name is used
 * as is (with the query); else the sub-app's base address followed by the path and query; null
 * when nothing is configured (the host then says the screen is not available yet).
 */
export function subAppSrc(target: FrameTarget, config: PortalConfig | undefined, env: EnvLike): string | null {
  if (target.frameName) {
    const named = subAppBase(target.frameName, config, env);
    if (named) return appendQuery(named, target.search);
  }
  const base = subAppBase(target.app, config, env);
  if (!base) return null;
  return appendQuery(`${base.replace(/\/+$/, '')}${target.pathname}`, target.search);
}

/** Spec 2: these top-navigation entries are external links opening in a new tab. */
export const EXTERNAL_ENTRIES = ['IMFS', 'MONITOR', 'NWP', 'BIBOARD'] as const;
export type ExternalEntry = (typeof EXTERNAL_ENTRIES)[number];

/** The configured address of an external entry; null hides the entry. */
export function externalLink(name: string, config: PortalConfig | undefined, env: EnvLike): string | null {
  const url = safeUrl(pick(config?.externalLinks, name)) ?? safeUrl(env[`VITE_EXTERNAL_${envName(name)}`]);
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/** The live configuration of this page. */
export const runtimeConfig = (): PortalConfig | undefined =>
  typeof window === 'undefined' ? undefined : window.__PORTAL_CONFIG__;
export const buildEnv: EnvLike = import.meta.env as unknown as EnvLike;
