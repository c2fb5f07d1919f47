import type { Locale } from '@portal/contracts';
import { LOCALE_PREF_SCOPE, type PrefKey, type PrefSaveBody, type PrefValues } from '@portal/contracts/prefs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { get, post } from './http';
import { hasToken } from './session';

const BASE = '/v2/sys/staff/pref';
export const prefKeys = { scope: (scope: string) => ['prefs', scope] as const };

export const prefsApi = {
  get: (scope: string, signal?: AbortSignal) => get<PrefValues>(`${BASE}/get`, { scope }, { signal }),
  save: (body: PrefSaveBody) => post<null>(`${BASE}/save`, body),
  remove: (scope: string, key: PrefKey) => post<null>(`${BASE}/delete`, { scope, key }),
};

/**
 * Keeps the language the user switched to on the server (`ui.locale`): requests that name no
 * language (scripts, links opened elsewhere) are answered in it. Signed out there is no one to
 * keep it for; a failed save changes nothing on screen, so it stays quiet.
 */
export function saveLocalePref(locale: Locale): void {
  if (!hasToken()) return;
  void post<null>(
    `${BASE}/save`,
    { scope: LOCALE_PREF_SCOPE, key: 'ui.locale', value: locale } satisfies PrefSaveBody,
    {
      showMessage: false,
    },
  ).catch(() => undefined);
}

type ValueOf<K extends PrefKey> = Extract<PrefSaveBody, { key: K }>['value'];

/**
 * The signed-in user's preferences of one scope, kept on the server. A change shows at once
 * (the cached value is replaced) and is saved in the background; `undefined` drops the key.
 */
export function usePrefs(scope: string) {
  const queryClient = useQueryClient();
  const queryKey = prefKeys.scope(scope);
  const { data, isPending } = useQuery({
    queryKey,
    queryFn: ({ signal }) => prefsApi.get(scope, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const write = useMutation({
    // saves of one scope run one after another: two quick changes must reach the server in order
    scope: { id: `prefs:${scope}` },
    mutationFn: ({ key, value }: { key: PrefKey; value: unknown }) =>
      value === undefined ? prefsApi.remove(scope, key) : prefsApi.save({ scope, key, value } as PrefSaveBody),
    // a refused save (bad shape, full) is shown by the http client; the server's copy comes back
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
  const { mutate } = write;
  const set = useCallback(
    <K extends PrefKey>(key: K, value: ValueOf<K> | undefined) => {
      queryClient.setQueryData<PrefValues>(prefKeys.scope(scope), (old) => {
        const next = { ...old };
        if (value === undefined) delete next[key];
        else (next as Record<string, unknown>)[key] = value;
        return next;
      });
      mutate({ key, value });
    },
    [queryClient, mutate, scope],
  );
  return { prefs: data, loaded: !isPending, set };
}
