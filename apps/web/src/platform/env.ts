/**
 * The deployment environment name. Cookie names carry it as a prefix (spec 9) so that
 * environments sharing a parent domain never read each other's cookies.
 */
export const APP_ENV: string =
  (typeof window !== 'undefined' ? window.__PORTAL_CONFIG__?.env : undefined) ??
  (import.meta.env.VITE_APP_ENV as string | undefined) ??
  (import.meta.env.PROD ? 'prod' : 'dev');

/** localStorage key of the gray-release flag; its value goes out as the deploy-version header. */
export const GRAY_FLAG_KEY = 'gray';
