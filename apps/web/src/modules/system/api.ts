import type { PageResult, UserListQuery, UserRow } from '@portal/contracts';
import { post } from '../../platform/http';

export const userKeys = { list: ['system', 'users'] as const };

export const systemApi = {
  userPage: (query: Partial<UserListQuery>, signal?: AbortSignal) =>
    post<PageResult<UserRow>>('/v2/sys/staff/user/page', query, { signal }),
  setUserStatus: (id: number, status: UserRow['status']) =>
    post<null>('/v2/sys/staff/user/status', { id, status }, { checkRepeat: true }),
};
