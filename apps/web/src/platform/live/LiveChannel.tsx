import { MSG_TYPE, messageResource, type PushMessage } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { resourceKeys } from '../resource/keys';
import { useSession } from '../session';
import { authorizationValue } from '../token-policy';
import { DOWNLOAD_CENTER_PATH, exportReadyNotice } from './export-ready';
import { createLiveClient, type LiveAuth } from './live-client';
import { useLive } from './live-store';
import { INBOX_PATH, newMailNotice } from './new-mail';
import { createRecordRefresher, isRecordChange } from './record-changes';
import { shareLiveAcrossTabs } from './tab-share';

/** the bell's unread flag: the live channel sets it, the message center refetches it */
export const UNREAD_QUERY_KEY = ['shell', 'unread'] as const;
/** message lists and counts of the message center refresh when something arrives */
export const MESSAGES_QUERY_ROOT = ['messages'] as const;

const authNow = (): LiveAuth | null => {
  const { token, tokenHead, expiresAt, locale } = useSession.getState();
  if (!token) return null;
  return { authorization: authorizationValue(tokenHead, token), expiresAt, locale };
};

const isPush = (d: unknown): d is PushMessage =>
  typeof d === 'object' && d !== null && typeof (d as PushMessage).msgType === 'number';

/**
 * Mounts the browser's one live connection (shared by its tabs) while signed in, and reacts to
 * what arrives: the bell dot, the message lists, new-mail notices (spec 4), finished exports and
 * record changes (the open lists of that resource refetch).
 */
export function LiveChannel() {
  const { t } = useTranslation();
  const { message, notification } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const latest = useRef({ t, message, notification, queryClient, navigate, pathname });
  latest.current = { t, message, notification, queryClient, navigate, pathname };
  const signedIn = useSession((s) => s.token !== null);
  // pushed texts come in the stream's language: a language switch opens a new stream
  const locale = useSession((s) => s.locale);

  // biome-ignore lint/correctness/useExhaustiveDependencies: locale reopens the stream (authNow reads it)
  useEffect(() => {
    if (!signedIn) return;
    const records = createRecordRefresher(latest.current.queryClient);
    const onMessage = (data: unknown) => {
      const cur = latest.current;
      if (isRecordChange(data)) {
        records.handle(data);
        return;
      }
      cur.queryClient.setQueryData(UNREAD_QUERY_KEY, true);
      void cur.queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_ROOT });
      // the center's list is a resource list: its keys are the kernel's
      void cur.queryClient.invalidateQueries({ queryKey: resourceKeys.all(messageResource.key) });
      const ready = isPush(data) ? exportReadyNotice(data) : null;
      if (ready && isPush(data)) {
        // a download-center export finished: say so, with the way to the file
        const key = `export-ready-${data.id}`;
        cur.notification.success({
          key,
          title: cur.t('live.exportReadyTitle'),
          description: ready.text,
          duration: 0,
          actions: (
            <Button
              type="primary"
              size="small"
              data-testid="export-ready-open"
              onClick={() => {
                cur.notification.destroy(key);
                void cur.navigate(DOWNLOAD_CENTER_PATH);
              }}
            >
              {cur.t('live.openDownloads')}
            </Button>
          ),
        });
        return;
      }
      if (!isPush(data) || data.msgType !== MSG_TYPE.NEW_MAIL) return;
      const notice = newMailNotice(data);
      if (notice.kind === 'none') {
        cur.message.warning(cur.t('live.noNewMail'));
        return;
      }
      if (cur.pathname !== INBOX_PATH) useLive.getState().setPendingNewMail(true);
      const key = `new-mail-${data.id}`;
      cur.notification.success({
        key,
        title: cur.t('live.newMailTitle'),
        description: notice.text,
        duration: 0,
        actions: (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              cur.notification.destroy(key);
              if (notice.target === INBOX_PATH) useLive.getState().setPendingNewMail(false);
              void cur.navigate(notice.target);
            }}
          >
            {cur.t('live.goView')}
          </Button>
        ),
      });
    };
    const shared = shareLiveAcrossTabs(
      {
        start(emit) {
          const client = createLiveClient({ auth: authNow, onState: emit.state, onMessage: emit.message });
          client.connect();
          // a refreshed token revives a closed connection
          const unsubscribe = useSession.subscribe((s, prev) => {
            if (s.token && s.token !== prev.token && client.state === 'disconnected') client.connect();
          });
          return {
            stop() {
              unsubscribe();
              client.stop();
            },
            state: () => client.state,
          };
        },
      },
      { onState: (s) => useLive.getState().setState(s), onMessage },
    );
    return () => {
      shared.stop();
      records.stop();
      useLive.getState().setState('disconnected');
    };
  }, [signedIn, locale]);

  useEffect(() => {
    if (pathname === INBOX_PATH) useLive.getState().setPendingNewMail(false);
  }, [pathname]);

  return null;
}
