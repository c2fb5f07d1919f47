import type { Locale, TokenResponse } from '@portal/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { setCookie } from './cookies';
import { APP_ENV } from './env';
import { detectLocale } from './locale-detect';
import { type TokenState, tokenStateFrom } from './token-policy';

export type Platform = 'H5' | 'PC';

export interface SessionState {
  tokenHead: string;
  token: string | null;
  refreshToken: string | null;
  /** epoch ms */
  expiresAt: number;
  /** ms */
  duration: number;
  locale: Locale;
  platform: Platform;
  setToken: (res: TokenResponse) => void;
  /** Drop the credentials; keeps the user's locale and platform preferences. */
  clearToken: () => void;
  setLocale: (locale: Locale) => void;
  setPlatform: (platform: Platform) => void;
}

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

const noToken = { tokenHead: '', token: null, refreshToken: null, expiresAt: 0, duration: 0 };

/** Spec 9: the platform preference cookie lives 365 days. */
export const PLATFORM_COOKIE_DAYS = 365;

export const SESSION_STORAGE_KEY = `${APP_ENV}_session`;

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...noToken,
      locale: detectLocale(browserLanguages()),
      platform: 'PC',
      setToken: (res) => set(tokenStateFrom(res, Date.now()) satisfies TokenState),
      clearToken: () => set(noToken),
      setLocale: (locale) => set({ locale }),
      setPlatform: (platform) => {
        setCookie('platform', platform, PLATFORM_COOKIE_DAYS);
        set({ platform });
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ tokenHead, token, refreshToken, expiresAt, duration, locale, platform }) => ({
        tokenHead,
        token,
        refreshToken,
        expiresAt,
        duration,
        locale,
        platform,
      }),
    },
  ),
);

export const hasToken = (): boolean => useSession.getState().token !== null;
