/**
 * The security headers of the web app the server serves (index.html, its assets, the run-time
 * configuration script). The policy forbids every script that is not one of the app's own files
 * (no inline script, no event-handler attribute, no javascript: URL, no eval), so markup that
 * slips into the page — a previewed document, a message — cannot run as the portal.
 */

/** The origin of an http(s) address; null for anything else (same-site paths need no entry). */
const originOf = (url: string): string | null => {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
};

/**
 * Content-Security-Policy of the web app. Kept: the app's own scripts and pdf.js worker
 * ('self', worker blob:), antd's CSS-in-JS (inline styles), previews' blob:/data: images and
 * fonts, avatars from https, fetch/SSE to the server, and frames for the configured sub-apps.
 */
export function webContentSecurityPolicy(subApps: Record<string, string> = {}): string {
  const frames = [
    ...new Set(
      Object.values(subApps)
        .map(originOf)
        .filter((o): o is string => !!o),
    ),
  ];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: blob:",
    "connect-src 'self' blob: data:",
    "worker-src 'self' blob:",
    `frame-src ${["'self'", 'blob:', ...frames].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Every header the web app's responses carry. */
export function webSecurityHeaders(subApps?: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': webContentSecurityPolicy(subApps),
    // the portal frames only other applications (sub-apps) and, at most, its own pages
    'x-frame-options': 'SAMEORIGIN',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}
