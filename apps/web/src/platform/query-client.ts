import { QueryClient } from '@tanstack/react-query';

/** The one TanStack Query client. Errors are already shown by the http error path, so no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
