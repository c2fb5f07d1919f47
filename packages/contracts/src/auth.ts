import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth-constants.js';
import { int32, text } from './validation/scalars.js';

export {
  CAPTCHA_AFTER_FAILURES,
  CLIENT_ID,
  DEPLOY_VERSION_HEADER,
  IDEMPOTENCE_HEADER,
  OAUTH_SCOPE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SERVER_NOW_HEADER,
  TOKEN_HEAD,
} from './auth-constants.js';

export const passwordGrant = z.object({
  grant_type: z.literal('password'),
  username: text().trim().min(1).max(64),
  password: text().min(1).max(PASSWORD_MAX),
  client_id: text().min(1).max(64),
  scope: text().min(1).max(64),
  /** captcha answer and the id returned by GET /dcode */
  code: text().max(16).optional(),
  uuid: text().uuid().optional(),
});
export type PasswordGrant = z.infer<typeof passwordGrant>;

export const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: text().min(16).max(256),
  client_id: text().min(1).max(64),
  scope: text().min(1).max(64),
});

export const tokenResponse = z.object({
  tokenHead: text(),
  token: text(),
  /** lifetime of the access token in seconds */
  expiresIn: int32(),
  refreshToken: text(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const captchaResponse = z.object({ uuid: text(), img: text(), required: z.boolean() });
export const captchaQuery = z.object({ username: text().max(64).optional() });

export const changePasswordBody = z.object({
  oldPassword: text().min(1).max(PASSWORD_MAX),
  newPassword: text().min(PASSWORD_MIN).max(PASSWORD_MAX),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const ssoUrlQuery = z.object({ redirectPath: text().max(2048).optional() });
export const ssoUrlResponse = z.object({ url: text() });
export const dingAuthQuery = z.object({
  code: text().min(1).max(2048),
  state: text().min(1).max(256),
  /** the `iss` the provider sent back with the code (RFC 9207); pass it through when present */
  iss: text().max(2048).optional(),
});
export const dingAuthResponse = tokenResponse.extend({ redirectPath: text() });

export const userInfo = z.object({
  avatar: text().nullable(),
  jobNumber: text(),
  name: text(),
  userId: int32(),
  staffId: text(),
  jobTime: text().nullable(),
  deptNames: z.array(text()),
  username: text(),
});
export type UserInfo = z.infer<typeof userInfo>;

export interface ResourceNode {
  id: number;
  name: string;
  nameEn: string;
  router: string | null;
  international: string;
  icon: string | null;
  webShowFlag: boolean;
  parentId: number | null;
  iframeName: string | null;
  children: ResourceNode[];
}
export const resourceNode: z.ZodType<ResourceNode> = z
  .lazy(() =>
    z.object({
      id: int32(),
      name: text(),
      nameEn: text(),
      router: text().nullable(),
      international: text(),
      icon: text().nullable(),
      webShowFlag: z.boolean(),
      parentId: int32().nullable(),
      iframeName: text().nullable(),
      children: z.array(resourceNode),
    }),
  )
  // a named component, so the recursion is a resolvable $ref in the OpenAPI document
  .meta({ id: 'ResourceNode' });
export const resourceQuery = z.object({ mobileFlag: z.enum(['true', 'false']).default('false') });

export const idempotenceKey = z.object({ key: text() });
