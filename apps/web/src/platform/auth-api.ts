import {
  type ChangePasswordBody,
  CLIENT_ID,
  OAUTH_SCOPE,
  type ResourceNode,
  type TokenResponse,
  type UserInfo,
} from '@portal/contracts';
import { get, post } from './http';

/** Auth and user calls of spec 7 (paths of the server in apps/server). */
export interface CaptchaData {
  uuid: string;
  /** an SVG data: URL */
  img: string;
  required: boolean;
}

export interface LoginInput {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
}

export const authApi = {
  login: (input: LoginInput) =>
    post<TokenResponse>(
      '/auth/oauth/token',
      { grant_type: 'password', client_id: CLIENT_ID, scope: OAUTH_SCOPE, ...input },
      { auth: false },
    ),
  captcha: (username: string) => get<CaptchaData>('/dcode', { username }, { auth: false }),
  ssoUrl: (redirectPath: string) => get<{ url: string }>('/auth/oauth/ssoUrl', { redirectPath }, { auth: false }),
  dingAuth: (code: string, state: string) =>
    get<TokenResponse & { redirectPath: string }>(
      '/auth/oauth/dingAuth',
      { code, state },
      { auth: false, showMessage: false },
    ),
  logout: () => post<null>('/auth/oauth/logout', undefined, { showMessage: false }),
  userInfo: () => get<UserInfo>('/v2/sys/staff/overseas/getUserInfo', undefined, { showMessage: false }),
  menus: () =>
    get<ResourceNode[]>('/v2/sys/staff/overseas/getResourceByMenu', { mobileFlag: false }, { showMessage: false }),
  buttons: () =>
    get<ResourceNode[]>('/v2/sys/staff/overseas/getResourceByBtn', { mobileFlag: false }, { showMessage: false }),
  changePassword: (body: ChangePasswordBody) => post<null>('/v2/sys/staff/user/changePassword', body),
};
