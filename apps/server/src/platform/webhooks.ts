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

/** DING_WEBHOOK_URL: the workplace-chat robot that receives ding notices and mail notices (unset: none). */
export const dingRobotUrl = () => process.env.DING_WEBHOOK_URL || undefined;

/**
 * Posts a text to a workplace-chat robot (DingTalk's text message shape); redirects are refused so
 * they cannot lead elsewhere. Throws on a refusal, so a job retries it.
 */
export async function postRobotText(url: string, text: string): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ msgtype: 'text', text: { content: text } }),
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`robot webhook ${hostOf(url)} answered ${res.status}`);
}
