import { Button, Space } from 'antd';
import { type ApiError, isApiError } from './api-error';
import { decideErrorAction, type ErrorAction } from './error-policy';
import { modal, POPUP_Z_INDEX, toast } from './feedback';
import { i18n } from './i18n';
import { currentAddress, loginUrl, navigateTo } from './navigation';
import { resetClientState } from './session-reset';

/** Spec 8: the message shows for 2 s before the session is cleared and sign-in opens. */
export const SESSION_EXPIRED_DELAY_MS = 2000;

let expiring = false;

/** Show the message, wait 2 s, clear the session and go to sign-in with the current address. */
export function expireSession(text: string): void {
  if (expiring) return;
  expiring = true;
  toast().error(text);
  setTimeout(() => {
    const address = currentAddress();
    resetClientState();
    expiring = false;
    navigateTo(loginUrl(address), true);
  }, SESSION_EXPIRED_DELAY_MS);
}

export const isSessionExpiring = (): boolean => expiring;

function showAliasPending(text: string, recordsPath: string | null): void {
  const t = i18n.t;
  const dialog = modal().warning({
    title: t('common.tip'),
    content: (
      <>
        <p>{text}</p>
        <p>{t('http.aliasPendingHint')}</p>
      </>
    ),
    zIndex: POPUP_Z_INDEX,
    footer: (
      <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
        {recordsPath && (
          <Button
            onClick={() => {
              dialog.destroy();
              navigateTo(recordsPath);
            }}
          >
            {t('http.viewAliasRecords')}
          </Button>
        )}
        <Button type="primary" onClick={() => dialog.destroy()}>
          {t('common.iKnow')}
        </Button>
      </Space>
    ),
  });
}

function perform(action: ErrorAction): void {
  const t = i18n.t;
  switch (action.kind) {
    case 'session-expired':
      expireSession(action.text);
      return;
    case 'no-mailbox':
      navigateTo(action.to);
      return;
    case 'success-toast':
      toast().success(action.text);
      return;
    case 'alias-pending':
      showAliasPending(action.text, action.recordsPath);
      return;
    case 'warning':
      toast().warning(action.text);
      return;
    case 'cannot-execute':
      modal().warning({
        title: t('http.cannotExecute'),
        content: action.text,
        okText: t('common.iKnow'),
        mask: { closable: false },
        closable: false,
        keyboard: false,
        zIndex: POPUP_Z_INDEX,
      });
      return;
    case 'error':
      toast().error(action.text);
      return;
    case 'none':
      return;
  }
}

/**
 * The one place where failed calls turn into messages, dialogs and redirects (spec 8).
 * Screens never look at codes; they only decide whether a call shows messages.
 */
export function reportError(error: unknown, showMessage = true): void {
  if (!isApiError(error)) {
    console.error(error);
    return;
  }
  if (expiring) return; // already on the way to sign-in: stay quiet
  perform(actionOf(error, showMessage));
}

const actionOf = (error: ApiError, showMessage: boolean) =>
  decideErrorAction(error, showMessage, {
    sessionExpired: i18n.t('session.expired'),
    timeout: i18n.t('http.timeout'),
    network: i18n.t('http.network'),
    cannotExecute: i18n.t('http.cannotExecute'),
  });

/**
 * The words the error path shows for a refused call when it shows a message (the warning or error
 * text, with the alias of 10050016 filled in), for a form that repeats them by the field concerned.
 */
export function refusalText(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const action = actionOf(error, true);
  return action.kind === 'warning' || action.kind === 'error' || action.kind === 'cannot-execute' ? action.text : null;
}
