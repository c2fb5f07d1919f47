import { type App, message as staticMessage, Modal as staticModal } from 'antd';

/**
 * Message and modal functions for code outside React. <FeedbackBridge> (inside antd <App>) binds
 * the context-aware instances so toasts follow the theme and locale; antd's statics are the fallback.
 */
type AppApi = ReturnType<typeof App.useApp>;

let bound: AppApi | null = null;

export function bindFeedback(api: AppApi): void {
  bound = api;
}

export const toast = (): AppApi['message'] => bound?.message ?? staticMessage;
type ModalApi = Pick<typeof staticModal, 'confirm' | 'info' | 'success' | 'warning' | 'error'>;

export const modal = (): ModalApi => bound?.modal ?? staticModal;

/** Spec 9: popups above everything else. */
export const POPUP_Z_INDEX = 3000;
/** Spec 9: toasts, at most 3 at a time, 3 s by default. */
export const TOAST_CONFIG = { maxCount: 3, duration: 3 } as const;

staticMessage.config(TOAST_CONFIG);
