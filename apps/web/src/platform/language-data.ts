import { authApi } from './auth-api';
import { queryClient } from './query-client';
import { useUser } from './user-store';

/**
 * Data comes in the caller's language (department and role names, messages, node names): after a
 * language switch every cached answer is refetched and the signed-in user's card is read again.
 */
export async function refetchInLanguage(): Promise<void> {
  void queryClient.invalidateQueries();
  if (!useUser.getState().user) return;
  const user = await authApi.userInfo();
  useUser.setState({ user });
}
