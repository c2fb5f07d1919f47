/**
 * Outbound webhooks (approval processes' workplace-chat robots) reach only hosts the operator
 * configured: WEBHOOK_ALLOWED_HOSTS (comma-separated host names), plus the host of DING_WEBHOOK_URL.
 * An empty list allows none but that one, so a process setting cannot make the server call an
 * internal address.
 */
export function webhookHostAllowed(url: string, allowedHosts: readonly string[], env = process.env): boolean {
  const host = hostOf(url);
  if (!host) return false;
  const ding = env.DING_WEBHOOK_URL ? hostOf(env.DING_WEBHOOK_URL) : undefined;
  return allowedHosts.includes(host) || host === ding;
}

/** The host name of an http(s) URL, lower-case; undefined for anything else. */
export function hostOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
