import { SpecialCodes } from '@portal/contracts';
import { ClientCode } from './api-error';

/** What the error path does for a failed call (spec 8). Pure: decided here, performed in error-path.ts. */
export type ErrorAction =
  | { kind: 'session-expired'; text: string }
  | { kind: 'no-mailbox'; to: string }
  | { kind: 'success-toast'; text: string }
  | { kind: 'alias-pending'; text: string; recordsPath: string | null }
  | { kind: 'warning'; text: string }
  | { kind: 'cannot-execute'; text: string }
  | { kind: 'error'; text: string }
  | { kind: 'none' };

export interface FailedCall {
  code: number;
  msg: string;
  data: unknown;
  status: number;
  statusText: string;
}

export type PolicyTexts = {
  sessionExpired: string;
  timeout: string;
  network: string;
  cannotExecute: string;
};

export const NO_MAILBOX_PATH = '/message/email/none';
export const ALIAS_RECORDS_PATH = '/crm/operate/alias-record';

const field = (data: unknown, name: string): string | null => {
  if (typeof data !== 'object' || data === null) return null;
  const v = (data as Record<string, unknown>)[name];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
};

export function decideErrorAction(err: FailedCall, showMessage: boolean, texts: PolicyTexts): ErrorAction {
  const { code, msg } = err;
  // always handled, whatever the call asked for
  if (code === SpecialCodes.SESSION_EXPIRED || code === SpecialCodes.REFRESH_INVALID) {
    return { kind: 'session-expired', text: msg || texts.sessionExpired };
  }
  if (code === SpecialCodes.NO_MAILBOX) return { kind: 'no-mailbox', to: NO_MAILBOX_PATH };
  if (code === SpecialCodes.SUCCESS_TOAST) return msg ? { kind: 'success-toast', text: msg } : { kind: 'none' };
  if (code === SpecialCodes.ALIAS_CHANGE_PENDING) {
    const taskId = field(err.data, 'taskId');
    return {
      kind: 'alias-pending',
      text: msg,
      recordsPath: taskId ? `${ALIAS_RECORDS_PATH}?taskId=${encodeURIComponent(taskId)}` : ALIAS_RECORDS_PATH,
    };
  }
  if (code === SpecialCodes.ALIAS_TAKEN) {
    const alias = field(err.data, 'alias') ?? field(err.data, 'value');
    return { kind: 'warning', text: alias ? msg.replaceAll('{value}', alias) : msg };
  }
  if (SpecialCodes.CANNOT_EXECUTE.includes(code)) return { kind: 'cannot-execute', text: msg || texts.cannotExecute };
  if (code === ClientCode.ABORTED) return { kind: 'none' };

  if (!showMessage) return { kind: 'none' };
  if (code === ClientCode.TIMEOUT) return { kind: 'error', text: texts.timeout };
  if (code === ClientCode.NETWORK) return { kind: 'error', text: texts.network };
  if (code === ClientCode.HTTP) {
    return { kind: 'error', text: msg || `${err.status} ${err.statusText}`.trim() };
  }
  return msg ? { kind: 'error', text: msg } : { kind: 'none' };
}
