import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { bindFeedback, POPUP_Z_INDEX, TOAST_CONFIG } from '../feedback';
import { antdLocale } from '../i18n';
import { queryClient } from '../query-client';
import { useSession } from '../session';
import { useReducedMotion } from './reduced-motion';

const theme: ThemeConfig = {
  token: { colorPrimary: '#1668dc', borderRadius: 6, fontSize: 14 },
  components: {
    Layout: {
      headerHeight: 52,
      headerPadding: '0 8px 0 12px',
      headerBg: '#ffffff',
      siderBg: '#ffffff',
      bodyBg: '#f5f6f8',
    },
    Message: { zIndexPopup: POPUP_Z_INDEX },
    Notification: { zIndexPopup: POPUP_Z_INDEX },
  },
};

/** Notices open below the 52 px header, never over its actions. */
const NOTICE_CONFIG = { top: 60 } as const;

/** Makes the context-aware message/modal available to the http error path. */
function FeedbackBridge() {
  const api = App.useApp();
  useEffect(() => bindFeedback(api), [api]);
  return null;
}

/**
 * Server state, antd locale (follows the session's UI language; its pack is loaded before the switch), theme (without
 * motion when the system asks for less) and feedback.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useSession((s) => s.locale);
  const still = useReducedMotion();
  const themed = useMemo(() => (still ? { ...theme, token: { ...theme.token, motion: false } } : theme), [still]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale(locale)} theme={themed} componentSize="middle">
        <App message={TOAST_CONFIG} notification={NOTICE_CONFIG} style={{ height: '100%' }}>
          <FeedbackBridge />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
