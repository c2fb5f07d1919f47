/** What an incoming mail says about mail we sent: the Message-IDs it answers, or a delivery report. */
export interface InboundFacts {
  /** In-Reply-To and References of a reply */
  answers: string[];
  /** a delivery status notification (RFC 3464): the reported message and its outcome */
  report: { messageIds: string[]; outcome: 'delivered' | 'failed' | null; diagnostic: string | null } | null;
}

const ids = (s: string) => [...s.matchAll(/<[^<>\s]{1,500}>/g)].map((m) => m[0]);
/** reports and replies carry what we need in their first part; a huge mail is not read to its end */
const READ_BYTES = 256 * 1024;

/** Reads the headers (and a report's status and returned headers) of a raw mail. */
export function inboundFacts(raw: Buffer): InboundFacts {
  const text = raw.subarray(0, READ_BYTES).toString('latin1');
  const split = text.search(/\r?\n\r?\n/);
  const head = (split < 0 ? text : text.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) =>
    head
      .split(/\r?\n/)
      .filter((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      .map((l) => l.slice(name.length + 1));
  const answers = [...header('In-Reply-To'), ...header('References')].flatMap(ids);
  const type = header('Content-Type').join(' ').toLowerCase();
  if (!type.includes('multipart/report') || !type.includes('delivery-status')) return { answers, report: null };
  const body = split < 0 ? '' : text.slice(split).replace(/\r?\n[ \t]+/g, ' ');
  const actions = [...body.matchAll(/^Action:\s*([a-z]+)/gim)].map((m) => m[1]!.toLowerCase());
  const outcome = actions.includes('failed')
    ? 'failed'
    : actions.some((a) => a === 'delivered' || a === 'relayed' || a === 'expanded')
      ? 'delivered'
      : null;
  const diagnostic = /^Diagnostic-Code:\s*(.+)$/im.exec(body)?.[1]?.trim().slice(0, 300) ?? null;
  const messageIds = [...body.matchAll(/^Message-ID:\s*(<[^<>\s]{1,500}>)/gim)].map((m) => m[1]!);
  return { answers, report: { messageIds, outcome, diagnostic } };
}
