import type { ResourceNode, RouteMeta } from '@portal/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { SubApp } from '../../platform/registry';
import { shellApi, type UserSetting } from '../shell-api';
import {
  belongsElsewhere,
  menuNodeFor,
  RATING_ASKED_KEY,
  RATING_DELAY_MS,
  readAsked,
  shouldCheckRating,
  writeAsked,
} from './rating-policy';
import { useRating } from './rating-store';

const VersionModal = lazy(() => import('./VersionModal'));
const RatingDialog = lazy(() => import('./RatingDialog'));
const OperationsTour = lazy(() => import('./OperationsTour'));

/** A popup whose chunk cannot load is simply not shown (the page itself still works). */
class Quiet extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

const session = {
  get: (key: string) => {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key: string, value: string) => {
    try {
      sessionStorage.setItem(key, value);
    } catch {
      // storage disabled: the popup may show again, nothing breaks
    }
  },
};

/** Version popup on start when popupState is 1; closing tells the server it was read. */
function VersionGate() {
  const [closed, setClosed] = useState(false);
  const popup = useQuery({ queryKey: ['shell', 'version-popup'], queryFn: shellApi.versionPopup, staleTime: Infinity });
  const detail = popup.data?.popupState === 1 ? popup.data.versionDetail : null;
  if (!detail || closed) return null;
  return (
    <Quiet>
      <VersionModal
        detail={detail}
        onClose={() => {
          setClosed(true);
          void shellApi.versionRead(detail.id);
        }}
      />
    </Quiet>
  );
}

/** Whether the browser tab is shown (a hidden tab does not count as staying on the page). */
function useDocumentVisible() {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * Rating popup on route change (spec 4): ask whether the current menu item needs a rating once
 * the user stayed 2 s on the route (with the browser tab shown), at most once per menu item per
 * session. The question belongs to its page: leaving it (another route, another bookmark tab)
 * before the answer arrives cancels it, and an open question is withdrawn.
 */
function useRatingTrigger(menus: readonly ResourceNode[], meta: RouteMeta | null, pathname: string) {
  const resourceId = menuNodeFor(menus, meta, pathname)?.id ?? null;
  const visible = useDocumentVisible();
  // every route change restarts the 2 s wait, even within one menu item (pathname is used)
  useEffect(() => {
    if (belongsElsewhere(useRating.getState().request, pathname)) useRating.getState().hide();
    if (!visible || !shouldCheckRating(resourceId, readAsked(session.get(RATING_ASKED_KEY)))) return;
    let alive = true;
    const timer = setTimeout(async () => {
      const asked = readAsked(session.get(RATING_ASKED_KEY));
      if (!alive || !shouldCheckRating(resourceId, asked)) return;
      session.set(RATING_ASKED_KEY, writeAsked(asked.add(resourceId)));
      const answer = await shellApi.needScore(resourceId);
      if (alive && answer?.need && !useRating.getState().request) {
        useRating.getState().show({ resourceId, question: answer.question, questionEn: answer.questionEn, pathname });
      }
    }, RATING_DELAY_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [resourceId, pathname, visible]);
}

function RatingGate() {
  const request = useRating((s) => s.request);
  if (!request) return null;
  return (
    <Quiet>
      <RatingDialog
        key={request.resourceId}
        request={request}
        onClose={(rated) => {
          useRating.getState().hide();
          // closed without rating: recorded on the server, so it is not asked again within its period
          if (!rated) void shellApi.dismissScore(request.resourceId);
        }}
      />
    </Quiet>
  );
}

const TOUR_MODULE: SubApp = 'businessOperations';
const TOUR_SHOWN_KEY = 'portal:tour-shown';
const GUIDE_QUERY_KEY = ['shell', 'guide'] as const;

/**
 * The operations module's guided tour: shown once per module until the guide flag is stored on
 * the server (GET/POST /v2/sys/staff/user/setting type guide, content {[module]: true}).
 */
function TourGate({ app }: { app: SubApp }) {
  const queryClient = useQueryClient();
  const inModule = app === TOUR_MODULE;
  const guide = useQuery({
    queryKey: GUIDE_QUERY_KEY,
    queryFn: shellApi.guide,
    enabled: inModule,
    staleTime: Infinity,
  });
  const [shownNow, setShownNow] = useState(() => session.get(TOUR_SHOWN_KEY) === '1');
  if (!inModule || guide.isPending || shownNow || guide.data?.content?.[TOUR_MODULE] === true) return null;
  const done = () => {
    session.set(TOUR_SHOWN_KEY, '1');
    setShownNow(true);
    const content = { ...(guide.data?.content ?? {}), [TOUR_MODULE]: true };
    const saved: UserSetting = { type: 'guide', remark: guide.data?.remark ?? null, content };
    queryClient.setQueryData(GUIDE_QUERY_KEY, saved);
    void shellApi.saveGuide(saved.remark, content);
  };
  return (
    <Quiet>
      <OperationsTour onDone={done} />
    </Quiet>
  );
}

const PROMPT_KEY = 'portal:login-prompt';

/** The sign-in prompt (GET sysLoginPrompt/genQuery/one): a notice once per session after sign-in. */
function LoginPromptGate() {
  const { notification } = App.useApp();
  const prompt = useQuery({ queryKey: ['shell', 'login-prompt'], queryFn: shellApi.loginPrompt, staleTime: Infinity });
  const data = prompt.data;
  useEffect(() => {
    if (!data || session.get(PROMPT_KEY) === String(data.id)) return;
    session.set(PROMPT_KEY, String(data.id));
    notification.info({
      key: `login-prompt-${data.id}`,
      title: data.title,
      description: <div style={{ whiteSpace: 'pre-wrap' }}>{data.content}</div>,
      duration: 0,
      placement: 'topRight',
    });
  }, [data, notification]);
  return null;
}

export interface ShellPopupsProps {
  app: SubApp;
  menus: readonly ResourceNode[];
  meta: RouteMeta | null;
  pathname: string;
}

/** The shell's popups: version notes, rating, the operations tour and the sign-in prompt. */
export function ShellPopups({ app, menus, meta, pathname }: ShellPopupsProps) {
  useRatingTrigger(menus, meta, pathname);
  return (
    <>
      <VersionGate />
      <RatingGate />
      <TourGate app={app} />
      <LoginPromptGate />
    </>
  );
}
