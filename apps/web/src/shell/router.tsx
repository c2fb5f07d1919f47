import { type RouteMeta, routes } from '@portal/contracts';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { aiTexts } from '../modules/ai/locales';
import { aiScreens } from '../modules/ai/routes';
import { approvalTexts } from '../modules/approval/locales';
import { approvalScreens } from '../modules/approval/routes';
import { crmTexts } from '../modules/crm/locales';
import { crmScreens } from '../modules/crm/routes';
import { downloadsTexts } from '../modules/downloads/locales';
import { downloadScreens } from '../modules/downloads/routes';
import { feedbackTexts } from '../modules/feedback/locales';
import { feedbackScreens } from '../modules/feedback/routes';
import { financeScreens } from '../modules/finance/routes';
import { homeTexts } from '../modules/home/locales';
import { homeScreens } from '../modules/home/routes';
import { mailTexts } from '../modules/mail/locales';
import { mailScreens } from '../modules/mail/routes';
import { messagesTexts } from '../modules/messages/locales';
import { messageScreens } from '../modules/messages/routes';
import { noticesTexts } from '../modules/notices/locales';
import { noticeScreens } from '../modules/notices/routes';
import { quotationTexts } from '../modules/quotation/locales';
import { quotationScreens } from '../modules/quotation/routes';
import { reportsTexts } from '../modules/reports/locales';
import { reportScreens } from '../modules/reports/routes';
import { channelTexts } from '../modules/srm/channels/locales';
import { channelScreens } from '../modules/srm/channels/routes';
import { srmTexts } from '../modules/srm/locales';
import { srmSupplierScreens } from '../modules/srm/routes';
import { systemTexts } from '../modules/system/locales';
import { systemScreens } from '../modules/system/routes';
import { trafficTexts } from '../modules/traffic/locales';
import { trafficScreens } from '../modules/traffic/routes';
import { bindNavigator } from '../platform/navigation';
import { type ScreenLoader, type ScreenMap, screensWithTexts } from '../platform/screens';
import { PageLoading } from '../platform/ui/PageLoading';
import { publicOnlyLoader, shellLoader } from './loaders';
import { RouteError } from './pages/RouteError';
import { RootRoute } from './RootRoute';

/**
 * Screens that exist, by registry path, each loading with its module's texts. Every other
 * registered route is the section's sub-app host.
 */
const SCREENS: ScreenMap = {
  ...screensWithTexts(homeTexts, homeScreens),
  ...screensWithTexts(systemTexts, systemScreens),
  ...screensWithTexts(messagesTexts, messageScreens),
  ...screensWithTexts(noticesTexts, noticeScreens),
  ...screensWithTexts(feedbackTexts, feedbackScreens),
  ...screensWithTexts(aiTexts, aiScreens),
  ...screensWithTexts(downloadsTexts, downloadScreens),
  ...screensWithTexts(approvalTexts, approvalScreens),
  ...screensWithTexts(mailTexts, mailScreens),
  ...screensWithTexts(crmTexts, crmScreens),
  ...screensWithTexts(srmTexts, srmSupplierScreens),
  ...screensWithTexts(channelTexts, channelScreens),
  ...screensWithTexts(quotationTexts, quotationScreens),
  ...screensWithTexts(trafficTexts, trafficScreens),
  ...screensWithTexts(reportsTexts, reportScreens),
  // finance texts travel as labels in the room (texts.ts): its accounts tab renders inside CRM pages
  ...financeScreens,
};

// Everything but the sign-in pages loads lazily: the sign-in page carries no shell code.
const notFound: ScreenLoader = async () => ({ Component: (await import('./pages/NotFoundPage')).NotFoundPage });
const subAppHost: ScreenLoader = async () => ({ Component: (await import('./subapp/SubAppHost')).SubAppHost });

/** Shell pages of the registry's public section. */
const SHELL_PAGES: ScreenMap = {
  '/refresh': async () => ({ Component: (await import('./pages/RefreshPage')).RefreshPage }),
  '/403': async () => ({ Component: (await import('../platform/ui/ForbiddenPage')).ForbiddenPage }),
  '/404': notFound,
};

/** Pages outside the shell (no session needed). */
const OUTSIDE = new Set(['/login', '/authorize']);

/** The router route of one registry route; its `handle` is the RouteMeta. */
export function routeObject(meta: RouteMeta, screens: ScreenMap = SCREENS): RouteObject {
  const base = { path: meta.path, handle: meta };
  if (meta.redirect) {
    const to = meta.redirect;
    // the loader redirects before anything renders (element null keeps React Router from warning)
    return { ...base, element: null, loader: ({ request }) => redirect(`${to}${new URL(request.url).search}`) };
  }
  // a registered screen with no component here, or an unknown subpath of a section (`/section/*`):
  // the section's embedded sub-application host
  return { ...base, lazy: screens[meta.path] ?? SHELL_PAGES[meta.path] ?? subAppHost };
}

const shellRoutes: RouteObject[] = routes.filter((r) => !OUTSIDE.has(r.path)).map((r) => routeObject(r));

const loginMeta = routes.find((r) => r.path === '/login');
const authorizeMeta = routes.find((r) => r.path === '/authorize');

export const router = createBrowserRouter([
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        path: '/login',
        loader: publicOnlyLoader,
        handle: loginMeta,
        lazy: async () => ({ Component: (await import('./pages/LoginPage')).LoginPage }),
      },
      {
        path: '/authorize',
        loader: publicOnlyLoader,
        handle: authorizeMeta,
        lazy: async () => ({ Component: (await import('./pages/AuthorizePage')).AuthorizePage }),
      },
      {
        id: 'shell',
        path: '/',
        loader: shellLoader,
        lazy: async () => ({ Component: (await import('./layout/ShellLayout')).ShellLayout }),
        children: [
          {
            // failed lazy screens (after a deploy) show inside the shell, not instead of it
            errorElement: <RouteError />,
            children: [...shellRoutes, { path: '*', lazy: notFound }],
          },
        ],
      },
    ],
  },
]);

bindNavigator((to, opts) => router.navigate(to, opts));
