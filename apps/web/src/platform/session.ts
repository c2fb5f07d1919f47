import type { Locale, TokenResponse } from '@portal/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { setCookie } from './cookies';
import { APP_ENV } from './env';
import { detectLocale } from './locale-detect';
import {
  initialSession,
  NO_TOKEN,
  type Platform,
  SESSION_VERSION,
  type StoredSession,
  sessionStorageKey,
  storedSession,
} from './session-record';
import { type TokenState, tokenStateFrom } from './token-policy';

export interface SessionState extends StoredSession {
  setToken: (res: TokenResponse) => void;
  /** Drop the credentials; keeps the user's locale and platform preferences. */
  clearToken: () => void;
  setLocale: (locale: Locale) => void;
  setPlatform: (platform: Platform) => void;
}

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

/** Spec 9: the platform preference cookie lives 365 days. */
export const PLATFORM_COOKIE_DAYS = 365;

export const SESSION_STORAGE_KEY = sessionStorageKey(APP_ENV);

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...initialSession(detectLocale(browserLanguages())),
      setToken: (res) => set(tokenStateFrom(res, Date.now()) satisfies TokenState),
      clearToken: () => set(NO_TOKEN),
      setLocale: (locale) => set({ locale }),
      setPlatform: (platform) => {
        setCookie('platform', platform, PLATFORM_COOKIE_DAYS);
        set({ platform });
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      version: SESSION_VERSION,
      partialize: (state) => storedSession(state),
    },
  ),
);

export const hasToken = (): boolean => useSession.getState().token !== null;
