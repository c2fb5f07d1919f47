import type { Locale } from '@portal/contracts';

/**
 * What the session store keeps across page loads (localStorage `<env>_session`), apart from the store
 * so that code outside the browser bundle reads the same definition: the browser tests put a signed-in
 * session there before the app boots (decision 0154). No imports of the web's own modules: the tests
 * load this file as it is.
 */

export type Platform = 'H5' | 'PC';

export interface StoredSession {
  tokenHead: string;
  token: string | null;
  refreshToken: string | null;
  /** epoch ms */
  expiresAt: number;
  /** ms */
  duration: number;
  locale: Locale;
  platform: Platform;
}

export const NO_TOKEN = {
  tokenHead: '',
  token: null,
  refreshToken: null,
  expiresAt: 0,
  duration: 0,
} as const satisfies Partial<StoredSession>;

/** A fresh store: no credentials, the locale of the browser's languages, the PC layout. */
export const initialSession = (locale: Locale): StoredSession => ({ ...NO_TOKEN, locale, platform: 'PC' });

export const sessionStorageKey = (env: string): string => `${env}_session`;

/** The persisted shape's version (zustand persist); a change of shape raises it and migrates. */
export const SESSION_VERSION = 0;

/** The persisted fields of the store's state. */
export const storedSession = ({
  tokenHead,
  token,
  refreshToken,
  expiresAt,
  duration,
  locale,
  platform,
}: StoredSession): StoredSession => ({ tokenHead, token, refreshToken, expiresAt, duration, locale, platform });
