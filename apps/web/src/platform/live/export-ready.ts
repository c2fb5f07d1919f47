import type { PushMessage } from '@portal/contracts';

/** The download center (named route GeneralDownload); the server's export-ready message links here. */
export const DOWNLOAD_CENTER_PATH = '/general/download';

/**
 * A pushed message telling that a download-center export finished: the text to show (the
 * server's message title, in the language of the export), or null for any other message.
 */
export function exportReadyNotice(push: Pick<PushMessage, 'type' | 'link' | 'title'>): { text: string } | null {
  return push.type === 'system' && push.link === DOWNLOAD_CENTER_PATH ? { text: push.title } : null;
}
