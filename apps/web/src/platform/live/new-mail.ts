import { EMAILBOX_TYPE_INBOX, type FillVar } from '@portal/contracts';

export const INBOX_PATH = '/message/email/inbox';
export const SPAM_PATH = '/message/email/spam';

/** msgFillAfterVar is JSON text of [{key, showFieldName}]; anything else means "no variables". */
export function parseFillVars(text: string | null | undefined): FillVar[] {
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) return [];
    return list.filter(
      (v): v is FillVar =>
        typeof v === 'object' && v !== null && typeof v.key === 'string' && typeof v.showFieldName === 'string',
    );
  } catch {
    return [];
  }
}

/** Fills every `{name}` of the template that the variables carry; unknown placeholders stay. */
export function fillTemplate(template: string, vars: FillVar[]): string {
  let out = template;
  for (const v of vars) out = out.replaceAll(v.key, v.showFieldName);
  return out;
}

const varValue = (vars: FillVar[], key: string) => vars.find((v) => v.key === key)?.showFieldName;

export type NewMailNotice =
  | { kind: 'none' }
  | { kind: 'mail'; count: number; text: string; target: typeof INBOX_PATH | typeof SPAM_PATH };

/**
 * The new-mail notice of a msgType 2 push (spec 4): a count of 0 is "no new mail"; otherwise the
 * filled text and where "go to view" leads (the inbox for the new-mail mailbox type, else spam).
 */
export function newMailNotice(push: { msgFillAfterVar: string; msgContentTemplate: string }): NewMailNotice {
  const vars = parseFillVars(push.msgFillAfterVar);
  const count = Number(varValue(vars, '{newEmailNum}') ?? 0);
  if (!Number.isFinite(count) || count <= 0) return { kind: 'none' };
  const boxType = Number(varValue(vars, '{emailboxType}'));
  return {
    kind: 'mail',
    count,
    text: fillTemplate(push.msgContentTemplate, vars),
    target: boxType === EMAILBOX_TYPE_INBOX ? INBOX_PATH : SPAM_PATH,
  };
}
